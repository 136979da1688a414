import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformOperations } from "../../generated/platform/operations.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import { createPlatformSurface, type PlatformSurface } from "../../src/sandbox/platform/platform-surface.js";
import { responseValidator } from "../support/spec-validators.js";

const API_KEY = "sandbox.platform-test-key";
const NODE_URLS = { evm: "http://127.0.0.1:1", wallet: "http://127.0.0.1:2", indexer: "http://127.0.0.1:3" };

let clock = Date.parse("2026-01-01T00:00:00Z");
const nodeAuth = new NodeAuthRegistry();
let platform: PlatformSurface;
let server: SurfaceServer;

beforeAll(async () => {
  platform = createPlatformSurface({
    nodeAuth,
    nodeUrls: NODE_URLS,
    nodeStartupMs: 1000,
    pageSize: 5,
    now: () => clock,
  });
  server = await serveSurface({
    name: "platform",
    auth: "bearer",
    apiKeys: new Set([API_KEY]),
    handler: platform.handler,
  });
});

afterAll(async () => {
  await server.close();
  await platform.close();
});

async function call(method: string, path: string, body?: unknown, key: string | null = API_KEY) {
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers are JSON read field by field; expectSpec checks their shape.
  type Json = Record<string, any>;
  return {
    status: response.status,
    body: text === "" ? undefined : (JSON.parse(text) as Json),
  };
}

const node = (overrides: Record<string, unknown> = {}) => ({
  name: "test node",
  network: "ethereum-mainnet",
  type: "dedicated",
  role: "peer",
  provider: "gcloud",
  region: "asia-southeast1",
  configuration: { archive: true },
  ...overrides,
});

/** Checks an answer against the spec, as a client would. */
async function expectSpec(operation: keyof typeof platformOperations, status: number, body: unknown) {
  const validate = await responseValidator(platformOperations[operation], status);
  expect(validate, `${operation} ${status} is in the spec`).toBeDefined();
  expect(validate?.(body), JSON.stringify(validate?.errors)).toBe(true);
}

describe("platform surface: authentication", () => {
  it("answers 401 without a bearer key, with a wrong key, and with basic auth", async () => {
    for (const key of [null, "wrong.key"]) {
      const answer = await call("GET", "/v1/organization/", undefined, key);
      expect(answer.status).toBe(401);
      await expectSpec("getOrganization", 401, answer.body);
    }
    const basic = await fetch(`${server.url}/v1/organization/`, {
      headers: { authorization: `Basic ${Buffer.from(`x:${API_KEY}`).toString("base64")}` },
    });
    expect(basic.status).toBe(401);
  });

  it("returns the organization of the key", async () => {
    const answer = await call("GET", "/v1/organization/");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: "RG-100-001", name: "Sandbox organization" });
  });

  it("answers 404 on a path the API does not have (the trailing slash is part of the path)", async () => {
    expect((await call("GET", "/v1/organization")).status).toBe(404);
  });
});

describe("platform surface: create rules", () => {
  it("refuses a region the provider does not offer, naming the field", async () => {
    const answer = await call("POST", "/v1/nodes/", node({ provider: "aws", region: "uksouth" }));
    expect(answer.status).toBe(400);
    await expectSpec("createNode", 400, answer.body);
    expect(answer.body?.error.code).toBe("validation_error");
    expect(answer.body?.error.fields).toEqual({ region: ['"uksouth" is not a valid choice.'] });
    const unknown = await call("POST", "/v1/nodes/", node({ provider: "aws", region: "mars-1" }));
    expect(unknown.body?.error.fields).toEqual({ region: ['"mars-1" is not a valid choice.'] });
  });

  it("refuses shared nodes on a protocol that has none, and accepts them where they exist", async () => {
    for (const network of ["tron-mainnet", "ton-mainnet", "hyperevm", "arbitrum-mainnet"]) {
      const answer = await call("POST", "/v1/nodes/", node({ network, type: "shared", configuration: {} }));
      expect(answer.status, network).toBe(400);
      await expectSpec("createNode", 400, answer.body);
      expect(Object.keys(answer.body?.error.fields)).toEqual(["type"]);
    }
    const shared = { network: "polygon-pos-mainnet", type: "shared", provider: "aws", region: "us-east-1" };
    const ok = await call("POST", "/v1/nodes/", node({ ...shared, configuration: { archive: false } }));
    expect(ok.status).toBe(201);
  });

  it("places shared nodes only where a deployment option offers them", async () => {
    const options = await call("GET", "/v2/deployment-options/");
    await expectSpec("listDeploymentOptions", 200, options.body);
    const offered = ((options.body?.options ?? []) as { network: string; provider: string; region: string }[])
      .filter((option) => option.network === "ethereum-sepolia-testnet")
      .map((option) => `${option.provider} ${option.region}`);
    expect(offered.length).toBeGreaterThan(0);

    const elsewhere = await call(
      "POST",
      "/v1/nodes/",
      node({ network: "ethereum-sepolia-testnet", type: "shared" }),
    );
    expect(elsewhere.status).toBe(400);
    await expectSpec("createNode", 400, elsewhere.body);
    expect(elsewhere.body?.error.fields.region[0]).toContain(offered.join(", "));

    const archive = {
      network: "ethereum-sepolia-testnet",
      type: "shared",
      provider: "aws",
      region: "us-east-1",
    };
    const noArchive = await call("POST", "/v1/nodes/", node(archive));
    expect(Object.keys(noArchive.body?.error.fields)).toEqual(["configuration"]);
    const full = await call("POST", "/v1/nodes/", node({ ...archive, configuration: { archive: false } }));
    expect(full.status).toBe(201);
  });

  it("refuses an unknown network, a missing field, an unknown field and a body that is not JSON", async () => {
    const unknown = await call("POST", "/v1/nodes/", node({ network: "NW-999-999-9" }));
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body?.error.fields)).toEqual(["network"]);

    const { configuration: _, ...missing } = node();
    const noConfiguration = await call("POST", "/v1/nodes/", missing);
    expect(noConfiguration.body?.error.fields).toEqual({ configuration: ["is required"] });

    const extra = await call("POST", "/v1/nodes/", node({ status: "running" }));
    expect(extra.body?.error.fields).toEqual({ status: ["is not a field this object accepts"] });

    const broken = await call("POST", "/v1/nodes/", "{not json");
    expect(broken.status).toBe(400);
    await expectSpec("createNode", 400, broken.body);
    for (const answer of [unknown, noConfiguration, extra]) await expectSpec("createNode", 400, answer.body);
  });
});

describe("platform surface: node lifecycle", () => {
  it("creates a pending node that runs after the startup time, with its own working credentials", async () => {
    const created = await call("POST", "/v1/nodes/", node({ name: "lifecycle" }));
    expect(created.status).toBe(201);
    await expectSpec("createNode", 201, created.body);
    expect(created.body).toMatchObject({
      status: "pending",
      details: {},
      network: expect.stringMatching(/^NW-/),
    });
    const id = created.body?.id as string;
    expect(id).toMatch(/^ND-\d{3}-\d{3}-\d{3}$/);

    expect((await call("GET", `/v1/nodes/${id}/`)).body?.status).toBe("pending");
    clock += 1000;
    const running = await call("GET", `/v1/nodes/${id}/`);
    await expectSpec("getNode", 200, running.body);
    const details = running.body?.details;
    expect(running.body?.status).toBe("running");
    expect(details).toMatchObject({ mode: "archive", https_endpoint: NODE_URLS.evm });
    expect(details.auth_key).toMatch(/^[0-9a-f]{32}$/);
    expect(nodeAuth.check(`/${details.auth_key}/evm`, undefined)).toEqual({ ok: true, path: "/evm" });
    const basic = `Basic ${Buffer.from(`${details.auth_username}:${details.auth_password}`).toString("base64")}`;
    expect(nodeAuth.check("/evm", basic).ok).toBe(true);

    const renamed = await call("PATCH", `/v1/nodes/${id}/`, { name: "renamed" });
    expect(renamed.status).toBe(200);
    await expectSpec("updateNode", 200, renamed.body);
    expect(renamed.body?.name).toBe("renamed");
    const patchRegion = await call("PATCH", `/v1/nodes/${id}/`, { name: "x", region: "eu3" });
    expect(patchRegion.status).toBe(400);
    expect(patchRegion.body?.error.fields).toEqual({ region: ["is not a field this object accepts"] });

    expect((await call("DELETE", `/v1/nodes/${id}/`)).status).toBe(204);
    expect(nodeAuth.check(`/${details.auth_key}/evm`, undefined).ok).toBe(false);
    const gone = await call("GET", `/v1/nodes/${id}/`);
    expect(gone.status).toBe(404);
    await expectSpec("getNode", 404, gone.body);
    expect((await call("DELETE", `/v1/nodes/${id}/`)).status).toBe(404);
    expect((await call("PATCH", `/v1/nodes/${id}/`, { name: "y" })).status).toBe(404);
  });

  it("points each protocol at the node surface that serves it", async () => {
    const surfaces = {
      "tron-mainnet": NODE_URLS.wallet,
      "ton-mainnet": NODE_URLS.indexer,
      hyperevm: NODE_URLS.evm,
    };
    for (const [network, url] of Object.entries(surfaces)) {
      const created = await call(
        "POST",
        "/v1/nodes/",
        node({ name: `on ${network}`, network, configuration: {} }),
      );
      clock += 1000;
      const running = await call("GET", `/v1/nodes/${created.body?.id}/`);
      expect(running.body?.details.https_endpoint, network).toBe(url);
    }
  });

  it("lets a node fail when its name says so, without credentials", async () => {
    const created = await call("POST", "/v1/nodes/", node({ name: "please FAIL" }));
    clock += 1000;
    const failed = await call("GET", `/v1/nodes/${created.body?.id}/`);
    expect(failed.body?.status).toBe("failed");
    expect(failed.body?.details).toEqual({});
  });
});

describe("platform surface: listing", () => {
  it("pages through every node with next links, filters and ordering", async () => {
    for (let i = 0; i < 7; i++) await call("POST", "/v1/nodes/", node({ name: `page-${i}` }));
    const seen: string[] = [];
    let next: string | null = `/v1/nodes/?order_by=-created_at`;
    let count = 0;
    while (next) {
      const page = await call("GET", next.replace(server.url, ""));
      expect(page.status).toBe(200);
      await expectSpec("listNodes", 200, page.body);
      count = page.body?.count;
      seen.push(...(page.body?.results ?? []).map((n: { id: string }) => n.id));
      next = page.body?.next;
    }
    expect(seen.length).toBe(count);
    expect(new Set(seen).size).toBe(count);
    expect([...seen].sort().reverse()).toEqual(seen);

    const named = await call("GET", "/v1/nodes/?name=page-3");
    expect(named.body?.results.map((n: { name: string }) => n.name)).toEqual(["page-3"]);
    const tron = await call("GET", "/v1/nodes/?network=tron-mainnet");
    expect(tron.body?.count).toBe(1);

    const pastEnd = await call("GET", "/v1/nodes/?page=99");
    expect(pastEnd.status).toBe(404);
    await expectSpec("listNodes", 404, pastEnd.body);
    const badPage = await call("GET", "/v1/nodes/?page=zero");
    expect(badPage.status).toBe(400);
    expect(Object.keys(badPage.body?.error.fields)).toEqual(["page"]);
  });
});
