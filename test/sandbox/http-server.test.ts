import { afterEach, describe, expect, test, vi } from "vitest";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import type { SandboxRequest } from "../../src/sandbox/surface.js";

const secrets = { token: "tok123", username: "alice", password: "s3cret" };
let server: SurfaceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const echo = (request: SandboxRequest) => ({ status: 200, body: { path: request.path, body: request.body } });
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;

describe("node authentication", () => {
  async function nodeServer() {
    const nodeAuth = new NodeAuthRegistry();
    nodeAuth.add(secrets);
    server = await serveSurface({ name: "wallet", auth: "node", handler: echo, nodeAuth });
    return server.url;
  }

  test("a token in the path is accepted and removed from the path the surface sees", async () => {
    const url = await nodeServer();
    const response = await fetch(`${url}/tok123/wallet/getassetissuebyid`, { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ path: "/wallet/getassetissuebyid", body: "{}" });
  });

  test("basic auth is accepted; a wrong password, no credentials and bearer are refused with 401", async () => {
    const url = await nodeServer();
    const ok = await fetch(`${url}/evm`, {
      method: "POST",
      headers: { authorization: basic("alice", "s3cret") },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).path).toBe("/evm");
    for (const authorization of [basic("alice", "nope"), "Bearer tok123", undefined]) {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const refused = await fetch(`${url}/evm`, { method: "POST", headers });
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain("s3cret");
    }
  });

  test("the registry never shows its secrets", () => {
    const registry = new NodeAuthRegistry();
    registry.add(secrets);
    expect(JSON.stringify(registry)).not.toContain("tok123");
    expect(String(Object(registry)[Symbol.for("nodejs.util.inspect.custom")]())).not.toContain("s3cret");
  });
});

describe("bearer authentication", () => {
  test("only a known API key passes", async () => {
    server = await serveSurface({
      name: "platform",
      auth: "bearer",
      handler: echo,
      apiKeys: new Set(["key-1"]),
    });
    const ok = await fetch(`${server.url}/v1/organization/`, { headers: { authorization: "Bearer key-1" } });
    expect(ok.status).toBe(200);
    const wrong = await fetch(`${server.url}/v1/organization/`, {
      headers: { authorization: "Bearer key-2" },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.message).toBe("invalid API key");
  });
});

describe("faults and limits", () => {
  test("a full plan of one fault always injects it, and requests are counted", async () => {
    server = await serveSurface({
      name: "exchange",
      auth: "none",
      handler: echo,
      faults: { serverError: 1 },
    });
    expect((await fetch(server.url, { method: "POST", body: "{}" })).status).toBe(503);
    server.setFaults({ rateLimit: 1, retryAfterSeconds: 2 });
    const limited = await fetch(server.url, { method: "POST", body: "{}" });
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "2"]);
    server.setFaults({ malformed: 1 });
    await expect((await fetch(server.url, { method: "POST", body: "{}" })).json()).rejects.toThrow();
    server.setFaults({ drop: 1 });
    await expect(fetch(server.url, { method: "POST", body: "{}" })).rejects.toThrow();
    server.setFaults({});
    expect((await fetch(server.url, { method: "POST", body: "{}" })).status).toBe(200);
    expect(server.requestCount).toBe(5);
  });

  test("-32005 echoes the ids of a JSON-RPC batch at HTTP 200", async () => {
    server = await serveSurface({
      name: "evm",
      auth: "none",
      handler: echo,
      jsonRpc: true,
      faults: { rpcRateLimit: 1 },
    });
    const calls = [1, 2].map((id) => ({ jsonrpc: "2.0", id, method: "eth_chainId", params: [] }));
    const response = await fetch(server.url, { method: "POST", body: JSON.stringify(calls) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(
      body.map((entry: { id: number; error: { code: number } }) => [entry.id, entry.error.code]),
    ).toEqual([
      [1, -32005],
      [2, -32005],
    ]);
  });

  test("a seeded plan draws the same faults every run", async () => {
    const statuses = async () => {
      server = await serveSurface({
        name: "x",
        auth: "none",
        handler: echo,
        faults: { serverError: 0.5, seed: 7 },
      });
      const seen: number[] = [];
      for (let i = 0; i < 20; i++) seen.push((await fetch(server.url, { method: "POST" })).status);
      await server.close();
      server = undefined;
      return seen;
    };
    const first = await statuses();
    expect(first).toContain(503);
    expect(first).toContain(200);
    expect(await statuses()).toEqual(first);
  });

  test("close() clears injected latency, so no timer outlives the sandbox", async () => {
    // Watch the one 60 s timer the injected latency sets; counting all of the process's timers is
    // not reliable, since fetch's own keep-alive timers come and go meanwhile.
    const latencyTimers: NodeJS.Timeout[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
      callback: () => void,
      ms?: number,
    ) => {
      const timer = realSetTimeout(callback, ms);
      if (ms === 60_000) latencyTimers.push(timer);
      return timer;
    }) as typeof setTimeout);
    const clearTimeoutSpy = vi.spyOn(globalThis, "clearTimeout");
    try {
      server = await serveSurface({ name: "x", auth: "none", handler: echo, faults: { latencyMs: 60_000 } });
      const pending = fetch(server.url, { method: "POST" }).catch((error: unknown) => error);
      while (latencyTimers.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await server.close();
      server = undefined;
      expect(await pending).toBeInstanceOf(Error);
      expect(clearTimeoutSpy).toHaveBeenCalledWith(latencyTimers[0]);
    } finally {
      setTimeoutSpy.mockRestore();
      clearTimeoutSpy.mockRestore();
    }
  });

  test("bodies over 1 MB are refused with 413", async () => {
    server = await serveSurface({ name: "evm", auth: "none", handler: echo });
    const response = await fetch(server.url, { method: "POST", body: "x".repeat(1024 * 1024 + 1) });
    expect(response.status).toBe(413);
  });
});

test("a surface's bigints go out as exact integer literals, strings left alone", async () => {
  const body = { total_supply: 990000000000000000n, name: "bigint:1", n: [1n, -2n] };
  server = await serveSurface({ name: "wallet", auth: "none", handler: () => ({ status: 200, body }) });
  expect(await (await fetch(server.url, { method: "POST" })).text()).toBe(
    '{"total_supply":990000000000000000,"name":"bigint:1","n":[1,-2]}',
  );
});
