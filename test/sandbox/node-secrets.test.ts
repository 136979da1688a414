import { Console } from "node:console";
import { Writable } from "node:stream";
import { inspect } from "node:util";
import { createPlatformClient, nodeAccess, Secret } from "chainkit/platform";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import { createPlatformSurface, type PlatformSurface } from "../../src/sandbox/platform/platform-surface.js";
import { createWalletSurface } from "../../src/sandbox/wallet/wallet-surface.js";

const API_KEY = "sandbox.node-secrets-key";
const nodeAuth = new NodeAuthRegistry();
let wallet: SurfaceServer;
let platform: PlatformSurface;
let platformServer: SurfaceServer;

beforeAll(async () => {
  wallet = await serveSurface({
    name: "wallet",
    auth: "node",
    nodeAuth,
    handler: (await createWalletSurface()).handler,
  });
  platform = createPlatformSurface({
    nodeAuth,
    nodeUrls: { evm: "http://127.0.0.1:1", wallet: wallet.url, indexer: "http://127.0.0.1:3" },
    nodeStartupMs: 0,
  });
  platformServer = await serveSurface({
    name: "platform",
    auth: "bearer",
    apiKeys: new Set([API_KEY]),
    handler: platform.handler,
  });
});

afterAll(async () => {
  await platformServer?.close();
  await platform?.close();
  await wallet?.close();
});

/** What `console.log` prints for these values. */
function logged(...values: unknown[]): string {
  let text = "";
  const stdout = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  new Console({ stdout }).log(...values);
  return text;
}

/** The node's credentials as the sandbox sent them, read from the raw answer. */
async function wireDetails(id: string): Promise<Record<string, string>> {
  const response = await fetch(`${platformServer.url}/v1/nodes/${id}/`, {
    headers: { authorization: `Bearer ${API_KEY}` },
  });
  return ((await response.json()) as { details: Record<string, string> }).details;
}

describe("secrets in answers (x-secret)", () => {
  it("a fetched node prints no credential in any form, and nodeAccess still reaches the node", async () => {
    const client = createPlatformClient({ baseUrl: platformServer.url, apiKey: API_KEY });
    const created = await client.createNode({
      name: "tron archive",
      network: "tron-mainnet",
      type: "dedicated",
      provider: "aws",
      region: "us-east-1",
      role: "peer",
      configuration: {},
    });
    const node = await client.waitForNode(created.id, { until: "running", interval: 1, timeout: 10_000 });

    // The sandbox serves the real values on the wire.
    const wire = await wireDetails(node.id);
    const values = [wire.auth_key, wire.auth_username, wire.auth_password] as string[];
    for (const value of values) expect(value).toMatch(/.{6,}/);

    const printed = [
      logged(node, node.details),
      inspect(node, { depth: 10 }),
      JSON.stringify(node),
      `${node.details?.auth_key}`,
      inspect(await client.getNode(node.id), { depth: 10 }),
      JSON.stringify((await client.listNodes()).results),
    ];
    for (const text of printed) for (const value of values) expect(text).not.toContain(value);
    expect(JSON.stringify(node.details)).toContain('"auth_key":"***"');
    expect(node.details?.auth_password).toBeInstanceOf(Secret);
    expect(node.details?.auth_key?.reveal()).toBe(wire.auth_key);

    const token = createWalletClient(nodeAccess(node));
    const basic = createWalletClient(nodeAccess(node, { prefer: "basic" }));
    for (const walletClient of [token, basic]) {
      const { assetIssue } = await walletClient.getAssetIssueListByName({ value: "SEED", visible: true });
      expect(assetIssue.length).toBeGreaterThan(0);
    }
  });
});
