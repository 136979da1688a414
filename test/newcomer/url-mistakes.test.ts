/**
 * Issue 46: a client given another surface's URL, or a node id that does not exist, against the
 * sandbox over real sockets: each answer says which way to go.
 */
import { createIndexerClient } from "chainkit/indexer";
import { createPlatformClient, HttpError } from "chainkit/platform";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 46, nodeStartupMs: 0 });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

async function failureOf(call: () => Promise<unknown>): Promise<HttpError> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error("the call succeeded");
}

describe("a platform client pointed at a node's port", () => {
  it("says the URL is a node API, not the platform, instead of blaming the API key", async () => {
    const platform = createPlatformClient({
      baseUrl: sandbox.urls.wallet,
      apiKey: sandbox.credentials.apiKey,
      retry: false,
    });
    const error = await failureOf(() => platform.getOrganization());
    expect(error.status).toBe(401);
    expect(error.hint).toContain("this URL is a node API (nodes refuse bearer API keys), not the platform");
    expect(error.message).toContain("Give createPlatformClient the platform API's base URL");
    expect(error.message).not.toContain("check it (and that it was not revoked)");
    expect(error.message).not.toContain(String(sandbox.credentials.apiKey));
  });

  it("still blames the key when the platform itself refuses it", async () => {
    const platform = createPlatformClient({
      baseUrl: sandbox.urls.platform,
      apiKey: "sbx-wrong-key-0000",
      retry: false,
    });
    const error = await failureOf(() => platform.getOrganization());
    expect(error.hint).toContain("refused the API key");
  });
});

describe("getNode with an id no node has", () => {
  it("says to list the nodes, and what an id looks like", async () => {
    const platform = createPlatformClient({
      baseUrl: sandbox.urls.platform,
      apiKey: sandbox.credentials.apiKey,
    });
    const unknown = await failureOf(() => platform.getNode("ND-999-999-999"));
    expect(unknown.status).toBe(404);
    expect(unknown.hint).toContain('No node has the id "ND-999-999-999" (/path/id) in this organization');
    expect(unknown.hint).toContain("list your nodes with platform.nodes()");
    const network = await failureOf(() => platform.getNode("NW-123-456-789"));
    expect(network.hint).toContain("node ids look like ND-123-456-789 (NW-… is a network, PR-… a project)");
  });
});

describe("the wallet and indexer clients given each other's URL", () => {
  it("answer with a 404 naming the surface the URL belongs to", async () => {
    const credentials = { token: sandbox.credentials.nodeToken };
    const wallet = createWalletClient({ url: sandbox.urls.indexer, credentials, retry: false });
    const onIndexer = await failureOf(() => wallet.getNowBlock());
    expect(onIndexer.status).toBe(404);
    expect(onIndexer.message).toContain("this URL is the sandbox's TON indexer (/api/v3/…)");
    expect(onIndexer.message).toContain("give the client that surface's URL from sandbox.urls");

    const indexer = createIndexerClient({ url: sandbox.urls.wallet, credentials, retry: false });
    const onWallet = await failureOf(() => indexer.getMasterchainInfo());
    expect(onWallet.status).toBe(404);
    expect(onWallet.message).toContain("this URL is the sandbox's TRON wallet node");
    expect(onWallet.message).not.toContain(String(sandbox.credentials.nodeToken));
  });
});
