/**
 * The mistakes a newcomer makes (issue 32), each made for real against the sandbox or a loopback
 * port, and each answered with an error that says how to fix it: the assertions look for the fix in
 * the message, not only for the error's class.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ConfigurationError, createEvmClient, NetworkError, RequestValidationError } from "chainkit/evm";
import { createExchangeClient, createInfoClient, ExchangeError, privateKeySigner } from "chainkit/exchange";
import { createIndexerClient, GetMethodError, userFriendlyAddress } from "chainkit/indexer";
import { createPlatformClient, HttpError } from "chainkit/platform";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLoopbackServer } from "../support/loopback-server.js";

let sandbox: Sandbox;

beforeAll(async () => {
  // Testnet signatures: a client left on the default mainnet makes the wrong-network mistake.
  sandbox = await startSandbox({ seed: 32, nodeStartupMs: 0, exchangeNetwork: "testnet" });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

const token = () => sandbox.credentials.nodeToken;

/** The error a call rejects with (the test fails if it resolves). */
async function failureOf(call: () => Promise<unknown>): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error("the call succeeded");
}

/** A loopback port nothing listens on: a server's, closed again. */
async function closedPort(): Promise<string> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe("nothing listening at the URL (the sandbox stopped, a wrong port)", () => {
  it("says nothing answered at the origin, without the token, and what to check, for every HTTP client", async () => {
    const url = await closedPort();
    const credentials = { token: token() };
    const calls = {
      evm: () => createEvmClient({ url, credentials, retry: false }).eth_chainId(),
      wallet: () => createWalletClient({ url, credentials, retry: false }).getNowBlock(),
      indexer: () => createIndexerClient({ url, credentials, retry: false }).getMasterchainInfo(),
      platform: () =>
        createPlatformClient({
          baseUrl: url,
          apiKey: sandbox.credentials.apiKey,
          retry: false,
        }).getOrganization(),
      info: () => createInfoClient({ baseUrl: url, retry: false }).meta(),
    };
    for (const [surface, call] of Object.entries(calls)) {
      const error = await failureOf(call);
      expect(error, surface).toBeInstanceOf(NetworkError);
      expect(error.message, surface).toContain(`nothing answered at ${url} (connection refused)`);
      expect(error.message, surface).toContain("check that the service is running");
      expect(error.message, surface).not.toContain(token());
    }
  });
});

describe("an EVM client over HTTP asked for a subscription", () => {
  it('says subscriptions need transport: "websocket", before anything is sent', async () => {
    const evm = createEvmClient({ url: sandbox.urls.evm, credentials: { token: token() } });
    const before = sandbox.requestCount("evm");
    for (const call of [
      () => evm.eth_subscribe("newHeads"),
      () => evm.unvalidatedRequest("eth_subscribe", ["newHeads"]),
    ]) {
      const error = await failureOf(call);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.message).toContain('transport: "websocket"');
      expect(error.message).toContain('subscribe("newHeads")');
    }
    expect(sandbox.requestCount("evm")).toBe(before);
  });
});

describe("a URL that doubles the path the client adds", () => {
  it("refuses an EVM url that already holds /<token>/evm, naming the part to drop (token hidden)", () => {
    const make = () =>
      createEvmClient({ url: `${sandbox.urls.evm}/${token()}/evm`, credentials: { token: token() } });
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow("drop /***/evm");
    expect(make).not.toThrow(token());
  });

  it("says which part to drop when a 404 path repeats itself: a platform baseUrl ending in /v1", async () => {
    const platform = createPlatformClient({
      baseUrl: `${sandbox.urls.platform}/v1`,
      apiKey: sandbox.credentials.apiKey,
    });
    const error = await failureOf(() => platform.getOrganization());
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
    expect(error.message).toContain("The path repeats /v1");
    expect(error.message).toContain("drop /v1 from the end of the URL");
  });

  it("says which part to drop for an EVM url ending in /evm with basic auth", async () => {
    const { username, password } = sandbox.credentials;
    const evm = createEvmClient({ url: `${sandbox.urls.evm}/evm`, credentials: { username, password } });
    const error = await failureOf(() => evm.eth_chainId());
    expect(error.message).toContain("drop /evm from the end of the URL");
  });
});

describe("a block number passed as a JS number", () => {
  it("says it is a hex quantity and names toHex from chainkit/evm", async () => {
    const evm = createEvmClient({ url: sandbox.urls.evm, credentials: { token: token() } });
    const error = await failureOf(() => evm.eth_getBlockByNumber(1234 as unknown as "latest", false));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/params/0");
    expect(error.message).toContain("hex");
    expect(error.message).toContain('toHex(1234) from "chainkit/evm" makes "0x4d2"');
    const inFilter = await failureOf(() =>
      evm.eth_getLogs({ fromBlock: 5n as unknown as string, toBlock: "latest" }),
    );
    expect(inFilter.message).toContain("/params/0/fromBlock is the number 5n");
  });

  it("leaves a tag-only field's words alone: no quantity fits it", async () => {
    const evm = createEvmClient({ url: sandbox.urls.evm, credentials: { token: token() } });
    const [account] = sandbox.fixtures.evmAccounts;
    const error = await failureOf(() => evm.eth_getBalance(account as string, 5 as unknown as "latest"));
    expect(error.message).toContain("must be one of: latest, pending");
    expect(error.message).not.toContain("toHex");
  });
});

describe("an exchange action signed for the other network", () => {
  it("adds that the network the client signs for may not match the URL, and how to fix it", async () => {
    const exchange = createExchangeClient({
      baseUrl: sandbox.urls.exchange,
      signer: privateKeySigner(sandbox.credentials.exchangePrivateKey),
      network: "mainnet",
    });
    const error = await failureOf(() => exchange.scheduleCancel({ time: Date.now() + 60_000 }));
    expect(error).toBeInstanceOf(ExchangeError);
    expect(error.message).toMatch(/User or API Wallet 0x[0-9a-f]{40} does not exist/);
    expect(error.message).toContain('the client signs for mainnet (network: "mainnet")');
    expect(error.message).toContain('create the client with network: "testnet"');
  });
});

describe("a client pointed at another surface", () => {
  it("an info client at the EVM port: says the URL points at another service, not to add an API key", async () => {
    const error = await failureOf(() => createInfoClient({ baseUrl: sandbox.urls.evm }).meta());
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toContain("the spec asks for none for this call");
    expect(error.message).toContain("Check the client's URL");
    expect(error.message).not.toContain("give the client an API key");
  });

  it("names a JSON-RPC envelope and an HTML page as answers from elsewhere", async () => {
    const node = await startLoopbackServer(() => ({
      status: 400,
      body: { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } },
    }));
    const website = await startLoopbackServer(() => ({
      status: 404,
      headers: { "content-type": "text/html; charset=utf-8" },
      body: "<!doctype html><html><body>Not here</body></html>",
    }));
    try {
      const rpcAnswer = await failureOf(() => createInfoClient({ baseUrl: node.url }).meta());
      expect(rpcAnswer.message).toContain("The answer is a JSON-RPC envelope");
      const page = await failureOf(() =>
        createIndexerClient({ url: website.url, credentials: { token: token() } }).getMasterchainInfo(),
      );
      expect(page.message).toContain("The answer is an HTML page");
      expect(page.message).toContain("Check the client's URL");
    } finally {
      await node.close();
      await website.close();
    }
  });
});

describe("a get-method the contract does not have", () => {
  /** A wallet the indexer knows, as the indexer guide finds one. */
  async function knownWallet(indexer: ReturnType<typeof createIndexerClient>): Promise<string> {
    const page = await indexer.getJettonTransfers({ limit: 1 });
    const destination = page.jetton_transfers[0]?.destination;
    if (!destination) throw new Error("the sandbox indexer has no jetton transfers");
    return userFriendlyAddress(page, destination) ?? destination;
  }

  it("throws GetMethodError naming TVM's exit code 11 in words, instead of returning it as a result", async () => {
    const indexer = createIndexerClient({ url: sandbox.urls.indexer, credentials: { token: token() } });
    const wallet = await knownWallet(indexer);
    expect((await indexer.runGetMethod({ address: wallet, method: "seqno" })).exit_code).toBe(0);
    const error = await failureOf(() => indexer.runGetMethod({ address: wallet, method: "get_sekno" }));
    expect(error).toBeInstanceOf(GetMethodError);
    expect((error as GetMethodError).exitCode).toBe(11);
    expect(error.message).toContain("get-method get_sekno ended with TVM exit code 11");
    expect(error.message).toContain("has no get-method of that name");
  });

  it('returns the run when the client is made with getMethodExitCodes: "return"', async () => {
    const indexer = createIndexerClient({
      url: sandbox.urls.indexer,
      credentials: { token: token() },
      getMethodExitCodes: "return",
    });
    const wallet = await knownWallet(indexer);
    expect((await indexer.runGetMethod({ address: wallet, method: "get_sekno" })).exit_code).toBe(11);
  });
});
