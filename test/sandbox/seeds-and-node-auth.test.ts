import { createPlatformClient } from "chainkit/platform";
import { type Sandbox, type SandboxCredentials, startSandbox } from "chainkit/sandbox";
import { createWalletClient, HttpError } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletOperations } from "../../generated/wallet/operations.js";
import { noAuth } from "../../src/runtime/credentials/auth.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";
import { secretSource } from "../../src/sandbox/secret-source.js";

const SEED = 11;
let sandbox: Sandbox;
let first: { credentials: SandboxCredentials; nodeToken: string | undefined };

/** The credentials in clear (the sandbox's object shows *** when serialised whole) and a created node's token. */
async function readSeeded(running: Sandbox) {
  const credentials = { ...running.credentials };
  const platform = createPlatformClient({
    baseUrl: running.urls.platform,
    apiKey: running.credentials.apiKey,
  });
  const node = await platform.createNode({
    name: "seeded",
    network: "ethereum-mainnet",
    type: "dedicated",
    provider: "gcloud",
    region: "asia-southeast1",
    role: "peer",
    configuration: {},
  });
  const ready = await platform.waitForNode(node.id as string, { until: "running", interval: 10 });
  return { credentials, nodeToken: ready.details?.auth_key?.reveal() };
}

beforeAll(async () => {
  const earlier = await startSandbox({ seed: SEED, nodeStartupMs: 0 });
  try {
    first = await readSeeded(earlier);
  } finally {
    await earlier.close();
  }
  sandbox = await startSandbox({ seed: SEED, nodeStartupMs: 0 });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

describe("a seeded sandbox", () => {
  it("hands out the same credentials on every run, created nodes' included", async () => {
    const again = await readSeeded(sandbox);
    expect(again.credentials).toEqual(first.credentials);
    expect(again.nodeToken).toBe(first.nodeToken);
    expect(again.nodeToken).toMatch(/^[0-9a-f]{32}$/);
  });

  it("takes other seeds (and no seed) to other credentials", () => {
    expect(secretSource(SEED).hex("node token", 16)).toBe(first.credentials.nodeToken);
    expect(secretSource(SEED + 1).hex("node token", 16)).not.toBe(first.credentials.nodeToken);
    expect(secretSource(undefined).hex("node token", 16)).not.toBe(
      secretSource(undefined).hex("node token", 16),
    );
  });
});

describe("a node surface's 401", () => {
  const post = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${sandbox.urls.wallet}${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ value: "SEED", visible: true }),
    });

  it("tells a wrong token from missing credentials and from a wrong password", async () => {
    const wrong = await post(`/${"f".repeat(32)}/wallet/getassetissuelistbyname`);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/^invalid node token: /);

    const missing = await post("/wallet/getassetissuelistbyname");
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: string }).error).toMatch(/^missing credentials: /);

    const basic = `Basic ${Buffer.from(`${sandbox.credentials.username}:nope`).toString("base64")}`;
    const password = await post("/wallet/getassetissuelistbyname", { authorization: basic });
    expect(((await password.json()) as { error: string }).error).toMatch(/^invalid username or password: /);
  });

  it("reaches the client as an HttpError that says the token sent was refused", async () => {
    const wallet = createWalletClient({ url: sandbox.urls.wallet, credentials: { token: "f".repeat(32) } });
    const error = await wallet.getAssetIssueListByName({ value: "SEED" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).message).toContain("invalid node token");
    expect((error as HttpError).hint).toContain("refused the node token that was sent in the URL path");
    expect((error as HttpError).message).not.toContain("f".repeat(32));
  });

  it("says no credentials were sent when none were", async () => {
    const caller = createRestCaller({ baseUrl: sandbox.urls.wallet, auth: noAuth() });
    const operation = walletOperations.getAssetIssueListByName;
    const error = await caller
      .call(operation, { body: { value: "SEED", visible: true } })
      .catch((caught: unknown) => caught);
    expect((error as HttpError).message).toContain("missing credentials");
    expect((error as HttpError).hint).toContain("No credentials were sent");
  });
});
