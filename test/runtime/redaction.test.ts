import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Auth, bearerAuth, nodeAuth } from "../../src/runtime/credentials/auth.js";
import { redactText } from "../../src/runtime/credentials/redact.js";
import { ChainkitError } from "../../src/runtime/errors/chainkit-error.js";
import { showRequest } from "../../src/runtime/http/shown-request.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";
import { blockNumber, createThing, getThing } from "./support/descriptors.js";
import { type Answer, startServer, type TestServer } from "./support/http-server.js";

const TOKEN = "TOKENs3cr3t4242";
const USERNAME = "alice";
const PASSWORD = "PASSs3cr3t9090";
const API_KEY = "KEYs3cr3t7777";
const SECRETS = [TOKEN, PASSWORD, API_KEY, Buffer.from(`${USERNAME}:${PASSWORD}`).toString("base64")];

const modes: [string, () => Auth][] = [
  ["token", () => nodeAuth({ token: TOKEN })],
  ["basic", () => nodeAuth({ username: USERNAME, password: PASSWORD })],
  ["bearer", () => bearerAuth(API_KEY)],
];

/** Every way a value could be shown. */
function renderings(value: unknown): string[] {
  const shown = [
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    JSON.stringify(value) ?? "",
  ];
  if (value instanceof Error) shown.push(value.message, value.stack ?? "", String(value));
  return shown;
}

/**
 * What each run of base64 characters in `text` decodes to, read from each of its first four
 * characters (a run may start anywhere in a 4-character group), in either alphabet.
 */
function base64Decodings(text: string): Buffer[] {
  const runs = text.match(/[A-Za-z0-9+/_-]{4,}/g) ?? [];
  return runs.flatMap((run) => [0, 1, 2, 3].map((from) => Buffer.from(run.slice(from), "base64")));
}

function expectNoSecret(value: unknown) {
  for (const text of renderings(value)) {
    for (const secret of SECRETS) {
      expect(text).not.toContain(secret);
      for (const decoded of base64Decodings(text)) {
        expect(decoded.includes(secret), "a base64 run in it decodes to a secret").toBe(false);
      }
    }
  }
}

/**
 * A server that misbehaves in every way depending on the path, and echoes the request line and the
 * Authorization header back in its bodies, as they are and base64-encoded (URL-safe too), as careless
 * servers do.
 */
let server: TestServer;
let closedUrl: string;
beforeAll(async () => {
  server = await startServer((request): Answer => {
    const seen = `${request.method} ${request.url} auth=${request.headers.authorization ?? ""}`;
    const encoded = Buffer.from(seen);
    const echo = `${seen} seen=${encoded.toString("base64")} again=${encoded.toString("base64url")}`;
    const rpc = request.body.includes('"jsonrpc"')
      ? (JSON.parse(request.body) as { id: number; method: string })
      : undefined;
    if (request.url.includes("/rpc/")) {
      const kind = request.url.split("/rpc/")[1];
      if (kind === "error") {
        return {
          body: { jsonrpc: "2.0", id: rpc?.id, error: { code: -32000, message: echo, data: { echo } } },
        };
      }
      if (kind === "limit")
        return {
          body: {
            jsonrpc: "2.0",
            id: rpc?.id,
            error: { code: -32005, message: echo, data: { try_again_in: "1h", echo } },
          },
        };
      if (kind === "invalid") return { body: { jsonrpc: "2.0", id: rpc?.id, result: 7 } };
      if (kind === "http") return { status: 401, body: echo };
      return "hang";
    }
    if (request.url.includes("TH-400"))
      return { status: 400, body: { error: { code: "bad", message: echo, fields: { x: [echo] } } } };
    if (request.url.includes("TH-429"))
      return { status: 429, headers: { "retry-after": "3600" }, body: echo };
    if (request.url.includes("TH-500"))
      return { status: 500, headers: { "content-type": "text/plain" }, body: echo };
    if (request.url.includes("TH-200")) return { body: { id: echo } };
    return "hang";
  });
  const closed = await startServer(() => "hang");
  closedUrl = closed.url;
  await closed.close();
});
afterAll(() => server.close());

describe.each(modes)("no secret shows (%s)", (_mode, makeAuth) => {
  async function restErrors(): Promise<unknown[]> {
    const auth = makeAuth();
    const caller = createRestCaller({ baseUrl: server.url, auth, retry: false });
    const offline = createRestCaller({ baseUrl: closedUrl, auth, retry: false });
    const get = (id: string) => caller.call(getThing, { path: { id } }).catch((e: unknown) => e);
    const aborted = caller
      .call(getThing, { path: { id: "TH-1" } }, { signal: AbortSignal.abort(new Error("stop")) })
      .catch((e: unknown) => e);
    return Promise.all([
      get("TH-400"),
      get("TH-429"),
      get("TH-500"),
      get("TH-200").then(() => caller.call(getThing, { path: { id: "TH-200" } }).catch((e: unknown) => e)),
      caller.call(getThing, { path: { id: "TH-1" } }, { timeout: 50 }).catch((e: unknown) => e), // hangs
      caller.call(createThing, { body: { name: TOKEN, region: "nowhere" } }).catch((e: unknown) => e),
      offline.call(getThing, { path: { id: "TH-1" } }).catch((e: unknown) => e),
      aborted,
    ]);
  }

  async function rpcErrors(): Promise<unknown[]> {
    const auth = makeAuth();
    const client = (kind: string) =>
      createJsonRpcClient({ url: server.url, path: `/rpc/${kind}`, auth, retry: false });
    const call = (kind: string) =>
      client(kind)
        .call(blockNumber, [])
        .catch((e: unknown) => e);
    return Promise.all([
      call("error"),
      call("limit"),
      call("invalid"),
      call("http"),
      client("hang")
        .call(blockNumber, [], { timeout: 50 })
        .catch((e: unknown) => e),
      client("error")
        .call(blockNumber, [TOKEN])
        .catch((e: unknown) => e),
      createJsonRpcClient({ url: closedUrl, auth, retry: false })
        .call(blockNumber, [])
        .catch((e: unknown) => e),
    ]);
  }

  it("in any REST error kind", async () => {
    const errors = await restErrors();
    expect(errors.map((error) => (error as Error).name)).toEqual([
      "HttpError",
      "RateLimitError",
      "HttpError",
      "ResponseValidationError",
      "TimeoutError",
      "RequestValidationError",
      "NetworkError",
      "AbortError",
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ChainkitError);
      expectNoSecret(error);
    }
    // The echo really reached the error, scrubbed: the test would catch a leak.
    expect((errors[0] as Error).message).toContain("***");
  });

  it("in any JSON-RPC error kind", async () => {
    const errors = await rpcErrors();
    expect(errors.map((error) => (error as Error).name)).toEqual([
      "JsonRpcError",
      "RateLimitError",
      "ResponseValidationError",
      "HttpError",
      "TimeoutError",
      "RequestValidationError",
      "NetworkError",
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ChainkitError);
      expectNoSecret(error);
    }
  });

  it("in construction errors", () => {
    const auth = makeAuth();
    for (const make of [
      () => createRestCaller({ baseUrl: "http://node.example.com", auth }),
      () => createJsonRpcClient({ url: "http://node.example.com", auth }),
    ]) {
      let caught: unknown;
      try {
        make();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ChainkitError);
      expectNoSecret(caught);
    }
  });

  it("in the auth, caller and client objects", () => {
    const auth = makeAuth();
    expectNoSecret(auth);
    expectNoSecret(createRestCaller({ baseUrl: server.url, auth }));
    expectNoSecret(createJsonRpcClient({ url: server.url, auth }));
  });

  it("in the lazily redacted request description, before and after its URL is read", () => {
    const auth = makeAuth();
    const url = auth.resolveUrl(server.url, "/evm");
    const shown = showRequest("POST", url, auth.redact);
    expectNoSecret(shown);
    expect(shown.url).toBe(auth.redact(url));
    expectNoSecret(shown);
  });
});

describe("a password with JSON-escaped characters", () => {
  it("does not show when a server echoes it inside a JSON error body", async () => {
    const password = 'pa"ss\\word-5150';
    const echo = await startServer((request) => ({
      status: 500,
      body: { error: { message: `bad password ${request.headers["x-echo"]}` } },
    }));
    try {
      const caller = createRestCaller({
        baseUrl: echo.url,
        auth: nodeAuth({ username: USERNAME, password }),
        headers: { "x-echo": password },
        retry: false,
      });
      const error = await caller.call(getThing, { path: { id: "TH-1" } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChainkitError);
      expect((error as Error).message).toContain("bad password ***");
      for (const text of renderings(error)) expect(text).not.toContain(password);
    } finally {
      await echo.close();
    }
  });
});

describe("credential mistakes", () => {
  it("never echo the secret in the refusal", () => {
    for (const credentials of [
      { token: TOKEN, username: USERNAME, password: PASSWORD },
      { apiKey: API_KEY },
      { token: `Bearer ${TOKEN}` },
    ]) {
      let caught: unknown;
      try {
        nodeAuth(credentials as never);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ChainkitError);
      expectNoSecret(caught);
    }
  });
});

describe("a secret a server echoes re-encoded", () => {
  it("is hidden in each form a server may give it, and nothing else is", () => {
    const secret = "cli/Tökén+4b 7e19";
    const forms = [
      secret,
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()), // lower-case hex
      "cli/T%C3%B6k%C3%A9n+4b%207e19", // decoded, then encoded again as a path
      "cli%2FT%c3%b6k%C3%A9n%2B4b+7e19", // mixed case, a space as +
      "cli/TÃ¶kÃ©n+4b 7e19", // UTF-8 bytes read as Latin-1
      "cli/T\uFFFDk\uFFFDn+4b 7e19", // a Latin-1 status line read as UTF-8
    ];
    for (const form of forms) {
      expect(redactText(`404 No route /${form}/evm`, [secret]), form).toBe("404 No route /***/evm");
    }
    // A different secret with the same letters is not touched, nor is text around the secret.
    expect(redactText("cli/Tokan+4b 7e19 and cli/Tö", [secret])).toBe("cli/Tokan+4b 7e19 and cli/Tö");
  });
});

describe("a secret a server echoes base64-encoded", () => {
  const secrets = [
    "KEYs3cr3t7777",
    "k3y~with?and>", // "~", "?" and ">" give "+" and "/" (standard) or "-" and "_" (URL-safe)
    "cli/Tökén+🔑 7e19",
  ];
  const encodings = {
    standard: (bytes: Buffer) => bytes.toString("base64"),
    unpadded: (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, ""),
    "URL-safe": (bytes: Buffer) => bytes.toString("base64url"),
    "URL-safe, padded": (bytes: Buffer) => bytes.toString("base64").replace(/\+/g, "-").replace(/\//g, "_"),
  };

  /** Every 4 bytes in a row of the secret's UTF-8 (as is and percent-encoded). */
  function piecesOf(secret: string): Buffer[] {
    return [secret, encodeURIComponent(secret)].flatMap((form) => {
      const bytes = Buffer.from(form);
      return Array.from({ length: bytes.length - 3 }, (_, at) => bytes.subarray(at, at + 4));
    });
  }

  it("is hidden wherever it starts in the encoded text, in either alphabet, padded or not", () => {
    for (const secret of secrets) {
      // Each prefix puts the secret at another byte offset (modulo 3) of the encoded bytes.
      for (const prefix of ["", "a", "ab", "Bearer ", "path=/"]) {
        for (const suffix of ["", "!", " (seen)", "/evm"]) {
          for (const form of [secret, encodeURIComponent(secret)]) {
            for (const [name, encode] of Object.entries(encodings)) {
              const text = `echo ${encode(Buffer.from(prefix + form + suffix))} end`;
              const shown = redactText(text, [secret]);
              const where = JSON.stringify({ secret, prefix, suffix, form, name, shown });
              expect(shown, where).toMatch(/^echo \S*\*\*\*\S* end$/);
              for (const decoded of base64Decodings(shown)) {
                for (const piece of piecesOf(secret)) expect(decoded.includes(piece), where).toBe(false);
              }
            }
          }
        }
      }
    }
  });

  it("takes the characters that hold some of its bits, and leaves the rest of the text", () => {
    const header = Buffer.from("Bearer KEYs3cr3t7777").toString("base64"); // QmVhcmVyIEtFWXMzY3IzdDc3Nzc=
    // "E" holds the space's last bits and the key's first: the mask takes it too.
    expect(redactText(`auth=${header};`, ["KEYs3cr3t7777"])).toBe("auth=QmVhcmVyI***=;");
    // A secret of 8 bytes, the shortest allowed, decides 10 characters on its own.
    const alone = Buffer.from("ab12345678").toString("base64").slice(3, 13);
    expect(alone).toHaveLength(10);
    expect(redactText(alone, ["12345678"])).toBe("***");
    // Text that is not its base64 is left as it is, base64 or not.
    const other = `seen ${Buffer.from("Bearer KEYn0tThe0ne").toString("base64")} at nd-123-456-789`;
    expect(redactText(other, ["KEYs3cr3t7777"])).toBe(other);
  });
});
