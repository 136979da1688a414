import { inspect } from "node:util";
import {
  ConfigurationError,
  createEvmClient,
  type EvmClient,
  HttpError,
  JsonRpcError,
  RequestValidationError,
  verifyBlockHash,
  verifyProof,
  verifyTransactionHash,
  verifyTransactionsRoot,
} from "chainkit/evm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EvmNode, startEvmNode } from "../support/evm-node.js";

const UNKNOWN_HASH = `0x${"ab".repeat(32)}`;

let node: EvmNode;
let tokenClient: EvmClient;
let basicClient: EvmClient;

/** Sends 1 wei between two ganache accounts and returns the transaction hash. */
async function sendTransfer(): Promise<string> {
  return (await node.provider.request({
    method: "eth_sendTransaction",
    params: [{ from: node.accounts[0], to: node.accounts[1], value: "0x1" }],
  })) as string;
}

/** The requests this test made to the proxy since `from`. */
const requestsSince = (from: number) => node.requests.slice(from);

beforeAll(async () => {
  node = await startEvmNode();
  tokenClient = createEvmClient({ url: node.url, credentials: { token: node.token } });
  basicClient = createEvmClient({
    url: node.url,
    credentials: { username: node.username, password: node.password },
  });
});
afterAll(() => node?.close());

describe("credentials", () => {
  it("puts the token in the path before /evm", async () => {
    const before = node.requests.length;
    expect(await tokenClient.web3_clientVersion()).toMatch(/^Ganache/);
    const [sent] = requestsSince(before);
    expect(sent?.path).toBe(`/${node.token}/evm`);
    expect(sent?.headers.authorization).toBeUndefined();
  });

  it("sends basic auth to /evm", async () => {
    const before = node.requests.length;
    expect(await basicClient.web3_clientVersion()).toMatch(/^Ganache/);
    const [sent] = requestsSince(before);
    expect(sent?.path).toBe("/evm");
    expect(sent?.headers.authorization).toMatch(/^Basic /);
  });

  it("honours another path, such as none for a plain node", async () => {
    const plain = await startEvmNode({ path: "" });
    try {
      const client = createEvmClient({ url: plain.url, credentials: { token: plain.token }, path: "" });
      expect(await client.eth_chainId()).toBe("0x3e7");
      expect(plain.requests.at(-1)?.path).toBe(`/${plain.token}`);
    } finally {
      await plain.close();
    }
  });

  it("reports a refused token as HTTP 401 without showing it", async () => {
    const secret = "wrong-token-3f9e1b";
    const client = createEvmClient({ url: node.url, credentials: { token: secret }, retry: false });
    const error = await client.web3_clientVersion().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(`${(error as Error).message} ${inspect(error, { depth: 5 })}`).not.toContain(secret);
    expect((error as HttpError).url).toContain("/***/evm");
  });

  it("refuses a bearer key and plain http to a remote host at construction", () => {
    expect(() => createEvmClient({ url: node.url, credentials: { apiKey: "k" } as never })).toThrowError(
      ConfigurationError,
    );
    expect(() =>
      createEvmClient({ url: "http://node.example.com", credentials: { token: node.token } }),
    ).toThrowError(ConfigurationError);
  });

  it("shows neither token nor password when the client is inspected or serialised", () => {
    for (const client of [tokenClient, basicClient]) {
      const shown = `${inspect(client, { depth: 10, showHidden: true })} ${JSON.stringify(client)}`;
      for (const secret of [node.token, node.password]) expect(shown).not.toContain(secret);
    }
  });
});

describe("methods against ganache, responses validated", () => {
  it("eth_getBlockByHash with hashes and with full transactions, and null when unknown", async () => {
    const txHash = await sendTransfer();
    const mined = await tokenClient.eth_getTransactionByHash(txHash);
    expect(mined?.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
    const blockHash = mined?.blockHash as string;

    const withHashes = await tokenClient.eth_getBlockByHash(blockHash, false);
    expect(withHashes?.hash).toBe(blockHash);
    expect(withHashes?.transactions).toEqual([txHash]);

    const full = await basicClient.eth_getBlockByHash(blockHash, true);
    expect(full?.hash).toBe(blockHash);
    const [tx] = (full?.transactions ?? []) as { hash: string }[];
    expect(tx?.hash).toBe(txHash);

    expect(verifyBlockHash(full as never)).toBe(blockHash);
    expect(verifyTransactionsRoot(full as never).transactionsRoot).toBe(full?.transactionsRoot);
    expect(await tokenClient.eth_getBlockByHash(UNKNOWN_HASH, false)).toBeNull();
  });

  it("eth_getTransactionByHash: mined, pending, and null when unknown", async () => {
    const minedHash = await sendTransfer();
    const mined = await tokenClient.eth_getTransactionByHash(minedHash);
    expect(mined?.hash).toBe(minedHash);
    expect(mined?.blockNumber).toMatch(/^0x[0-9a-f]+$/);
    expect(verifyTransactionHash(mined as never)).toBe(minedHash);

    await node.provider.request({ method: "miner_stop", params: [] });
    try {
      const pendingHash = await sendTransfer();
      const pending = await tokenClient.eth_getTransactionByHash(pendingHash);
      expect(pending?.hash).toBe(pendingHash);
      expect(pending?.blockHash).toBeNull();
      expect(pending?.blockNumber).toBeNull();
    } finally {
      await node.provider.request({ method: "miner_start", params: [] });
    }

    expect(await tokenClient.eth_getTransactionByHash(UNKNOWN_HASH)).toBeNull();
  });

  it("eth_getProof answers a proof that verifies against the latest state root", async () => {
    await sendTransfer();
    const [account] = node.accounts;
    const slot = `0x${"00".repeat(32)}`;
    const proof = await tokenClient.eth_getProof(account as string, [slot], "latest");
    const latest = await tokenClient.eth_getBlockByNumber("latest", false);
    const verified = verifyProof(proof, latest?.stateRoot as string);
    expect(verified.address).toBe(account?.toLowerCase());
    expect(verified.nonce).toBeGreaterThan(0n);
  });

  it("getVerifiedProof fetches and verifies an account in one batch", async () => {
    const before = node.requests.length;
    const [, receiver] = node.accounts;
    const result = await basicClient.getVerifiedProof(receiver as string, ["0x0"]);
    expect(result.proof.address).toBe(receiver?.toLowerCase());
    expect(result.proof.balance).toBeGreaterThan(0n);
    expect(result.blockHash).toBe(result.header.hash);
    const sent = requestsSince(before);
    expect(sent).toHaveLength(1);
    expect(Array.isArray(sent[0]?.json)).toBe(true);
  });

  it("request() is typed by the method map and refuses names outside the spec", async () => {
    expect(await tokenClient.request("web3_clientVersion", [])).toMatch(/^Ganache/);
    expect(await tokenClient.request("eth_getBlockByHash", [UNKNOWN_HASH, true])).toBeNull();
    await expect(tokenClient.request("eth_sign" as never, [] as never)).rejects.toThrowError(
      RequestValidationError,
    );
  });

  it("checks params before sending, naming the parameter", async () => {
    const before = node.requests.length;
    const error = await tokenClient.eth_getBlockByHash("0x1234", false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toMatch(/^\/params\/0/);
    expect(node.requests.length).toBe(before);
  });
});

describe("batches", () => {
  it("sends an explicit batch as one request and answers each entry on its own", async () => {
    const before = node.requests.length;
    const outcomes = await tokenClient.batch([
      { method: "web3_clientVersion", params: [] },
      { method: "eth_chainId", params: [] },
      { method: "eth_getBlockByHash", params: [UNKNOWN_HASH, false] },
      { method: "eth_getSystemTxsByBlockHash", params: [UNKNOWN_HASH] },
    ] as const);
    const sent = requestsSince(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.json).toHaveLength(4);

    const [version, chainId, block, systemTxs] = outcomes;
    expect("result" in version && version.result).toMatch(/^Ganache/);
    expect("result" in chainId && chainId.result).toBe("0x3e7");
    expect(block).toEqual({ result: null });
    // ganache has no HyperEVM system transactions: that entry fails alone.
    expect("error" in systemTxs && systemTxs.error).toBeInstanceOf(JsonRpcError);
  });

  it("batches calls made in the same tick automatically", async () => {
    const before = node.requests.length;
    const [version, chainId, block] = await Promise.all([
      tokenClient.web3_clientVersion(),
      tokenClient.eth_chainId(),
      tokenClient.eth_getBlockByHash(UNKNOWN_HASH, true),
    ]);
    expect(version).toMatch(/^Ganache/);
    expect(chainId).toBe("0x3e7");
    expect(block).toBeNull();
    const sent = requestsSince(before);
    expect(sent).toHaveLength(1);
    const methods = ((sent[0]?.json ?? []) as { method: string }[]).map((entry) => entry.method);
    expect(methods).toEqual(["web3_clientVersion", "eth_chainId", "eth_getBlockByHash"]);
  });

  it("sends each call alone when automatic batching is off", async () => {
    const client = createEvmClient({
      url: node.url,
      credentials: { token: node.token },
      batch: false,
    });
    const before = node.requests.length;
    await Promise.all([client.web3_clientVersion(), client.eth_chainId()]);
    const sent = requestsSince(before);
    expect(sent).toHaveLength(2);
    expect(sent.every((request) => !Array.isArray(request.json))).toBe(true);
  });
});

describe("transport options", () => {
  it("retries a read refused with -32005 inside HTTP 200, then answers", async () => {
    let refusals = 1;
    const limited = await startEvmNode({
      intercept: () => {
        if (refusals === 0) return undefined;
        refusals--;
        return {
          body: {
            jsonrpc: "2.0",
            id: null,
            error: { code: -32005, message: "rate limited", data: { try_again_in: "1ms" } },
          },
        };
      },
    });
    try {
      const client = createEvmClient({ url: limited.url, credentials: { token: limited.token } });
      expect(await client.eth_chainId()).toBe("0x3e7");
      expect(limited.requests).toHaveLength(2);
      expect(client.usage().requests).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it("sends through an injected fetch", async () => {
    const seen: string[] = [];
    const client = createEvmClient({
      url: node.url,
      credentials: { token: node.token },
      fetch: (input, init) => {
        seen.push(input);
        return fetch(input, init);
      },
    });
    await client.eth_chainId();
    expect(seen).toEqual([`${node.url}/${node.token}/evm`]);
  });

  it("checks the budget, retry, timeout, validation and batch options on the first call, before anything is sent", async () => {
    const base = { url: node.url, credentials: { token: node.token } };
    const malformed = [
      { option: "usage.budget", options: { budget: { intervalMs: 0 } } },
      { option: "retry.retries", options: { retry: { retries: 1.5 } } },
      { option: "timeout", options: { timeout: -1 } },
      { option: "onViolation", options: { validation: "report" as const } },
      { option: "batch.maxSize", options: { batch: { maxSize: 0 } } },
    ];
    const from = node.requests.length;
    for (const { option, options } of malformed) {
      // The constructor loads none of their checks: an app downloads them with its first call.
      const client = createEvmClient({ ...base, ...options });
      await expect(client.eth_chainId()).rejects.toMatchObject({ name: "ConfigurationError", option });
      // Not kept as a half-built client: every call says the same until the options are fixed.
      await expect(client.eth_blockNumber()).rejects.toMatchObject({ name: "ConfigurationError", option });
    }
    expect(requestsSince(from)).toEqual([]);
  });

  it("still refuses a malformed maxResponseBytes at construction, with the URL and the credentials", () => {
    for (const maxResponseBytes of [0, 1.5, -1]) {
      expect(() =>
        createEvmClient({ url: node.url, credentials: { token: node.token }, maxResponseBytes }),
      ).toThrow(expect.objectContaining({ name: "ConfigurationError", option: "maxResponseBytes" }));
    }
  });
});

describe("usage", () => {
  it("counts one request per HTTP exchange, a batch once", async () => {
    const client = createEvmClient({ url: node.url, credentials: { token: node.token } });
    expect(client.usage().requests).toBe(0);
    await client.web3_clientVersion();
    await Promise.all([client.eth_chainId(), client.eth_blockNumber()]);
    await client.batch([
      { method: "eth_chainId", params: [] },
      { method: "eth_blockNumber", params: [] },
    ]);
    expect(client.usage().requests).toBe(3);
  });
});
