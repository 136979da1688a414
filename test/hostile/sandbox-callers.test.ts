import { request } from "node:http";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { runCli } from "../cli/support/cli-process.js";

/** Issue 31, findings 14 and 22: what the sandbox answers, and on which ports. */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1, walletBlockMs: 0 });
});
afterAll(() => sandbox.close());

/** One raw request with exactly these headers (fetch would not let a test set Host). */
function send(
  url: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${url}${path}`,
      { method: body === undefined ? "GET" : "POST", headers },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Opens a WebSocket with these headers: resolves "open", or the HTTP status it was refused with. */
function upgrade(url: string, headers: Record<string, string>): Promise<number | "open"> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on("open", () => {
      socket.close();
      resolve("open");
    });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("error", reject);
  });
}

const INFO = JSON.stringify({ type: "allMids" });

describe("finding 14: a web page on another site cannot use the sandbox", () => {
  it("refuses a text/plain POST (no preflight) from another site's page, and answers one without Origin", async () => {
    const plain = { "content-type": "text/plain" };
    const refused = await send(
      sandbox.urls.exchange,
      "/info",
      { ...plain, origin: "https://evil.example" },
      INFO,
    );
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("--allow-origin https://evil.example");
    expect((await send(sandbox.urls.exchange, "/info", { ...plain, origin: "null" }, INFO)).status).toBe(403);
    expect((await send(sandbox.urls.exchange, "/info", plain, INFO)).status).toBe(200);
    for (const origin of [
      "http://localhost:5173",
      "http://127.0.0.1:3000",
      "http://app.localhost",
      "http://[::1]:8080",
    ]) {
      expect((await send(sandbox.urls.exchange, "/info", { ...plain, origin }, INFO)).status).toBe(200);
    }
  });

  it("refuses a request addressed to a name that is not this machine (DNS rebinding)", async () => {
    const { nodeToken } = sandbox.credentials;
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
    const json = { "content-type": "application/json" };
    const port = new URL(sandbox.urls.evm).port;
    const rebound = await send(
      sandbox.urls.evm,
      `/${nodeToken}/evm`,
      { ...json, host: `rebind.evil.example:${port}` },
      body,
    );
    expect(rebound.status).toBe(403);
    expect(rebound.text).toContain("--allow-host rebind.evil.example");
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `node.localhost:${port}`,
    ]) {
      expect((await send(sandbox.urls.evm, `/${nodeToken}/evm`, { ...json, host }, body)).status).toBe(200);
    }
  });

  it("refuses a WebSocket upgrade from another site's page or to another name", async () => {
    const ws = `${sandbox.urls.evm.replace("http", "ws")}/ws/${sandbox.credentials.nodeToken}`;
    expect(await upgrade(ws, { origin: "https://evil.example" })).toBe(403);
    expect(await upgrade(ws, { host: "rebind.evil.example" })).toBe(403);
    expect(await upgrade(ws, { origin: "http://localhost:5173" })).toBe("open");
    expect(await upgrade(ws, {})).toBe("open");
  });

  it("answers the names and pages it is told to allow", async () => {
    const rules = { allowedHosts: ["sandbox.internal"], allowedOrigins: ["https://app.example"] };
    let server: SurfaceServer | undefined;
    try {
      server = await serveSurface({
        name: "exchange",
        auth: "none",
        handler: () => ({ status: 200, body: {} }),
        callers: rules,
      });
      const allowed = { host: "sandbox.internal:80", origin: "https://app.example" };
      expect((await send(server.url, "/info", allowed, INFO)).status).toBe(200);
      expect(
        (await send(server.url, "/info", { ...allowed, origin: "https://other.example" }, INFO)).status,
      ).toBe(403);
    } finally {
      await server?.close();
    }
  });

  it("takes the allow lists from the command line, and refuses malformed ones", async () => {
    const run = await runCli(["sandbox", "--allow-origin", "ftp://files.example"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("http(s) origin");
  });
});

describe("finding 22: the base port leaves room for gRPC at base + 5", () => {
  it("refuses --port 65531 on the command line and in startSandbox, before anything starts", async () => {
    const run = await runCli(["sandbox", "--port", "65531"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("from 0 to 65530");
    await expect(startSandbox({ ports: 65_531 })).rejects.toThrow(/base \+ 5 \(gRPC\)/);
  });
});
