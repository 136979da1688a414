import { request } from "node:http";
import { join } from "node:path";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, serveMock } from "../../src/toolkit/mock/serve-mock.js";

/**
 * Issue 45's try-it: the docs portal's page may read the sandbox's and the mock's answers from a
 * browser (CORS), and no other page may, the sandbox's refusals of other sites' pages staying.
 */

const PORTAL = "http://127.0.0.1:8600";
const OTHER_LOCAL_PAGE = "http://localhost:5173";

let sandbox: Sandbox;
let mock: MockServer;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1, walletBlockMs: 0, browserOrigins: [`${PORTAL}/`] });
  mock = await serveMock(join(import.meta.dirname, "../fixtures/spec-corpus/readme-petstore.3.1.yaml"), {
    browserOrigins: [PORTAL],
  });
});
afterAll(async () => {
  await mock?.close();
  await sandbox?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One raw request with exactly these headers, as a browser would send them. */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const preflight = (origin: string) => ({
  origin,
  "access-control-request-method": "POST",
  "access-control-request-headers": "authorization,content-type",
});

describe("the sandbox with the portal's origin listed", () => {
  it("answers the portal's preflight and lets it read an authenticated answer", async () => {
    const allowed = await send(`${sandbox.urls.evm}/evm`, "OPTIONS", preflight(PORTAL));
    expect(allowed.status).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe(PORTAL);
    expect(allowed.headers["access-control-allow-headers"]).toContain("authorization");
    const basic = Buffer.from(`${sandbox.credentials.username}:${sandbox.credentials.password}`).toString(
      "base64",
    );
    const answer = await send(
      `${sandbox.urls.evm}/evm`,
      "POST",
      { origin: PORTAL, authorization: `Basic ${basic}`, "content-type": "application/json" },
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["access-control-allow-origin"]).toBe(PORTAL);
    expect(JSON.parse(answer.text).result).toBe("0x3e7");
  });

  it("gives another page of this machine no permission to read, and still refuses another site's page", async () => {
    const other = await send(`${sandbox.urls.platform}/v1/projects/`, "OPTIONS", preflight(OTHER_LOCAL_PAGE));
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    const read = await send(`${sandbox.urls.platform}/v1/projects/`, "GET", {
      origin: OTHER_LOCAL_PAGE,
      authorization: `Bearer ${sandbox.credentials.apiKey}`,
    });
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
    const evil = await send(
      `${sandbox.urls.exchange}/info`,
      "POST",
      { origin: "https://evil.example", "content-type": "text/plain" },
      '{"type":"allMids"}',
    );
    expect(evil.status).toBe(403);
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
    expect(
      (await send(`${sandbox.urls.exchange}/info`, "OPTIONS", preflight("https://evil.example"))).status,
    ).toBe(403);
  });

  it("refuses * and null as browser origins, naming the fix", async () => {
    await expect(startSandbox({ browserOrigins: ["*"] })).rejects.toThrow(
      /must be the http\(s\) origin of the page/,
    );
    await expect(serveMock("unused.yaml", { browserOrigins: ["null"] })).rejects.toThrow(/not \* or null/);
  });
});

describe("chainkit mock with the portal's origin listed", () => {
  it("answers the portal's preflight and read, and gives another page nothing", async () => {
    const allowed = await send(`${mock.url}/pet/1`, "OPTIONS", preflight(PORTAL));
    expect(allowed.status).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe(PORTAL);
    const read = await send(`${mock.url}/pet/1`, "GET", { origin: PORTAL });
    expect(read.status).toBe(200);
    expect(read.headers["access-control-allow-origin"]).toBe(PORTAL);
    const other = await send(`${mock.url}/pet/1`, "OPTIONS", preflight(OTHER_LOCAL_PAGE));
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
