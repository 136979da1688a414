import { afterEach, describe, expect, it } from "vitest";
import { ResponseValidationError } from "../../src/runtime/errors/response-validation-error.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import { answeredId } from "../../src/runtime/json-rpc/read-rpc-response.js";
import { blockNumber } from "./support/descriptors.js";
import { type Answer, type SeenRequest, startServer, type TestServer } from "./support/http-server.js";

// The client sends integer ids; servers echo them as numbers or as their decimal strings.

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A node that answers every call with the block number, echoing each id through `echo`. */
async function nodeEchoing(echo: (id: number) => unknown): Promise<TestServer> {
  server = await startServer((request: SeenRequest): Answer => {
    const body = JSON.parse(request.body) as { id: number } | { id: number }[];
    const reply = (call: { id: number }) => ({ jsonrpc: "2.0", id: echo(call.id), result: "0x2a" });
    return { body: Array.isArray(body) ? body.map(reply).reverse() : reply(body) };
  });
  return server;
}

describe("JSON-RPC answer ids", () => {
  it("reads an id echoed as the number or as exactly its decimal string", () => {
    expect(answeredId(7)).toBe(7);
    expect(answeredId("7")).toBe(7);
    expect(answeredId("0")).toBe(0);
    for (const other of [
      "07",
      "0x7",
      " 7",
      "7 ",
      "+7",
      "7.0",
      "",
      7.5,
      null,
      undefined,
      "99999999999999999",
    ]) {
      expect(answeredId(other), JSON.stringify(other)).toBeUndefined();
    }
  });

  it("accepts a single answer whose id is the string form of the id sent", async () => {
    const s = await nodeEchoing((id) => String(id));
    const rpc = createJsonRpcClient({ url: s.url, batch: false });
    expect(await rpc.call(blockNumber, [])).toBe("0x2a");
    expect(await rpc.call(blockNumber, [])).toBe("0x2a");
    expect(s.requests.map((request) => JSON.parse(request.body).id)).toEqual([1, 2]);
  });

  it("matches a batch answered with string ids, in any order", async () => {
    const s = await nodeEchoing((id) => String(id));
    const rpc = createJsonRpcClient({ url: s.url });
    const outcomes = await rpc.batch([
      { method: blockNumber, params: [] },
      { method: blockNumber, params: [] },
    ]);
    expect(outcomes).toEqual([{ result: "0x2a" }, { result: "0x2a" }]);
  });

  it("refuses an answer whose id is another form of the number", async () => {
    for (const echo of [(id: number) => `0${id}`, (id: number) => `0x${id.toString(16)}`]) {
      const s = await nodeEchoing(echo);
      const error = await createJsonRpcClient({ url: s.url })
        .call(blockNumber, [])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]?.pointer).toBe("/id");
      await s.close();
      server = undefined;
    }
  });
});
