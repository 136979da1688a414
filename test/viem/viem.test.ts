import { inspect } from "node:util";
import { ChainkitError, HttpError, JsonRpcError, RequestValidationError } from "chainkit/evm";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { chainkitActions, chainkitTransport } from "chainkit/viem";
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  parseAbi,
  parseEther,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOG_CONTRACT_INIT_CODE, PING_TOPIC } from "../verify/log-contract.js";

// viem's own public and wallet clients on chainkitTransport, against the sandbox (its chain behind
// HyperEVM's rules): reads, a contract, logs, a transaction signed here and sent raw, its receipt,
// and chainkitActions. Every request crosses a real socket with the sandbox's credentials.

const KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"; // test-only, funded by the sandbox
const account = privateKeyToAccount(KEY);
const ANSWER_ABI = parseAbi(["function answer() view returns (uint256)"]);

let sandbox: Sandbox;
let contract: `0x${string}`;

function clients(credentials: { token: string } | { username: string; password: string }) {
  const chain = defineChain({
    id: sandbox.evm.chainId,
    name: "chainkit sandbox",
    nativeCurrency: { name: "HYPE", symbol: "HYPE", decimals: 18 },
    rpcUrls: { default: { http: [sandbox.urls.evm] } },
  });
  const transport = chainkitTransport({ url: sandbox.urls.evm, credentials });
  return {
    transport,
    publicClient: createPublicClient({ chain, transport }).extend(chainkitActions),
    walletClient: createWalletClient({ account, chain, transport }),
  };
}

const secrets = () => [sandbox.credentials.nodeToken, sandbox.credentials.password];

/** The chainkit error viem wrapped, and a check that nothing shown about the failure holds a secret. */
function unwrap(error: unknown): ChainkitError {
  expect(error).toBeInstanceOf(BaseError);
  const shown = [
    String(error),
    inspect(error, { depth: 8 }),
    JSON.stringify(error),
    (error as Error).stack ?? "",
  ];
  for (const secret of secrets()) for (const text of shown) expect(text).not.toContain(secret);
  const cause = (error as BaseError).walk((e) => e instanceof ChainkitError);
  expect(cause).toBeInstanceOf(ChainkitError);
  return cause as ChainkitError;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  await sandbox.evm.fund(account.address, parseEther("10"));
  const { walletClient, publicClient } = clients({ token: sandbox.credentials.nodeToken });
  const hash = await walletClient.sendTransaction({ data: LOG_CONTRACT_INIT_CODE as `0x${string}` });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  contract = receipt.contractAddress as `0x${string}`;
});

afterAll(async () => {
  await sandbox?.close();
});

describe("viem's clients on chainkitTransport against the sandbox", () => {
  it("reads the block number, chain id and balance (token in the path, and basic auth)", async () => {
    for (const credentials of [
      { token: sandbox.credentials.nodeToken },
      { username: sandbox.credentials.username, password: sandbox.credentials.password },
    ]) {
      const { publicClient } = clients(credentials);
      expect(await publicClient.getBlockNumber({ cacheTime: 0 })).toBeGreaterThan(0n);
      expect(await publicClient.getChainId()).toBe(sandbox.evm.chainId);
      expect(await publicClient.getBalance({ address: account.address })).toBeGreaterThan(parseEther("9"));
    }
  });

  it("reads a contract, sends a locally signed transaction, waits for its receipt and finds its logs", async () => {
    const { publicClient, walletClient } = clients({ token: sandbox.credentials.nodeToken });
    expect(
      await publicClient.readContract({ address: contract, abi: ANSWER_ABI, functionName: "answer" }),
    ).toBe(42n);

    const before = await publicClient.getBlockNumber({ cacheTime: 0 });
    const hash = await walletClient.sendTransaction({ to: contract, data: "0xc0ffee" });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("success");
    expect(receipt.from).toBe(account.address.toLowerCase());
    expect(receipt.logs.map((log) => log.topics.length)).toEqual([2, 0]);

    const logs = await publicClient.getLogs({
      address: contract,
      fromBlock: before,
      toBlock: receipt.blockNumber,
    });
    const ping = logs.find((log) => log.transactionHash === hash && log.topics[0] === PING_TOPIC);
    expect(ping?.data).toBe("0xc0ffee");
    expect(ping?.topics[1]).toBe(`0x${account.address.slice(2).toLowerCase().padStart(64, "0")}`);
  });

  it("sends the calls of one tick as one HTTP request", async () => {
    const { publicClient } = clients({ token: sandbox.credentials.nodeToken });
    await publicClient.getChainId(); // warm: viem asks nothing else first
    const before = sandbox.requestCount("evm");
    const [balance, code, chainId] = await Promise.all([
      publicClient.getBalance({ address: account.address }),
      publicClient.getCode({ address: contract }),
      publicClient.getChainId(),
    ]);
    expect(balance).toBeGreaterThan(0n);
    expect(code?.length).toBeGreaterThan(2);
    expect(chainId).toBe(sandbox.evm.chainId);
    expect(sandbox.requestCount("evm") - before).toBe(1);
  });
});

describe("chainkitActions", () => {
  it("getVerifiedReceipt returns the verified receipt, formatted by viem; null for an unknown hash", async () => {
    const { publicClient, walletClient } = clients({ token: sandbox.credentials.nodeToken });
    const hash = await walletClient.sendTransaction({ to: contract, data: "0x01" });
    const mined = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const verified = await publicClient.getVerifiedReceipt({ hash });
    expect(verified?.receipt).toEqual(mined);
    expect(verified?.blockHash).toBe(mined.blockHash);
    expect(verified?.blockNumber).toBe(mined.blockNumber);
    expect(await publicClient.getVerifiedReceipt({ hash: `0x${"ab".repeat(32)}` as Hash })).toBeNull();
  });

  it("getVerifiedProof proves the account's balance at the head", async () => {
    const { publicClient } = clients({ token: sandbox.credentials.nodeToken });
    const { proof, blockNumber } = await publicClient.getVerifiedProof({ address: account.address });
    expect(proof.balance).toBe(await publicClient.getBalance({ address: account.address }));
    expect(blockNumber).toBeGreaterThan(0n);
  });

  it("getSystemTransactions asks by hash and by number", async () => {
    const { publicClient } = clients({ token: sandbox.credentials.nodeToken });
    const block = await publicClient.getBlock();
    const byHash = await publicClient.getSystemTransactions({ blockHash: block.hash as Hash });
    const byNumber = await publicClient.getSystemTransactions({ blockNumber: block.number as bigint });
    expect(byNumber).toEqual(byHash);
    expect(Array.isArray(byHash)).toBe(true);
  });
});

describe("errors keep chainkit's types and never show a secret", () => {
  it("wrong credentials: an HttpError inside viem's error", async () => {
    const { publicClient } = clients({ token: `${sandbox.credentials.nodeToken.slice(0, -4)}beef` });
    const error = await publicClient.getChainId().catch((e: unknown) => e);
    expect(unwrap(error)).toBeInstanceOf(HttpError);
    const basic = clients({ username: sandbox.credentials.username, password: "not-the-password-123" });
    expect(unwrap(await basic.publicClient.getChainId().catch((e: unknown) => e))).toBeInstanceOf(HttpError);
  });

  it("params the spec refuses: a RequestValidationError naming the field, and nothing sent", async () => {
    const { publicClient } = clients({ token: sandbox.credentials.nodeToken });
    const before = sandbox.requestCount("evm");
    const error = await publicClient
      .request({ method: "eth_getBalance", params: ["0x1234" as `0x${string}`, "latest"] })
      .catch((e: unknown) => e);
    const cause = unwrap(error);
    expect(cause).toBeInstanceOf(RequestValidationError);
    expect((cause as RequestValidationError).field).toMatch(/^\/params\/0/);
    expect(sandbox.requestCount("evm")).toBe(before);
  });

  it("a method outside the spec goes out unvalidated and its JSON-RPC error comes back typed", async () => {
    const { publicClient } = clients({ token: sandbox.credentials.nodeToken });
    const before = sandbox.requestCount("evm");
    const error = await publicClient
      .request({ method: "debug_nothingHere" as "eth_chainId", params: [1, "x"] as never })
      .catch((e: unknown) => e);
    const cause = unwrap(error);
    expect(cause).toBeInstanceOf(JsonRpcError);
    expect((cause as JsonRpcError).code).toBe(-32601);
    expect(sandbox.requestCount("evm") - before).toBe(1);
  });

  it("retries reads through 503s (and listed methods outside the spec), sends a raw transaction once", async () => {
    const { publicClient, walletClient } = clients({ token: sandbox.credentials.nodeToken });
    const request = await walletClient.prepareTransactionRequest({ to: contract, data: "0x02" });
    const signed = await walletClient.signTransaction(request);
    try {
      sandbox.setFaults("evm", { serverError: 1 });
      let before = sandbox.requestCount("evm");
      const error = await publicClient
        .sendRawTransaction({ serializedTransaction: signed })
        .catch((e: unknown) => e);
      expect(unwrap(error)).toBeInstanceOf(HttpError);
      expect(sandbox.requestCount("evm") - before).toBe(1);

      // A method outside the spec is sent once, unless the transport is told it only reads.
      const reads = chainkitTransport({
        url: sandbox.urls.evm,
        credentials: { token: sandbox.credentials.nodeToken },
        idempotentMethods: ["debug_readSomething"],
        retry: { retries: 2, baseDelay: 1 },
      });
      for (const [transport, expected] of [
        [clients({ token: sandbox.credentials.nodeToken }).transport, 1],
        [reads, 3],
      ] as const) {
        const client = createPublicClient({ transport });
        before = sandbox.requestCount("evm");
        await client.request({ method: "debug_readSomething" as "eth_chainId" }).catch(() => undefined);
        expect(sandbox.requestCount("evm") - before).toBe(expected);
      }

      sandbox.setFaults("evm", { serverError: 0.5, seed: 7 });
      before = sandbox.requestCount("evm");
      for (let i = 0; i < 4; i++) expect(await publicClient.getChainId()).toBe(sandbox.evm.chainId);
      expect(sandbox.requestCount("evm") - before).toBeGreaterThan(4);
    } finally {
      sandbox.setFaults("evm", {});
    }
  });
});
