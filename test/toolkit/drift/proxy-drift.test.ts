import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvmClient } from "../../../src/evm.js";
import { createPlatformClient } from "../../../src/platform.js";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.js";
import type { RecordedExchange } from "../../../src/toolkit/drift/captured-exchange.js";
import { type DriftProxy, startDriftProxy } from "../../../src/toolkit/drift/drift-proxy.js";
import type { DriftFinding } from "../../../src/toolkit/drift/drift-report.js";
import { loadDriftSpec } from "../../../src/toolkit/drift/load-drift-spec.js";
import { runCli } from "../../cli/support/cli-process.js";

/** One exchange as the drifted server answered it, for the HAR. */
interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  requestBody: string;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
}

type Mutation = (
  path: string,
  status: number,
  body: unknown,
  request: unknown,
) => { status: number; body: unknown };

/**
 * The drifted service: the sandbox behind a layer that rewrites its JSON answers by known rules, and
 * keeps every exchange (and the hash of every body it sent and got).
 */
async function driftedServer(upstream: string, mutate: Mutation) {
  const seen: Seen[] = [];
  const hashes = { requests: [] as string[], answers: [] as string[] };
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const requestBody = Buffer.concat(chunks).toString("utf8");
    if (requestBody !== "") hashes.requests.push(sha256(requestBody));
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        ([name]) => !["host", "connection", "content-length"].includes(name),
      ),
    ) as Record<string, string>;
    const answer = await fetch(`${upstream.replace(/\/$/, "")}${request.url}`, {
      method: request.method ?? "GET",
      headers,
      ...(requestBody !== "" && { body: requestBody }),
    });
    const text = await answer.text();
    const changed = mutate(
      new URL(request.url ?? "/", "http://x").pathname,
      answer.status,
      text === "" ? undefined : JSON.parse(text),
      requestBody === "" ? undefined : JSON.parse(requestBody),
    );
    const body = changed.body === undefined ? "" : JSON.stringify(changed.body);
    hashes.answers.push(sha256(body));
    const responseHeaders = { "content-type": "application/json", "x-drift": "on" };
    seen.push({
      method: request.method ?? "GET",
      url: `http://127.0.0.1${request.url}`,
      headers: request.headers as Record<string, string>,
      requestBody,
      status: changed.status,
      responseHeaders,
      responseBody: body,
    });
    response.writeHead(changed.status, responseHeaders);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    hashes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sha256 = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

/** A fetch that hashes every body the client sends and gets, to compare with what the server saw. */
function hashingFetch(hashes: { requests: string[]; answers: string[] }): typeof fetch {
  return async (input, init) => {
    if (typeof init?.body === "string") hashes.requests.push(sha256(init.body));
    const answer = await fetch(input, init);
    hashes.answers.push(sha256(new Uint8Array(await answer.clone().arrayBuffer())));
    return answer;
  };
}

/** The HAR 1.2 file of what the drifted server saw. */
function writeHar(file: string, seen: readonly Seen[], base: string) {
  const pairs = (headers: Record<string, string>) =>
    Object.entries(headers).map(([name, value]) => ({ name, value: String(value) }));
  const entries = seen.map((exchange) => ({
    startedDateTime: new Date().toISOString(),
    time: 1,
    request: {
      method: exchange.method,
      url: exchange.url.replace("http://127.0.0.1", base),
      httpVersion: "HTTP/1.1",
      headers: pairs(exchange.headers),
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: exchange.requestBody.length,
      ...(exchange.requestBody !== "" && {
        postData: { mimeType: "application/json", text: exchange.requestBody },
      }),
    },
    response: {
      status: exchange.status,
      statusText: "",
      httpVersion: "HTTP/1.1",
      headers: pairs(exchange.responseHeaders),
      cookies: [],
      content: {
        size: exchange.responseBody.length,
        mimeType: "application/json",
        // Base64, as browsers save some bodies.
        text: Buffer.from(exchange.responseBody).toString("base64"),
        encoding: "base64",
      },
      redirectURL: "",
      headersSize: -1,
      bodySize: exchange.responseBody.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  }));
  writeFileSync(
    file,
    JSON.stringify({ log: { version: "1.2", creator: { name: "test", version: "1" }, entries } }),
  );
}

/** What two reports must agree on. */
const essence = (findings: readonly DriftFinding[]) =>
  findings.map(({ operation, direction, pointer, rule, count, suggestion }) => ({
    operation,
    direction,
    pointer,
    rule,
    count,
    suggestion,
  }));

let sandbox: Sandbox;
let folder: string;
const organizationCalls = { count: 0 };

/** The rules the platform's answers drift by. */
const platformDrift: Mutation = (path, status, body) => {
  const value = body as Record<string, unknown>;
  if (path === "/v1/organization/") {
    organizationCalls.count++;
    // Call 1: a field sometimes null, a new field (named like a secret, holding the API key). Call 2: a field missing, one changed type.
    if (organizationCalls.count === 1)
      return { status, body: { ...value, id: null, tier: "gold", api_token: sandbox.credentials.apiKey } };
    if (organizationCalls.count === 2) return { status, body: { name: 42 } };
    return { status, body };
  }
  if (path === "/v1/projects/") {
    const results = (value.results as Record<string, unknown>[]).map((project) => ({
      ...project,
      type: "private",
    }));
    return { status, body: { ...value, results } };
  }
  // An error in a shape the spec does not describe, echoing the key.
  if (path.startsWith("/v1/nodes/ND-") && status === 404) {
    return { status, body: { oops: `no such node for key ${sandbox.credentials.apiKey}` } };
  }
  return { status, body };
};

/** The EVM node answers eth_chainId as a JSON number, inside a batch. */
const evmDrift: Mutation = (_path, status, body, request) => {
  if (!Array.isArray(body) || !Array.isArray(request)) return { status, body };
  const methods = new Map(
    (request as { id: unknown; method: string }[]).map((call) => [JSON.stringify(call.id), call.method]),
  );
  const answers = (body as { id: unknown; result?: unknown }[]).map((answer) =>
    methods.get(JSON.stringify(answer.id)) === "eth_chainId" ? { ...answer, result: 999 } : answer,
  );
  return { status, body: answers };
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "chainkit-drift-test-"));
  sandbox = await startSandbox({ seed: 11, nodeStartupMs: 0 });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("chainkit proxy between a client and a drifted service", () => {
  let proxy: DriftProxy;
  let drifted: Awaited<ReturnType<typeof driftedServer>>;
  const recorded: RecordedExchange[] = [];
  const clientHashes = { requests: [] as string[], answers: [] as string[] };

  beforeAll(async () => {
    drifted = await driftedServer(sandbox.urls.platform, platformDrift);
    proxy = await startDriftProxy({
      spec: await loadDriftSpec({ surface: "platform" }),
      target: drifted.url,
      onExchange: (exchange) => recorded.push(exchange),
    });
    const platform = createPlatformClient({
      baseUrl: proxy.url,
      apiKey: sandbox.credentials.apiKey,
      validateResponse: false,
      fetch: hashingFetch(clientHashes),
    });
    await platform.getOrganization();
    await platform.getOrganization();
    await platform.getOrganization(); // unmutated
    await platform.listProjects();
    await platform.getNode("ND-999-999-999").catch(() => undefined);
    await platform.listNetworks(); // unmutated
    await proxy.close();
  }, 120_000);

  afterAll(async () => {
    await drifted?.close();
  });

  it("reports every mutation at its pointer with the right suggested change", () => {
    const findings = proxy.report().findings;
    const at = (operation: string, pointer: string, rule: string) =>
      findings.find(
        (finding) => finding.operation === operation && finding.pointer === pointer && finding.rule === rule,
      );
    expect(findings).toHaveLength(7);
    expect(at("getOrganization", "/id", "type")?.suggestion).toEqual({
      words: '/id is sometimes null: add "null" to its type',
      patch: [
        {
          op: "replace",
          path: "/components/schemas/Organization/properties/id/type",
          value: ["string", "null"],
        },
      ],
    });
    expect(at("getOrganization", "/name", "type")?.suggestion).toEqual({
      words: "/name is sometimes an integer: widen its type to allow integer",
      patch: [
        {
          op: "replace",
          path: "/components/schemas/Organization/properties/name/type",
          value: ["string", "integer"],
        },
      ],
    });
    expect(at("getOrganization", "/tier", "undocumented-property")?.suggestion?.patch).toEqual([
      { op: "add", path: "/components/schemas/Organization/properties/tier", value: { type: "string" } },
    ]);
    expect(at("getOrganization", "/id", "required")?.suggestion?.patch).toEqual([
      { op: "remove", path: "/components/schemas/Organization/required/0" },
    ]);
    expect(at("listProjects", "/results/*/type", "undocumented-enum-value")?.suggestion?.patch[0]).toEqual({
      op: "add",
      path: "/components/schemas/ProjectType/enum/-",
      value: "private",
    });
    const errorShape = at("getNode", "", "undocumented-error-shape");
    expect(errorShape?.statuses).toEqual([404]);
    expect(errorShape?.suggestion?.patch[0]).toMatchObject({
      op: "replace",
      path: expect.stringMatching(/NotFound/),
    });
  });

  it("reports nothing on unmutated traffic", () => {
    const operations = new Set(proxy.report().findings.map((finding) => finding.operation));
    expect(operations.has("listNetworks")).toBe(false);
    expect(recorded.filter((exchange) => exchange.operations[0] === "listNetworks")[0]?.records).toEqual([]);
    expect(recorded.filter((exchange) => exchange.operations[0] === "getOrganization")[2]?.records).toEqual(
      [],
    );
  });

  it("forwards every body byte for byte", () => {
    expect(clientHashes.answers).toEqual(drifted.hashes.answers);
    expect(clientHashes.requests).toEqual(drifted.hashes.requests);
    expect(clientHashes.answers.length).toBe(6);
  });

  it("never records the API key, in the NDJSON or in the report", () => {
    const key = sandbox.credentials.apiKey;
    const ndjson = recorded.map((exchange) => JSON.stringify(exchange)).join("\n");
    expect(ndjson).toContain('"authorization":"***"');
    expect(ndjson).not.toContain(key);
    expect(JSON.stringify(proxy.report())).not.toContain(key);
    expect(ndjson).toContain("no such node for key ***");
  });

  it("gives the same report from the same traffic captured as HAR, and from its own NDJSON, with chainkit drift", async () => {
    const har = join(folder, "platform.har");
    writeHar(har, drifted.seen, "https://api.example.com");
    const ndjson = join(folder, "platform.ndjson");
    writeFileSync(ndjson, recorded.map((exchange) => `${JSON.stringify(exchange)}\n`).join(""));
    const fromHar = await runCli([
      "drift",
      har,
      "--surface",
      "platform",
      "--format",
      "json",
      "--fail-on",
      "violation",
    ]);
    expect(fromHar.code).toBe(1);
    expect(fromHar.stdout).not.toContain(sandbox.credentials.apiKey);
    expect(essence(JSON.parse(fromHar.stdout).findings)).toEqual(essence(proxy.report().findings));
    const fromNdjson = await runCli(["drift", ndjson, "--surface", "platform", "--format", "json"]);
    expect(fromNdjson.code).toBe(0);
    expect(essence(JSON.parse(fromNdjson.stdout).findings)).toEqual(essence(proxy.report().findings));
  }, 120_000);
});

describe("chainkit proxy on a JSON-RPC node", () => {
  it("checks a batch call by call, keyed by method, and keeps the node token out of what it records", async () => {
    const drifted = await driftedServer(sandbox.urls.evm, evmDrift);
    const recorded: RecordedExchange[] = [];
    const proxy = await startDriftProxy({
      spec: await loadDriftSpec({ surface: "evm" }),
      target: drifted.url,
      onExchange: (exchange) => recorded.push(exchange),
    });
    try {
      const evm = createEvmClient({
        url: proxy.url,
        credentials: { token: sandbox.credentials.nodeToken },
        validateResponse: false,
      });
      await Promise.all([evm.eth_chainId(), evm.eth_blockNumber()]);
    } finally {
      await proxy.close();
      await drifted.close();
    }
    const [finding, ...others] = proxy.report().findings;
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      operation: "eth_chainId",
      pointer: "/result",
      rule: "type",
      samples: ["999"],
    });
    expect(finding?.suggestion?.words).toBe(
      "/result is sometimes an integer: widen its type to allow integer",
    );
    expect(recorded[0]?.operations).toEqual(["eth_chainId", "eth_blockNumber"]);
    expect(recorded[0]?.target).toBe("/***/evm");
    expect(JSON.stringify(recorded)).not.toContain(sandbox.credentials.nodeToken);
  }, 120_000);
});
