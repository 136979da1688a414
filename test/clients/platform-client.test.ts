import { inspect } from "node:util";
import { createEvmClient } from "chainkit/evm";
import {
  AbortError,
  ConfigurationError,
  type CreateNodeBody,
  createPlatformClient,
  HttpError,
  NodeFailedError,
  NodeWaitTimeoutError,
  nodeAccess,
  type PlatformClient,
  RequestValidationError,
} from "chainkit/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EvmNode, startEvmNode } from "../support/evm-node.js";
import { exampleCreateBody, type FakePlatform, startFakePlatform } from "../support/fake-platform.js";
import { startLoopbackServer } from "../support/loopback-server.js";

let platform: FakePlatform;
let client: PlatformClient;

beforeAll(async () => {
  platform = await startFakePlatform();
  client = createPlatformClient({ baseUrl: platform.url, apiKey: platform.apiKey });
});
afterAll(() => platform?.close());

/** Fast polling for tests: the fake platform answers at once. */
const quick = { interval: 1, timeout: 10_000 };

describe("credentials", () => {
  it("sends the key as a bearer token", async () => {
    expect(await client.getOrganization()).toEqual({ id: "RG-123-456", name: "My organization" });
    expect(platform.requests.at(-1)?.headers.authorization).toBe(`Bearer ${platform.apiKey}`);
  });

  it("reports a refused key as HTTP 401 with the service's detail, never the key", async () => {
    const wrongKey = "wrong-platform-key-77aa";
    const other = createPlatformClient({ baseUrl: platform.url, apiKey: wrongKey });
    const error = await other.getOrganization().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).serviceMessage).toMatch(/credentials/);
    expect(`${(error as Error).message} ${inspect(error, { depth: 5 })}`).not.toContain(wrongKey);
    expect(`${inspect(other, { depth: 10, showHidden: true })} ${JSON.stringify(other)}`).not.toContain(
      wrongKey,
    );
  });

  it("keeps the key out of a refusal that echoes the Authorization header base64-encoded", async () => {
    const key = "echoed-platform-key-3f9e";
    const echoed = Buffer.from(`Bearer ${key}`).toString("base64");
    const gateway = await startLoopbackServer((request) => ({
      status: 401,
      body: { detail: `refused ${Buffer.from(request.headers.authorization ?? "").toString("base64")}` },
    }));
    try {
      const other = createPlatformClient({ baseUrl: gateway.url, apiKey: key });
      const error = await other.getOrganization().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      const { serviceMessage } = error as HttpError;
      expect(serviceMessage).toMatch(/^refused QmVhcmVy\S*\*\*\*/);
      expect(Buffer.from(String(serviceMessage).slice("refused ".length), "base64").includes(key)).toBe(
        false,
      );
      const shown = `${(error as Error).message} ${inspect(error, { depth: 5 })} ${JSON.stringify(error)}`;
      expect(shown).not.toContain(echoed);
      expect(shown).not.toContain(key);
    } finally {
      await gateway.close();
    }
  });

  it("refuses an empty key and plain http to a remote host at construction", () => {
    expect(() => createPlatformClient({ baseUrl: platform.url, apiKey: "" })).toThrowError(
      ConfigurationError,
    );
    expect(() =>
      createPlatformClient({ baseUrl: "http://api.example.com", apiKey: platform.apiKey }),
    ).toThrowError(ConfigurationError);
  });
});

describe("operations", () => {
  it("creates a node (201), reads, lists, renames and deletes it (204)", async () => {
    const created = await client.createNode(exampleCreateBody as CreateNodeBody);
    expect(created.id).toMatch(/^ND-/);
    expect(created.status).toBe("pending");
    expect((await client.getNode(created.id)).id).toBe(created.id);
    const list = await client.listNodes({ page: 1 });
    expect(list.results.map((node) => node.id)).toContain(created.id);
    expect((await client.updateNode(created.id, { name: "renamed" })).name).toBe("renamed");
    await client.deleteNode(created.id);
    const gone = await client.getNode(created.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(HttpError);
    expect((gone as HttpError).status).toBe(404);
    expect((gone as HttpError).code).toBe("not_found");
  });

  it("checks the provider/region rule before sending, naming /body/region", async () => {
    const before = platform.requests.length;
    const error = await client
      .createNode({ ...(exampleCreateBody as CreateNodeBody), provider: "aws", region: "asia-southeast1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/body/region");
    expect(platform.requests.length).toBe(before);
  });
});

describe("waitForNode", () => {
  it("polls until the node is running and returns it", async () => {
    platform.addNode("ND-100-000-001", ["pending", "pending", "starting", "running"]);
    const before = platform.requests.length;
    const node = await client.waitForNode("ND-100-000-001", { until: "running", ...quick });
    expect(node.status).toBe("running");
    expect(platform.requests.length - before).toBe(4);
  });

  it("ends with NodeFailedError when the node fails, its secrets masked", async () => {
    platform.addNode("ND-100-000-002", ["pending", "failed"]);
    const error = await client.waitForNode("ND-100-000-002", quick).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeFailedError);
    expect((error as NodeFailedError).status).toBe("failed");
    expect((error as NodeFailedError).nodeId).toBe("ND-100-000-002");
    const shown = inspect(error, { depth: 10 });
    expect(shown).not.toContain("3c6e0b8a9c15224a8228b9a98ca1531d");
    expect(shown).not.toContain("pass-word-pass-word-pass-word");
  });

  it("treats error like failed", async () => {
    platform.addNode("ND-100-000-003", ["error"]);
    await expect(client.waitForNode("ND-100-000-003", quick)).rejects.toThrowError(NodeFailedError);
  });

  it("ends with NodeWaitTimeoutError when the node stays pending", async () => {
    platform.addNode("ND-100-000-004", ["pending"]);
    const error = await client
      .waitForNode("ND-100-000-004", { interval: 20, timeout: 1_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeWaitTimeoutError);
    expect((error as NodeWaitTimeoutError).lastStatus).toBe("pending");
  });

  it("stops with AbortError when the signal fires", async () => {
    platform.addNode("ND-100-000-005", ["pending"]);
    const controller = new AbortController();
    const waiting = client.waitForNode("ND-100-000-005", { interval: 5, signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toThrowError(AbortError);
  });

  it("gives each poll the client's request timeout and polls again after one hangs", async () => {
    platform.addNode("ND-100-000-006", ["pending", "running"]);
    let hung = 0;
    // The first poll never answers; only its own timeout can end it.
    const hangOnce: typeof fetch = (input, init) => {
      if (hung++ > 0) return fetch(input, init);
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    };
    const impatient = createPlatformClient({
      baseUrl: platform.url,
      apiKey: platform.apiKey,
      fetch: hangOnce,
      timeout: 50,
    });
    const node = await impatient.waitForNode("ND-100-000-006", { interval: 1, timeout: 60_000 });
    expect(node.status).toBe("running");
    expect(hung).toBe(3);
  });

  it("passes on a 404 for an unknown node", async () => {
    const error = await client.waitForNode("ND-404-404-404", quick).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(404);
  });
});

describe("from a platform node to its EVM endpoint", () => {
  let evm: EvmNode;
  beforeAll(async () => {
    evm = await startEvmNode();
  });
  afterAll(() => evm?.close());

  it.each(["token", "basic"] as const)("nodeAccess(node) opens the node with its %s", async (prefer) => {
    const id = `ND-200-000-${prefer === "token" ? "001" : "002"}`;
    platform.addNode(id, ["pending", "running"], {
      https_endpoint: evm.url,
      auth_key: evm.token,
      auth_username: evm.username,
      auth_password: evm.password,
    });
    const node = await client.waitForNode(id, quick);
    const evmClient = createEvmClient(nodeAccess(node, { prefer }));
    expect(await evmClient.eth_chainId()).toBe("0x3e7");
  });
});

describe("usage", () => {
  it("counts every request the client sends", async () => {
    const counted = createPlatformClient({ baseUrl: platform.url, apiKey: platform.apiKey });
    const before = platform.requests.length;
    await counted.getOrganization();
    await counted.listNodes();
    platform.addNode("ND-300-000-001", ["pending", "running"]);
    await counted.waitForNode("ND-300-000-001", quick);
    expect(counted.usage().requests).toBe(platform.requests.length - before);
    expect(counted.usage().requests).toBe(4);
  });
});
