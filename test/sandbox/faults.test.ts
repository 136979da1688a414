import { createEvmClient } from "chainkit/evm";
import { createExchangeClient } from "chainkit/exchange";
import { createIndexerClient } from "chainkit/indexer";
import { ChainkitError, createPlatformClient, HttpError, NetworkError } from "chainkit/platform";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SURFACES } from "../../scripts/generate/surfaces.js";

/** Retries quick enough for tests; the sandbox sends `Retry-After: 0` and `try_again_in: 1ms`. */
const FAST_RETRY = { retries: 8, baseDelay: 1, maxDelay: 20 };

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ nodeStartupMs: 0 });
});

afterEach(() => {
  for (const { name } of SURFACES) sandbox.setFaults(name, {});
});

afterAll(async () => {
  await sandbox?.close();
});

const node = { token: () => sandbox.credentials.nodeToken };

function platformClient(retry: typeof FAST_RETRY | false = FAST_RETRY) {
  return createPlatformClient({ baseUrl: sandbox.urls.platform, apiKey: sandbox.credentials.apiKey, retry });
}

// By network id (ethereum-mainnet in the sandbox's default project), so no network lookup is sent and
// the request counts below are createNode's alone.
const createBody = (name: string) => ({
  name,
  network: "NW-100-001-1",
  type: "dedicated" as const,
  role: "peer" as const,
  provider: "gcloud" as const,
  region: "asia-southeast1" as const,
  configuration: { archive: false },
});

describe("fault injection: retries recover safe calls", () => {
  it("platform GETs ride out 503s and 429s", async () => {
    sandbox.setFaults("platform", { serverError: 0.3, rateLimit: 0.2, seed: 11 });
    const platform = platformClient();
    const before = sandbox.requestCount("platform");
    for (let i = 0; i < 20; i++) expect((await platform.getOrganization()).id).toMatch(/^RG-/);
    // Some answers were faults, so more requests arrived than calls were made.
    expect(sandbox.requestCount("platform") - before).toBeGreaterThan(20);
  });

  it("EVM reads ride out -32005 with try_again_in, dropped connections and 503s", async () => {
    sandbox.setFaults("evm", { rpcRateLimit: 0.3, drop: 0.1, serverError: 0.1, seed: 5 });
    const evm = createEvmClient({
      url: sandbox.urls.evm,
      credentials: { token: node.token() },
      retry: FAST_RETRY,
    });
    const before = sandbox.requestCount("evm");
    for (let i = 0; i < 20; i++) expect(await evm.eth_chainId()).toBe("0x3e7");
    expect(sandbox.requestCount("evm") - before).toBeGreaterThan(20);
  });

  it("wallet and indexer queries ride out 429s and 503s", async () => {
    sandbox.setFaults("wallet", { rateLimit: 0.4, seed: 3 });
    sandbox.setFaults("indexer", { serverError: 0.4, seed: 4 });
    const credentials = { username: sandbox.credentials.username, password: sandbox.credentials.password };
    const wallet = createWalletClient({ url: sandbox.urls.wallet, credentials, retry: FAST_RETRY });
    const indexer = createIndexerClient({ url: sandbox.urls.indexer, credentials, retry: FAST_RETRY });
    for (let i = 0; i < 10; i++) {
      expect((await wallet.getAssetIssueListByName({ value: "SEED" })).assetIssue).toHaveLength(2);
      expect((await indexer.getActions({ limit: 5 })).actions).toHaveLength(5);
    }
  });

  it("a batchModify is resent as the very same signed body and applied once", async () => {
    sandbox.setFaults("exchange", { serverError: 0.5, seed: 2 });
    const sent: string[] = [];
    const exchange = createExchangeClient({
      baseUrl: sandbox.urls.exchange,
      privateKey: sandbox.credentials.exchangePrivateKey,
      network: "mainnet",
      retry: FAST_RETRY,
      fetch: (input, init) => {
        // The client also reads the asset rules from /info once; only the signed bodies count here.
        if (String(input).endsWith("/exchange")) sent.push(String(init?.body));
        return fetch(input, init);
      },
    });
    let oid = sandbox.fixtures.restingOids[2] as number;
    const before = sandbox.requestCount("exchange");
    for (let i = 0; i < 8; i++) {
      sent.length = 0;
      const price = String(64_000 + i);
      const { statuses } = await exchange.batchModify([
        { oid, order: { a: 0, b: false, p: price, s: "0.02", r: false, t: { limit: { tif: "Alo" } } } },
      ]);
      // Applied exactly once: a second application would have failed on the replaced oid.
      expect(statuses).toHaveLength(1);
      expect(new Set(sent).size, "every resend carries the same nonce and signature").toBe(1);
      oid = (statuses[0] as { resting: { oid: number } }).resting.oid;
    }
    expect(sandbox.requestCount("exchange") - before).toBeGreaterThan(8);
  });
});

describe("fault injection: unsafe calls are not repeated", () => {
  it("createNode is sent once on a 503, once on a dropped connection, and creates nothing", async () => {
    const platform = platformClient();
    const reader = platformClient(false);
    const nodesBefore = (await reader.listNodes({ name: "not repeated" })).count;

    sandbox.setFaults("platform", { serverError: 1 });
    let before = sandbox.requestCount("platform");
    const refused = platform.createNode(createBody("not repeated"));
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 503 });
    expect(sandbox.requestCount("platform") - before).toBe(1);

    sandbox.setFaults("platform", { drop: 1 });
    before = sandbox.requestCount("platform");
    await expect(platform.createNode(createBody("not repeated"))).rejects.toBeInstanceOf(NetworkError);
    expect(sandbox.requestCount("platform") - before).toBe(1);

    sandbox.setFaults("platform", {});
    expect((await reader.listNodes({ name: "not repeated" })).count).toBe(nodesBefore);
  });

  it("a malformed answer to a safe call ends in a typed error, not a hang", async () => {
    sandbox.setFaults("platform", { malformed: 1 });
    const platform = platformClient({ retries: 2, baseDelay: 1, maxDelay: 5 });
    await expect(platform.getOrganization()).rejects.toBeInstanceOf(ChainkitError);
  });
});
