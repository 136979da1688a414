/**
 * OpenRPC method names that are not identifiers (`blob.Get`, `token-address-create`, `get block`)
 * get made-up identifiers for their functions and types, by the rule of made-up operationIds, while
 * the name on the wire stays the spec's.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import type { JsonObject } from "../../scripts/generate/json.js";
import { readOpenRpcMethods } from "../../scripts/generate/openrpc-model.js";
import { repoRoot, scratchRoot } from "./support.js";

function method(name: string): JsonObject {
  return { name, params: [], result: { name: "out", schema: { type: "string" } } };
}

describe("method identifiers", () => {
  it("keeps identifiers, camel-cases the rest, numbers clashes, and says which it made up", () => {
    const doc: JsonObject = {
      openrpc: "1.3.2",
      info: { title: "t", version: "1" },
      methods: [
        method("eth.getBlock"),
        method("eth-getBlock"),
        method("ethGetBlock"),
        method("wallet_switch-chain"),
        method("get block"),
        method("status"),
        method("rpc.discover"),
      ],
      // `status`'s types would be StatusParams and StatusResult: the second is a component's name.
      components: { schemas: { StatusResult: { type: "object" } } },
    };
    const notes: string[] = [];
    const methods = readOpenRpcMethods("t.json", doc, { skip: false, note: (line) => notes.push(line) });
    expect(methods.map((entry) => [entry.name, entry.id])).toEqual([
      // `ethGetBlock` is the spec's own name of a later method: the made-up ones never take it.
      ["eth.getBlock", "ethGetBlock2"],
      ["eth-getBlock", "ethGetBlock3"],
      ["ethGetBlock", "ethGetBlock"],
      ["wallet_switch-chain", "walletSwitchChain"],
      ["get block", "getBlock"],
      ["status", "status2"],
      ["rpc.discover", "rpcDiscover"],
    ]);
    expect(notes).toEqual([
      't.json#/methods/0: method "eth.getBlock": named ethGetBlock2',
      't.json#/methods/1: method "eth-getBlock": named ethGetBlock3',
      't.json#/methods/3: method "wallet_switch-chain": named walletSwitchChain',
      't.json#/methods/4: method "get block": named getBlock',
      't.json#/methods/5: method "status": named status2',
      't.json#/methods/6: method "rpc.discover": named rpcDiscover',
    ]);
  });
});

describe("a generated client calls a dashed method by its wire name", () => {
  let scratch: Awaited<ReturnType<typeof scratchRoot>>;
  const seen: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const call = JSON.parse(body) as { id: number; method: string };
      seen.push(call.method);
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id: call.id,
          result: { url: "acme/tokens", tokenURL: "acme/ACME" },
        }),
      );
    });
  });

  beforeAll(async () => {
    scratch = await scratchRoot();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
  });

  afterAll(async () => {
    server.close();
    await scratch.remove();
  });

  it("tokenAddressCreate sends token-address-create", async () => {
    const out = join(scratch.root, "accumulate");
    const { factory } = await generateClient({
      spec: join(repoRoot, "test/fixtures/spec-corpus/accumulate-openrpc.pattern-fixed.json"),
      out,
      name: "accumulate",
      runtime: join(repoRoot, "src/runtime.js"),
    });
    const generated = (await import(pathToFileURL(join(out, "index.ts")).href)) as Record<
      string,
      (options: { url: string; batch: false }) => Record<string, (...args: unknown[]) => Promise<unknown>>
    >;
    const { port } = server.address() as AddressInfo;
    const client = generated[factory]?.({ url: `http://127.0.0.1:${port}`, batch: false });
    const sponsor = { url: "acme", publicKey: "ab" };
    const created = await client?.tokenAddressCreate?.(
      { url: "acme/tokens", tokenURL: "acme/ACME" },
      sponsor,
      1,
      "00ff",
    );
    expect(created).toEqual({ url: "acme/tokens", tokenURL: "acme/ACME" });
    expect(seen).toEqual(["token-address-create"]);
    // The made-up name's params are checked before sending, like any other's.
    await expect(client?.tokenAddressCreate?.({}, sponsor, 1, "not hex")).rejects.toThrow(/\/3/);
    expect(seen).toEqual(["token-address-create"]);
  });
});
