import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { stringifyJson } from "../../src/runtime/json/stringify-json.js";
import type { RestInput } from "../../src/runtime/operation.js";
import { startSandbox } from "../../src/sandbox/index.js";
import { FuzzTally, fuzzParameters } from "./support/fuzz-config.js";
import { everyOperation, type FuzzOperation } from "./support/operations.js";

const sandbox = await startSandbox({ seed: 18, nodeStartupMs: 0 });
const operations = await everyOperation();
const tally = new FuzzTally();

afterAll(async () => {
  console.log(tally.summary("Sandbox malformed-request fuzz"));
  await sandbox.close();
});

/** What is wrong with a request sent to the sandbox. */
type Malformation =
  | { kind: "valid" }
  | { kind: "wrong types"; pick: number }
  | { kind: "bad json"; text: string }
  | { kind: "huge body"; bytes: number }
  | { kind: "odd field"; name: string }
  | { kind: "wrong content type"; contentType: string }
  | { kind: "bad auth"; how: "missing" | "wrong" | "basic" | "bearer" };

const malformation: fc.Arbitrary<Malformation> = fc.oneof(
  fc.constant({ kind: "valid" as const }),
  fc.nat().map((pick) => ({ kind: "wrong types" as const, pick })),
  fc
    .oneof(
      fc.string({ unit: "binary", maxLength: 64 }),
      fc
        .json()
        .chain((text) => fc.nat({ max: Math.max(text.length - 1, 0) }).map((cut) => text.slice(0, cut))),
      fc.constantFrom("{", "[1,", "nul", '{"a":1}}', "\u0000", '{"__proto__":{"x":1}}', "[".repeat(100_000)),
    )
    .map((text) => ({ kind: "bad json" as const, text })),
  fc.integer({ min: 1_100_000, max: 3_000_000 }).map((bytes) => ({ kind: "huge body" as const, bytes })),
  fc
    .constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf")
    .map((name) => ({ kind: "odd field" as const, name })),
  fc
    .constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "")
    .map((contentType) => ({ kind: "wrong content type" as const, contentType })),
  fc.constantFrom("missing", "wrong", "basic", "bearer").map((how) => ({ kind: "bad auth" as const, how })),
);

function baseUrl(operation: FuzzOperation): string {
  return (sandbox.urls as Record<string, string>)[operation.surface.name] ?? "";
}

/** The request as the wire carries it: URL (credentials applied), headers and body text. */
function rawRequest(operation: FuzzOperation, input: unknown, broken: Malformation) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const auth = operation.surface.auth;
  const badAuth = broken.kind === "bad auth" ? broken.how : undefined;
  let prefix = "";
  if (auth === "bearer") {
    if (badAuth === "wrong") headers.authorization = "Bearer sbx0.not-the-key";
    else if (badAuth === "basic") headers.authorization = `Basic ${btoa("user:password-0123")}`;
    else if (badAuth === undefined || badAuth === "bearer") {
      headers.authorization = `Bearer ${badAuth === "bearer" ? "" : sandbox.credentials.apiKey}`;
    }
  } else if (auth === "node") {
    if (badAuth === undefined) prefix = `/${sandbox.credentials.nodeToken}`;
    else if (badAuth === "wrong") prefix = "/0000000000000000not-a-token";
    else if (badAuth === "basic")
      headers.authorization = `Basic ${btoa(`${sandbox.credentials.username}:nope-nope`)}`;
    else if (badAuth === "bearer") headers.authorization = `Bearer ${sandbox.credentials.nodeToken}`;
  }
  if (broken.kind === "wrong content type") {
    if (broken.contentType === "") delete headers["content-type"];
    else headers["content-type"] = broken.contentType;
  }
  if (operation.kind === "rpc") {
    const envelope = { jsonrpc: "2.0", id: 1, method: operation.id, params: input };
    return {
      method: "POST",
      url: `${baseUrl(operation)}${prefix}${operation.surface.path}`,
      headers,
      body: bodyText(envelope, broken),
    };
  }
  const rest = input as RestInput;
  const path = operation.descriptor.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(String(rest.path?.[name] ?? "")),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined)
        query.append(key, typeof item === "object" && item !== null ? stringifyJson(item) : String(item));
    }
  }
  const search = query.size > 0 ? `?${query}` : "";
  const method = operation.descriptor.method;
  const hasBody = rest.body !== undefined || ["bad json", "huge body", "odd field"].includes(broken.kind);
  return {
    method,
    url: `${baseUrl(operation)}${prefix}${path}${search}`,
    headers,
    body: hasBody && method !== "GET" ? bodyText(rest.body, broken) : undefined,
  };
}

function bodyText(value: unknown, broken: Malformation): string {
  if (broken.kind === "bad json") return broken.text;
  if (broken.kind === "huge body") return `{"padding":"${"a".repeat(broken.bytes)}"}`;
  const text = stringifyJson(value ?? {});
  // A field named like an Object.prototype member, written into the JSON text (an object literal would lose __proto__).
  if (broken.kind === "odd field" && text.startsWith("{")) {
    return `{"${broken.name}":{"x":1}${text === "{}" ? "" : ","}${text.slice(1)}`;
  }
  return text;
}

/** Whether a malformation changes this operation's request (a GET has no body; the exchange no auth). */
function applicable(operation: FuzzOperation, broken: Malformation): boolean {
  const bodyless = operation.kind === "rest" && operation.descriptor.method === "GET";
  const inBody = broken.kind === "bad json" || broken.kind === "huge body" || broken.kind === "odd field";
  if (inBody && bodyless) return false;
  return !(broken.kind === "bad auth" && operation.surface.auth === "none");
}

/**
 * The service's error forms, per surface: JSON where the service answers JSON. A success answers in
 * the media type it declares (the platform's usage export is CSV).
 */
function checkForm(operation: FuzzOperation, status: number, text: string, contentType: string): void {
  if (status === 413 || status === 401 || status === 405 || status === 404) return;
  if (status < 400 && !contentType.includes("json")) return;
  const surface = operation.surface.name;
  if (surface === "platform" || surface === "indexer" || surface === "wallet" || surface === "evm") {
    if (text !== "") JSON.parse(text);
  }
}

describe("the sandbox against random malformed requests", () => {
  describe.each(
    operations.map((operation) => [`${operation.surface.name} ${operation.id}`, operation] as const),
  )("%s", (label, operation) => {
    it("answers in the service's error forms, never a 500 or a hang", async () => {
      await fc.assert(
        fc.asyncProperty(operation.valid as fc.Arbitrary<unknown>, malformation, async (valid, drawn) => {
          const broken = applicable(operation, drawn) ? drawn : ({ kind: "valid" } as const);
          let input = valid;
          if (broken.kind === "wrong types") {
            const ways = operation.breaks(valid as never);
            if (ways.length > 0)
              input = (ways[broken.pick % ways.length] as (typeof ways)[number]).apply(valid);
          }
          const request = rawRequest(operation, input, broken);
          const response = await fetch(request.url, {
            method: request.method,
            headers: request.headers,
            body: request.body,
            signal: AbortSignal.timeout(60_000),
          });
          const text = await response.text();
          tally.count(label, broken.kind);
          if (response.status >= 500) {
            tally.count(label, "crashes");
            throw new Error(`${broken.kind}: HTTP ${response.status} ${text.slice(0, 300)}`);
          }
          checkForm(operation, response.status, text, response.headers.get("content-type") ?? "");
          if (broken.kind !== "valid" && broken.kind !== "wrong content type") {
            const refused = response.status >= 400 || /"(Error|error)"/.test(text);
            if (!refused && broken.kind !== "wrong types") {
              throw new Error(`${broken.kind} was answered ${response.status}: ${text.slice(0, 300)}`);
            }
          }
        }),
        fuzzParameters(),
      );
    });
  });

  it("is still up and answering afterwards", async () => {
    const response = await fetch(`${sandbox.urls.platform}/v1/organization/`, {
      headers: { authorization: `Bearer ${sandbox.credentials.apiKey}` },
    });
    expect(response.status).toBe(200);
  });
});
