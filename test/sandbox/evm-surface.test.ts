import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { evmMethods } from "../../generated/evm/operations.js";
import { verifyBlockHash, verifyProof, verifyTransactionHash } from "../../src/evm/verify/index.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { createEvmSurface, type EvmSurface } from "../../src/sandbox/evm/evm-surface.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import { resultValidator } from "../support/spec-validators.js";

const secrets = { token: "evm-tok-8d1b", username: "evm-user", password: "evm-pass-42" };
const basic = `Basic ${Buffer.from(`${secrets.username}:${secrets.password}`).toString("base64")}`;
const UNKNOWN_HASH = `0x${"ab".repeat(32)}`;

let evm: EvmSurface;
let server: SurfaceServer;
beforeAll(async () => {
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add(secrets);
  evm = await createEvmSurface();
  server = await serveSurface({ name: "evm", auth: "node", handler: evm.handler, nodeAuth, jsonRpc: true });
});
afterAll(async () => {
  await server.close();
  await evm.close();
});

interface Answer {
  jsonrpc: "2.0";
  id: number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** Checks one JSON-RPC answer: the envelope, and a result against the method's result schema. */
async function checkAnswer(answer: Answer, method: string | undefined): Promise<void> {
  expect(answer.jsonrpc).toBe("2.0");
  expect("result" in answer !== "error" in answer).toBe(true);
  if (answer.error) {
    expect(Number.isInteger(answer.error.code)).toBe(true);
    expect(typeof answer.error.message).toBe("string");
  } else if (method && method in evmMethods) {
    const validate = await resultValidator(evmMethods[method as keyof typeof evmMethods]);
    expect(validate(answer.result), `${method}: ${JSON.stringify(validate.errors)}`).toBe(true);
  }
}

/** POSTs a body to /evm (token path by default) and returns the parsed answer. */
async function post(body: unknown, mode: "token" | "basic" = "token"): Promise<unknown> {
  const url = mode === "token" ? `${server.url}/${secrets.token}/evm` : `${server.url}/evm`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (mode === "basic") headers.authorization = basic;
  const response = await fetch(url, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return parseJson(await response.text());
}

let nextId = 1;
async function call(method: string, params: unknown[], mode: "token" | "basic" = "token"): Promise<Answer> {
  const id = nextId++;
  const answer = (await post({ jsonrpc: "2.0", method, params, id }, mode)) as Answer;
  expect(answer.id).toBe(id);
  await checkAnswer(answer, method);
  return answer;
}

async function result<T = Record<string, unknown>>(method: string, params: unknown[]): Promise<T> {
  const answer = await call(method, params);
  expect(answer.error).toBeUndefined();
  return answer.result as T;
}

describe("evm surface: the node", () => {
  test("answers the chain id 0x3e7 and a client version, with a token in the path or basic auth", async () => {
    expect(await result("eth_chainId", [])).toBe("0x3e7");
    expect((await call("eth_chainId", [], "basic")).result).toBe("0x3e7");
    expect(typeof (await result("web3_clientVersion", []))).toBe("string");
  });

  test("refuses requests without credentials, other paths and other verbs", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", method: "eth_chainId", params: [], id: 1 });
    expect((await fetch(`${server.url}/evm`, { method: "POST", body })).status).toBe(401);
    expect((await fetch(`${server.url}/${secrets.token}/rpc`, { method: "POST", body })).status).toBe(404);
    expect((await fetch(`${server.url}/${secrets.token}/evm`)).status).toBe(405);
  });

  test("EIP-1559 transactions pay only the base fee", async () => {
    const { transactionHash, blockHash } = await evm.fund(evm.accounts[1] as string, 12345n);
    const tx = await result("eth_getTransactionByHash", [transactionHash]);
    const block = await result("eth_getBlockByHash", [blockHash, false]);
    expect(tx).toMatchObject({ type: "0x2", maxPriorityFeePerGas: "0x0", chainId: "0x3e7", value: "0x3039" });
    expect(tx.gasPrice).toBe(block.baseFeePerGas);
    expect(verifyTransactionHash(tx as never)).toBe(transactionHash);
  });
});

describe("evm surface: JSON-RPC envelope", () => {
  test("a batch is answered call by call, ids echoed, errors next to results", async () => {
    const answers = (await post([
      { jsonrpc: "2.0", method: "eth_blockNumber", params: [], id: 7 },
      { jsonrpc: "2.0", method: "eth_sendTransaction", params: [{}], id: 8 },
      { jsonrpc: "2.0", method: "eth_getBlockByNumber", params: ["latest"], id: 9 },
      { jsonrpc: "2.0", method: "eth_chainId", params: [], id: 10 },
      { jsonrpc: "1.0", method: "eth_chainId", params: [], id: 11 },
    ])) as Answer[];
    expect(answers.map((answer) => answer.id)).toEqual([7, 8, 9, 10, 11]);
    const methods = ["eth_blockNumber", undefined, undefined, "eth_chainId", undefined];
    for (const [i, answer] of answers.entries()) await checkAnswer(answer, methods[i]);
    expect(answers[0]?.result).toMatch(/^0x[0-9a-f]+$/);
    expect(answers[1]?.error?.code).toBe(-32601);
    expect(answers[2]?.error).toMatchObject({
      code: -32602,
      data: expect.stringMatching(/^fullTransactionObjects \(params\[1\]\) is required/),
    });
    expect(answers[3]?.result).toBe("0x3e7");
    expect(answers[4]?.error?.code).toBe(-32600);
  });
});

describe("evm surface: eth_getProof", () => {
  test("a latest proof verifies against the latest block's state root", async () => {
    const account = evm.accounts[0] as string;
    const answers = (await post([
      { jsonrpc: "2.0", method: "eth_getProof", params: [account, [], "latest"], id: 1 },
      { jsonrpc: "2.0", method: "eth_getBlockByNumber", params: ["latest", false], id: 2 },
    ])) as Answer[];
    for (const [i, answer] of answers.entries()) {
      await checkAnswer(answer, ["eth_getProof", "eth_getBlockByNumber"][i]);
    }
    const [proof, block] = answers.map((answer) => answer.result as Record<string, string>);
    const verified = verifyProof(proof as never, (block as Record<string, string>).stateRoot as string);
    expect(verified.balance).toBe(BigInt((proof as Record<string, string>).balance as string));
  });

  test("any block but latest or pending is refused with -32602 and a clear message", async () => {
    for (const block of ["0x1", "earliest", "safe", 1]) {
      const answer = await call("eth_getProof", [evm.accounts[0], [], block]);
      expect(answer.error?.code).toBe(-32602);
      expect(answer.error?.message).toMatch(/only the latest block is supported/);
    }
    const latest = await result("eth_getProof", [evm.accounts[0], [], "latest"]);
    expect(await result("eth_getProof", [evm.accounts[0], [], "pending"])).toEqual(latest);
    expect(await result("eth_getProof", [evm.accounts[0], []])).toEqual(latest);
    const badAddress = await call("eth_getProof", ["0x1234", [], "latest"]);
    expect(badAddress.error).toMatchObject({
      code: -32602,
      data: expect.stringMatching(/^address \(params\[0\]\)/),
    });
  });
});

describe("evm surface: blocks and headers", () => {
  test("eth_getBlockByHash answers null for an unknown or malformed hash", async () => {
    expect((await call("eth_getBlockByHash", [UNKNOWN_HASH, false])).result).toBeNull();
    for (const malformed of ["0x1234", "0xzz", `0x${"ab".repeat(33)}`, "latest"]) {
      expect(await call("eth_getBlockByHash", [malformed, true])).toMatchObject({ result: null });
    }
    expect((await call("eth_getBlockByHash", [UNKNOWN_HASH, "yes"])).error?.code).toBe(-32602);
  });

  test("ots_getHeaderByNumber is the chain's header: same fields, zero nonce, hash recomputes", async () => {
    const latest = Number.parseInt(await result<string>("eth_blockNumber", []), 16);
    for (let number = 0; number <= latest; number++) {
      const header = await result("ots_getHeaderByNumber", [number]);
      const block = await result("eth_getBlockByNumber", [`0x${number.toString(16)}`, false]);
      const { transactions, uncles, withdrawals, size, ...blockHeader } = block;
      expect(header).toEqual({ ...blockHeader, nonce: "0x0000000000000000" });
      expect(verifyBlockHash(header as never)).toBe(block.hash);
    }
    expect((await call("ots_getHeaderByNumber", [latest + 100])).result).toBeNull();
    expect((await call("ots_getHeaderByNumber", ["0x1"])).error).toMatchObject({
      code: -32602,
      data: expect.stringMatching(/^blockNumber \(params\[0\]\)/),
    });
  });
});

describe("evm surface: system transactions", () => {
  test("are hidden from /evm blocks and returned by eth_getSystemTxsByBlockHash with hashes that verify", async () => {
    const receiver = evm.accounts[2] as string;
    const sent = await evm.sendTransaction({
      to: receiver,
      value: 1n,
      systemTransfers: [
        { kind: "native", to: receiver, value: 3n * 10n ** 18n },
        { kind: "token", tokenIndex: 200, to: receiver, amount: 77n },
        { kind: "token", tokenIndex: 7, to: receiver, amount: 2n ** 70n },
      ],
    });
    const system = await result<Record<string, string>[]>("eth_getSystemTxsByBlockHash", [sent.blockHash]);
    expect(system).toHaveLength(3);
    expect(system.map((tx) => tx.from)).toEqual([
      "0x2222222222222222222222222222222222222222",
      "0x20000000000000000000000000000000000000c8",
      "0x2000000000000000000000000000000000000007",
    ]);
    for (const tx of system) {
      expect(tx).toMatchObject({ type: "0x0", gasPrice: "0x0", blockHash: sent.blockHash, chainId: "0x3e7" });
      expect(verifyTransactionHash(tx as never)).toBe(tx.hash);
      expect(await result("eth_getTransactionByHash", [tx.hash])).toEqual(tx);
    }
    expect(system[1]?.input).toBe(
      `0xa9059cbb${receiver.slice(2).padStart(64, "0")}${(77).toString(16).padStart(64, "0")}`,
    );

    const withHashes = await result("eth_getBlockByHash", [sent.blockHash, false]);
    const withObjects = await result("eth_getBlockByHash", [sent.blockHash, true]);
    expect(withHashes.transactions).toEqual([sent.transactionHash]);
    expect((withObjects.transactions as { hash: string }[]).map((tx) => tx.hash)).toEqual([
      sent.transactionHash,
    ]);
  });

  test("a block without system transfers answers [], an unknown block null; the demo block has both kinds", async () => {
    const empty = await evm.mine();
    expect(await result("eth_getSystemTxsByBlockHash", [empty.blockHash])).toEqual([]);
    expect((await call("eth_getSystemTxsByBlockHash", [UNKNOWN_HASH])).result).toBeNull();
    const demo = await result("eth_getBlockByNumber", ["0x1", false]);
    const demoSystem = await result<{ from: string }[]>("eth_getSystemTxsByBlockHash", [demo.hash]);
    expect(demoSystem.map((tx) => tx.from)).toEqual([
      "0x2222222222222222222222222222222222222222",
      "0x20000000000000000000000000000000000000c8",
    ]);
  });
});
