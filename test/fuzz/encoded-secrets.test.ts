import { inspect } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract, createEvmClient } from "../../src/evm.js";
import { ChainkitError } from "../../src/runtime/errors/chainkit-error.js";
import { createWalletClient, privateKeySigner } from "../../src/wallet.js";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";
import { FuzzTally, fuzzParameters } from "./support/fuzz-config.js";

// Issue 42, item 5: hostile answers that carry the node token in encoded forms (hex, an ABI
// Error(string), URL-encoded, base64) through the write paths' decoders: failed receipts, reverted
// calls, broadcast refusals. Counted: secrets shown in any error must stay 0.

const TOKEN = "fuzz-Enc0ded-t0ken-91d3";
const tally = new FuzzTally();

/** The token as a hostile node might write it into its text before encoding that text. */
const tokenForm = fc.constantFrom(
  TOKEN,
  encodeURIComponent(`/${TOKEN}/`),
  Buffer.from(TOKEN).toString("base64"),
  JSON.stringify(TOKEN).slice(1, -1),
);
/** Text around the token: what the node's message says besides it. */
const carrier = fc
  .record({ before: fc.string({ maxLength: 20 }), form: tokenForm, after: fc.string({ maxLength: 20 }) })
  .map(({ before, form, after }) => `${before}${form}${after}`);

const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");
function abiError(message: string): string {
  const bytes = Buffer.from(message, "utf8");
  const padded = Buffer.concat([bytes, Buffer.alloc((32 - (bytes.length % 32)) % 32)]);
  const word = (n: number) => n.toString(16).padStart(64, "0");
  return `0x08c379a0${word(32)}${word(bytes.length)}${padded.toString("hex")}`;
}

/** Calls, counts the outcome, and counts (and fails on) the token shown in an error. */
async function expectNoSecret(label: string, call: () => Promise<unknown>): Promise<void> {
  tally.count(label, "answers tried");
  try {
    await call();
    tally.count(label, "values");
  } catch (error) {
    if (!(error instanceof ChainkitError)) throw error;
    tally.count(label, "typed errors");
    const shown = `${error.message}\n${error.stack}\n${inspect(error, { depth: 8 })}\n${JSON.stringify(error)}`;
    const leaked = shown.includes(TOKEN);
    tally.count(label, "secrets shown", leaked ? 1 : 0);
    expect(leaked, shown.slice(0, 400)).toBe(false);
  }
}

let said = "";
let walletNode: HostileServer;
let evmNode: HostileServer;
beforeAll(async () => {
  walletNode = await startHostileServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: "ab".repeat(32),
        blockNumber: 7,
        receipt: { result: "REVERT" },
        resMessage: hex(said),
        contractResult: [said.length % 2 === 0 ? abiError(said).slice(2) : ""],
      }),
    );
  });
  evmNode = await startHostileServer((request, response) => {
    const { id } = JSON.parse(request.text) as { id: number };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        jsonrpc: "2.0",
        id,
        error: { code: 3, message: "execution reverted", data: abiError(said) },
      }),
    );
  });
});
afterAll(async () => {
  console.log(tally.summary("Encoded secrets fuzz"));
  await Promise.all([walletNode.close(), evmNode.close()]);
});

describe("answers carrying the token in encoded forms", () => {
  it("failed TRON receipts (hex resMessage, ABI contractResult)", async () => {
    const wallet = createWalletClient({ url: walletNode.url, credentials: { token: TOKEN }, retry: false });
    await fc.assert(
      fc.asyncProperty(carrier, async (text) => {
        said = text;
        await expectNoSecret("wallet waitForTransaction", () =>
          wallet.waitForTransaction("ab".repeat(32), { timeout: 5_000 }),
        );
      }),
      fuzzParameters(),
    );
  });

  it("reverted EVM calls (ABI Error(string))", async () => {
    const evm = createEvmClient({
      url: evmNode.url,
      credentials: { token: TOKEN },
      retry: false,
      batch: false,
    });
    const abi = [
      { type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
    ] as const;
    const token = contract(evm, `0x${"55".repeat(20)}`, abi);
    await fc.assert(
      fc.asyncProperty(carrier, async (text) => {
        said = text;
        await expectNoSecret("evm contract read", () => token.read.name());
      }),
      fuzzParameters(),
    );
  });

  describe("TRON broadcast refusals at HTTP 200", () => {
    let node: WalletNode;
    let proxy: HostileServer;
    beforeAll(async () => {
      node = await startWalletNode();
      proxy = await startHostileServer(async (request, response) => {
        if (request.url.endsWith("/wallet/broadcasttransaction")) {
          response.writeHead(200, { "content-type": "application/json" });
          return void response.end(
            JSON.stringify({
              result: false,
              code: "OTHER_ERROR",
              message: said.replaceAll(TOKEN, node.token),
            }),
          );
        }
        const answer = await fetch(`${node.url}${request.url}`, {
          method: request.method,
          headers: { "content-type": "application/json" },
          body: request.method === "GET" ? undefined : request.text,
        });
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(await answer.text());
      });
    });
    afterAll(async () => {
      await proxy.close();
      await node.close();
    });

    it("never show the node's token", async () => {
      const wallet = createWalletClient({ url: proxy.url, credentials: { token: node.token } });
      const signer = privateKeySigner(node.surface.demo.privateKey);
      const to = privateKeySigner("31".repeat(32)).address;
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 20 }),
          fc.string({ maxLength: 20 }),
          async (before, after) => {
            said = `${before}/${TOKEN}/wallet/broadcasttransaction${after}`;
            tally.count("wallet transfer broadcast", "answers tried");
            const error = await wallet.transfer({ to, amount: 1_000_000n }, signer).catch((e: unknown) => e);
            expect(error).toBeInstanceOf(ChainkitError);
            const shown = `${(error as Error).message}\n${inspect(error, { depth: 8 })}\n${JSON.stringify(error)}`;
            const leaked = shown.includes(node.token);
            tally.count("wallet transfer broadcast", "secrets shown", leaked ? 1 : 0);
            expect(leaked).toBe(false);
          },
        ),
        fuzzParameters(),
      );
    });
  });
});
