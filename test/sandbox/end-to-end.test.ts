import { createEvmClient, verifyProof } from "chainkit/evm";
import { createExchangeClient, createInfoClient, ExchangeError } from "chainkit/exchange";
import { createIndexerClient } from "chainkit/indexer";
import {
  createPlatformClient,
  HttpError,
  type NodeAccess,
  NodeFailedError,
  nodeAccess,
  RequestValidationError,
} from "chainkit/platform";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let sandbox: Sandbox;
let platform: ReturnType<typeof createPlatformClient>;

beforeAll(async () => {
  sandbox = await startSandbox({ nodeStartupMs: 0 });
  platform = createPlatformClient({ baseUrl: sandbox.urls.platform, apiKey: sandbox.credentials.apiKey });
});

afterAll(async () => {
  await sandbox?.close();
});

/** Creates a node through the platform client and waits until it runs. */
async function runningNode(name: string, network: string) {
  const created = await platform.createNode({
    name,
    network,
    type: "dedicated",
    role: "peer",
    provider: "aws",
    region: "us-east-1",
    configuration: {},
  });
  expect(created.status).toBe("pending");
  const node = await platform.waitForNode(created.id, { until: "running", timeout: 30_000 });
  return node;
}

describe("end to end through the public clients", () => {
  it("creates an EVM node, reaches it with nodeAccess, and verifies an eth_getProof against the head", async () => {
    const organization = await platform.getOrganization();
    expect(organization.id).toMatch(/^RG-/);

    const node = await runningNode("e2e hyperevm", "hyperliquid-mainnet");
    const access: NodeAccess = nodeAccess(node);
    expect(access.url).toBe(sandbox.urls.evm);
    expect(JSON.stringify(access)).not.toContain(node.details?.auth_key?.reveal() as string);

    const evm = createEvmClient(access);
    expect(await evm.eth_chainId()).toBe("0x3e7");
    const account = sandbox.fixtures.evmAccounts[0] as string;
    const [block, proof] = await Promise.all([
      evm.eth_getBlockByNumber("latest", false),
      evm.request("eth_getProof", [account, [], "latest"]),
    ]);
    const verified = verifyProof(proof, (block as { stateRoot: string }).stateRoot);
    expect(verified.exists).toBe(true);
    expect(verified.balance).toBeGreaterThan(0n);
    expect(verified.nonce).toBeGreaterThan(0n);

    // Basic auth from the same node works too.
    const basic = createEvmClient(nodeAccess(node, { prefer: "basic" }));
    expect(await basic.eth_blockNumber()).toBe((block as { number: string }).number);

    // Deleting the node revokes its credentials at once.
    await platform.deleteNode(node.id);
    await expect(evm.eth_chainId()).rejects.toBeInstanceOf(HttpError);
    await expect(evm.eth_chainId()).rejects.toMatchObject({ status: 401 });
  });

  it("creates a TRON node and searches assets by plain and hex name", async () => {
    const node = await runningNode("e2e tron", "tron-mainnet");
    const wallet = createWalletClient(nodeAccess(node, { prefer: "basic" }));
    const seed = await wallet.getAssetIssueListByName({ value: "SEED", visible: true });
    expect(seed.assetIssue.map((asset) => asset.name)).toEqual(["SEED", "SEED"]);
    const hex = await wallet.getAssetIssueListByName({
      value: Buffer.from("TRN").toString("hex"),
      visible: false,
    });
    expect(hex.assetIssue).toHaveLength(2);
    const none = await wallet.getAssetIssueListByName({ value: "NO-SUCH-TOKEN", visible: true });
    expect(none.assetIssue).toEqual([]);
  });

  it("creates a TON node and pages through every action of an account", async () => {
    const node = await runningNode("e2e ton", "ton-mainnet");
    const indexer = createIndexerClient(nodeAccess(node));
    const firstPage = await indexer.getActions({ limit: 1 });
    const account = firstPage.actions[0]?.accounts?.[0] ?? Object.keys(firstPage.address_book)[0];
    expect(account).toBeDefined();

    const all = await indexer.getActions({ account: account as string, limit: 1000 });
    const paged: string[] = [];
    for await (const action of indexer.actions({ account: account as string }, { pageSize: 3 })) {
      paged.push(action.action_id as string);
    }
    expect(paged.length).toBe(all.actions.length);
    expect(paged).toEqual(all.actions.map((action) => action.action_id));
    expect(new Set(paged).size).toBe(paged.length);
  });

  it("signs a batchModify that rests, modifies, fills and partly fails", async () => {
    const exchange = createExchangeClient({
      baseUrl: sandbox.urls.exchange,
      privateKey: sandbox.credentials.exchangePrivateKey,
      network: "mainnet",
    });
    const [btcBid, ethAsk] = sandbox.fixtures.restingOids as [number, number, number];
    const book = await createInfoClient({ baseUrl: sandbox.urls.exchange }).l2Book("ETH");
    const bestBid = book.levels[0][0]?.px;
    const { statuses } = await exchange.batchModify([
      { oid: btcBid, order: { a: 0, b: true, p: 56_000, s: "0.01", r: false, t: { limit: { tif: "Gtc" } } } },
      { oid: 999, order: { a: 0, b: true, p: "56000", s: "0.01", r: false, t: { limit: { tif: "Gtc" } } } },
      {
        oid: ethAsk,
        order: { a: 1, b: false, p: "2950.5", s: "0.5", r: false, t: { limit: { tif: "Ioc" } } },
      },
    ]);
    expect(statuses).toHaveLength(3);
    const rested = statuses[0] as { resting: { oid: number } };
    expect(rested.resting.oid).not.toBe(btcBid);
    expect(statuses[1]).toEqual({ error: "Cannot modify canceled or filled order" });
    // The Ioc sell fills against the best bid of the sandbox's seeded book.
    expect(statuses[2]).toMatchObject({ filled: { totalSz: "0.5", avgPx: bestBid } });

    // The new order can be modified again; the replaced one cannot.
    const again = await exchange.batchModify([
      {
        oid: rested.resting.oid,
        order: { a: 0, b: true, p: "57000", s: "0.01", r: false, t: { limit: { tif: "Gtc" } } },
      },
      {
        oid: btcBid,
        order: { a: 0, b: true, p: "57000", s: "0.01", r: false, t: { limit: { tif: "Gtc" } } },
      },
    ]);
    expect(again.statuses[0]).toHaveProperty("resting");
    expect(again.statuses[1]).toEqual({ error: "Cannot modify canceled or filled order" });

    // A key the exchange does not know is refused as a whole.
    const stranger = createExchangeClient({
      baseUrl: sandbox.urls.exchange,
      privateKey: `0x${"22".repeat(32)}`,
      network: "mainnet",
    });
    const refused = stranger.batchModify([
      // Worth $100: above the $10 minimum, so the refusal is the exchange's own.
      { oid: 1, order: { a: 0, b: true, p: "100", s: "1", r: false, t: { limit: { tif: "Gtc" } } } },
    ]);
    await expect(refused).rejects.toBeInstanceOf(ExchangeError);
    await expect(refused).rejects.toMatchObject({
      serviceMessage: expect.stringMatching(/does not exist\.$/),
    });
  });

  it("enforces the create rules and reports a failing node through waitForNode", async () => {
    const shared = platform.createNode({
      name: "shared tron",
      network: "tron-mainnet",
      type: "shared",
      role: "peer",
      provider: "aws",
      region: "us-east-1",
      configuration: {},
    });
    // The client knows tron-mainnet's protocol from the networks list and refuses before sending;
    // test/sandbox/platform.test.ts sends the same body raw and sees the sandbox's 400.
    await expect(shared).rejects.toBeInstanceOf(RequestValidationError);
    await expect(shared).rejects.toMatchObject({ field: "/body/type" });

    const failing = await platform.createNode({
      name: "will fail",
      network: "ethereum-mainnet",
      type: "shared",
      role: "peer",
      provider: "azure",
      region: "uksouth",
      configuration: { archive: false },
    });
    await expect(platform.waitForNode(failing.id, { timeout: 30_000 })).rejects.toBeInstanceOf(
      NodeFailedError,
    );
  });
});
