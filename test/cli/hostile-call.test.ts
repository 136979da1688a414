import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, type SeenRequest, startHostileServer } from "../support/hostile-server.js";
import { runCli } from "./support/cli-process.js";

// `chainkit call` prints what a failure says. A server that echoes the credentials it heard (in its
// status line, its body, a JSON-RPC error, a redirect) must not get them printed, pretty or --json,
// unless --reveal asks for secret fields (and even then not in errors).

const token = "cli/Tökén+4b7e19d2";
const username = "cli-user";
const password = "cli-pässword-80c3f5";
const basic = Buffer.from(`${username}:${password}`).toString("base64");
const apiKey = "cli-api-key-6d1a0e";
const privateKey = `0x${"4b".repeat(32)}`;
const SECRETS = [
  token,
  encodeURIComponent(token),
  password,
  encodeURIComponent(password),
  basic,
  apiKey,
  privateKey,
  privateKey.slice(2),
  // How a status line written in Latin-1 (as Node writes one) reads: each non-ASCII letter as U+FFFD.
  token.replace(/[^\x20-\x7e]/g, "\uFFFD"),
];

/** What the server heard, credentials and all, decoded, as a hostile server would echo it back. */
function echo(request: SeenRequest): string {
  const authorization = request.headers.authorization ?? "";
  const pair = authorization.startsWith("Basic ")
    ? Buffer.from(authorization.slice("Basic ".length), "base64").toString("utf8")
    : "";
  return `${request.method} ${request.url} ${decodeURIComponent(request.url)} ${authorization} ${pair}`;
}

/** Fails each request as the first path segment of its base URL says. */
function fail(request: SeenRequest, response: ServerResponse): void {
  const heard = echo(request);
  const how = request.url.split("/")[1];
  if (how === "status") {
    response.writeHead(401, `Refused ${request.url}`, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { message: heard, fields: { [heard]: [heard] } }, detail: heard }));
  } else if (how === "text") {
    response.writeHead(500, `Broken ${decodeURIComponent(request.url)}`, { "content-type": "text/plain" });
    response.end(heard);
  } else if (how === "redirect") {
    response.writeHead(307, { location: `https://elsewhere.example.net/?echo=${encodeURIComponent(heard)}` });
    response.end();
  } else {
    // Refused inside a 200: a JSON-RPC error, the wallet's {"Error"} or the exchange's {"status":"err"}.
    const { id } = (request.text.startsWith("{") ? JSON.parse(request.text) : {}) as { id?: number };
    const body = request.text.includes('"jsonrpc"')
      ? { jsonrpc: "2.0", id, error: { code: -32000, message: heard, data: { [heard]: heard } } }
      : { status: "err", response: heard, Error: heard };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  }
}

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer(fail);
});
afterAll(() => server.close());

const withToken = { CHAINKIT_NODE_TOKEN: token, CHAINKIT_USERNAME: "", CHAINKIT_PASSWORD: "" };
const withBasic = { CHAINKIT_NODE_TOKEN: "", CHAINKIT_USERNAME: username, CHAINKIT_PASSWORD: password };

/** One failing `chainkit call`: the surface, the failure, the command and its credentials. */
const cases: [string, string, string[], Record<string, string>][] = [
  ["platform", "status", ["getOrganization"], { CHAINKIT_API_KEY: apiKey }],
  ["evm", "refusal", ["eth_blockNumber"], withToken],
  ["evm", "text", ["eth_blockNumber"], withToken],
  ["evm", "status", ["eth_chainId"], withBasic],
  ["evm", "redirect", ["eth_chainId"], withBasic],
  ["wallet", "refusal", ["getAssetIssueListByName", "--param", "value=SEED"], withToken],
  [
    "indexer",
    "status",
    ["getActions", "--param", "account=0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0"],
    withBasic,
  ],
  [
    "exchange",
    "refusal",
    ["cancel", "--param", 'action={"cancels":[{"a":0,"o":77738308}]}'],
    { CHAINKIT_EXCHANGE_PRIVATE_KEY: privateKey },
  ],
];

describe("chainkit call against a server that echoes the credentials", () => {
  it("prints each failure, pretty and --json, without a secret", async () => {
    const runs = cases.flatMap(([surface, how, args, env]) =>
      [[], ["--json"]].map((output) => ({
        name: `${surface} ${how}${output.length > 0 ? " --json" : ""}`,
        run: () =>
          runCli(["call", surface, ...args, ...output], {
            ...env,
            [`CHAINKIT_${surface.toUpperCase()}_URL`]: `${server.url}/${how}`,
          }),
      })),
    );
    const leaks: string[] = [];
    // A few at a time: each run is a node process.
    for (let start = 0; start < runs.length; start += 4) {
      const batch = runs.slice(start, start + 4);
      const results = await Promise.all(batch.map(({ run }) => run()));
      for (const [index, { code, stdout, stderr }] of results.entries()) {
        const name = batch[index]?.name ?? "";
        expect(code, `${name}: ${stderr}`).not.toBe(0);
        // The failure is printed, with what the server said (secrets as ***).
        expect(stderr, name).toMatch(
          name.endsWith("--json") ? /^\{"error":\{"name":"\w+Error"/ : /^chainkit: /,
        );
        const printed = stdout + stderr;
        leaks.push(
          ...SECRETS.filter((secret) => printed.includes(secret)).map((secret) => `${name}: ${secret}`),
        );
      }
    }
    expect(leaks).toEqual([]);
    // Every server answer echoed real credentials, so each run had them to print.
    expect(server.requests.some((request) => request.url.includes(encodeURIComponent(token)))).toBe(true);
    expect(server.requests.some((request) => request.headers.authorization === `Basic ${basic}`)).toBe(true);
    expect(server.requests.some((request) => request.headers.authorization === `Bearer ${apiKey}`)).toBe(
      true,
    );
  }, 120_000);
});
