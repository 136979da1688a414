import { inspect } from "node:util";
import { CallRevertedError, contract, createEvmClient, erc20 } from "chainkit/evm";
import {
  BroadcastError,
  createWalletClient,
  privateKeySigner,
  ResponseValidationError,
  TransactionFailedError,
} from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { startWalletNode, type WalletNode } from "../support/wallet-node.js";

// Issue 42, item 5: errors were scrubbed of the node token before the node's text was decoded, so a
// token the node sent hex-encoded (a TRON `resMessage`), ABI-encoded (an `Error(string)` revert) or in
// a refusal that repeats the request path at HTTP 200 came back in clear. Item 4: a receipt for
// another transaction was accepted by wallet.waitForTransaction. Item 14: JSON.stringify threw on
// an error holding bigints.

const TOKEN = "dec0ded-Secret-t0ken-77c1";
const TX_ID = "ab".repeat(32);
const OTHER_TX_ID = "cd".repeat(32);
/** A fee past 2^53 and below 2^63: exact only as a bigint. */
const BIG_FEE = 9_000_000_000_000_000_001n;

const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");
/** `Error(string)` revert data, as a Solidity `require` with that message returns it. */
function abiError(message: string): string {
  const bytes = Buffer.from(message, "utf8");
  const padded = Buffer.concat([bytes, Buffer.alloc((32 - (bytes.length % 32)) % 32)]);
  const word = (n: number) => n.toString(16).padStart(64, "0");
  return `0x08c379a0${word(32)}${word(bytes.length)}${padded.toString("hex")}`;
}

/** Everything a caller, a logger or a debugger can see of an error. */
function shown(error: unknown): string {
  return [String((error as Error).message), String((error as Error).stack), inspect(error, { depth: 10 })]
    .concat(JSON.stringify(error))
    .join("\n");
}

function json(response: import("node:http").ServerResponse, body: unknown): void {
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** An EVM node that reverts every call with an `Error(string)` holding the URL it was asked at. */
function revertingEvmNode() {
  return startHostileServer((request, response) => {
    const { id } = JSON.parse(request.text) as { id: number };
    json(response, {
      jsonrpc: "2.0",
      id,
      error: { code: 3, message: "execution reverted", data: abiError(`no access at ${request.url}`) },
    });
  });
}

describe("item 5: secrets the node sends encoded are scrubbed after decoding", () => {
  let walletNode: HostileServer;
  let evmNode: HostileServer;
  beforeAll(async () => {
    walletNode = await startHostileServer((request, response) => {
      // A failed receipt whose message is the request path, hex-encoded, as java-tron sends resMessage;
      // its fee is past 2^53, so it arrives as a bigint.
      const receipt = JSON.stringify({
        id: TX_ID,
        blockNumber: 7,
        fee: "FEE",
        receipt: { result: "REVERT" },
        resMessage: hex(`denied for ${request.url}`),
        contractResult: [""],
      });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(receipt.replace('"FEE"', BIG_FEE.toString()));
    });
    evmNode = await revertingEvmNode();
  });
  afterAll(async () => {
    await Promise.all([walletNode.close(), evmNode.close()]);
  });

  test("TransactionFailedError: a hex resMessage", async () => {
    const wallet = createWalletClient({ url: walletNode.url, credentials: { token: TOKEN }, retry: false });
    const error = await wallet.waitForTransaction(TX_ID, { timeout: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionFailedError);
    expect((error as TransactionFailedError).reason).toBe("denied for /***/wallet/gettransactioninfobyid");
    expect(shown(error)).not.toContain(TOKEN);
    // Item 14: a logger that serialises the error gets the fee exact, as a string.
    const written = JSON.parse(JSON.stringify(error)) as { name: string; info: { fee: string } };
    expect(written).toMatchObject({ name: "TransactionFailedError", info: { fee: BIG_FEE.toString() } });
  });

  test("CallRevertedError: an ABI-encoded Error(string), from contract() and erc20()", async () => {
    const evm = createEvmClient({
      url: evmNode.url,
      credentials: { token: TOKEN },
      retry: false,
      batch: false,
    });
    const token = `0x${"55".repeat(20)}` as const;
    const abi = [
      { type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
    ] as const;
    for (const read of [() => contract(evm, token, abi).read.name(), () => erc20(evm, token).decimals()]) {
      const error = await read().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CallRevertedError);
      // The revert data keeps its shape (the token's bytes are masked as `*` bytes), so it still decodes.
      expect((error as CallRevertedError).reason.message).toMatch(/^no access at \/\*{3,}\/evm$/);
      expect(shown(error)).not.toContain(TOKEN);
    }
  });
});

describe("item 5: a broadcast refusal at HTTP 200 that repeats the request path", () => {
  let node: WalletNode;
  let proxy: HostileServer;
  beforeAll(async () => {
    node = await startWalletNode();
    // Passes every request to a real (sandbox) wallet node, and refuses the broadcast itself.
    proxy = await startHostileServer(async (request, response) => {
      if (request.url.endsWith("/wallet/broadcasttransaction")) {
        return json(response, {
          result: false,
          code: "CONTRACT_VALIDATE_ERROR",
          message: `no route ${request.url} (${encodeURIComponent(request.url)})`,
        });
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

  test("BroadcastError: message, serviceMessage, details and JSON show no token", async () => {
    const wallet = createWalletClient({ url: proxy.url, credentials: { token: node.token } });
    const signer = privateKeySigner(node.surface.demo.privateKey);
    const to = privateKeySigner("31".repeat(32)).address;
    const error = await wallet.transfer({ to, amount: 1_000_000n }, signer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BroadcastError);
    expect((error as BroadcastError).serviceMessage).toBe(
      "no route /***/wallet/broadcasttransaction (%2F***%2Fwallet%2Fbroadcasttransaction)",
    );
    expect(shown(error)).not.toContain(node.token);
  });
});

describe("item 4: wallet.waitForTransaction and another transaction's receipt", () => {
  let node: HostileServer;
  beforeAll(async () => {
    node = await startHostileServer((_request, response) =>
      json(response, { id: OTHER_TX_ID, blockNumber: 7, fee: 1, receipt: { result: "SUCCESS" } }),
    );
  });
  afterAll(() => node.close());

  test("is refused, naming /id", async () => {
    const wallet = createWalletClient({ url: node.url, credentials: { token: TOKEN }, retry: false });
    const error = await wallet.waitForTransaction(`0x${TX_ID}`, { timeout: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.pointer).toBe("/id");
    expect((error as Error).message).toContain(OTHER_TX_ID);
  });
});

// Audit: the decoded text was scrubbed, but the encoded form the node sent stayed in the error (a
// TRON `resMessage` in `info`, the revert `data` of a JsonRpcError and of a CallRevertedError's
// cause): the token, hex-encoded, in lower or upper case.
describe("secrets the node sends hex-encoded are scrubbed in the encoded form too", () => {
  let walletNode: HostileServer;
  let evmNode: HostileServer;
  beforeAll(async () => {
    walletNode = await startHostileServer((request, response) => {
      json(response, {
        id: TX_ID,
        blockNumber: 7,
        fee: 1,
        receipt: { result: "REVERT" },
        resMessage: hex(`denied for ${request.url}`).toUpperCase(),
        contractResult: [abiError(`no access at ${request.url}`).slice(2)],
      });
    });
    evmNode = await revertingEvmNode();
  });
  afterAll(async () => {
    await Promise.all([walletNode.close(), evmNode.close()]);
  });
  const forms = [TOKEN, hex(TOKEN), hex(TOKEN).toUpperCase()];

  test("TransactionFailedError: info.resMessage and info.contractResult", async () => {
    const wallet = createWalletClient({ url: walletNode.url, credentials: { token: TOKEN }, retry: false });
    const error = await wallet.waitForTransaction(TX_ID, { timeout: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionFailedError);
    for (const form of forms) expect(shown(error).toLowerCase()).not.toContain(form.toLowerCase());
  });

  test("JsonRpcError data and CallRevertedError, whose reason still decodes", async () => {
    const evm = createEvmClient({
      url: evmNode.url,
      credentials: { token: TOKEN },
      retry: false,
      batch: false,
    });
    const token = `0x${"55".repeat(20)}` as const;
    const raw = await evm.eth_call({ to: token, input: "0x" }, "latest").catch((e: unknown) => e);
    const reverted = await erc20(evm, token)
      .decimals()
      .catch((e: unknown) => e);
    expect(reverted).toBeInstanceOf(CallRevertedError);
    expect((reverted as CallRevertedError).reason.message).toMatch(/^no access at \/\*{3,}\/evm$/);
    for (const error of [raw, reverted]) {
      for (const form of forms) expect(shown(error).toLowerCase()).not.toContain(form.toLowerCase());
    }
  });
});
