import { Console } from "node:console";
import { Writable } from "node:stream";
import { format, inspect } from "node:util";
import { createEvmClient, nodeHttpEndpoint, nodeWebSocketEndpoint, Secret } from "chainkit/evm";
import { createExchangeClient, privateKeySigner } from "chainkit/exchange";
import { createIndexerClient } from "chainkit/indexer";
import { createPlatformClient, nodeAccess } from "chainkit/platform";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { bearerAuth, noAuth, nodeAuth } from "../../src/runtime/credentials/auth.js";
import { hideSecrets } from "../../src/runtime/credentials/hide-secrets.js";
import { checkNodeCredentials } from "../../src/runtime/credentials/node-credentials.js";

// One place that lists every object chainkit hands out holding a secret, and prints each of them
// every way code prints things: no form may show the secret, while the fields still give it to code.

/** A token the URL parser percent-encodes, so the encoded form is checked as well. */
const token = "Sweep/Tökén+8c1f4e07";
const username = "sweep-user";
const password = "sweep-pässword-2b9c61";
const basic = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
const apiKey = "sweep-api-key-5e0a93";
const privateKey = `0x${"5a".repeat(32)}` as const;
const nodeSecrets = [
  token,
  encodeURIComponent(token),
  password,
  encodeURIComponent(password),
  basic.slice("Basic ".length),
];
const node = {
  id: "ND-1",
  details: {
    https_endpoint: `https://nd-1.example.com/${encodeURIComponent(token)}`,
    auth_key: token,
    auth_username: username,
    auth_password: password,
  },
};
const nodeUrl = "https://nd-1.example.com";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ nodeStartupMs: 0 });
});
afterAll(() => sandbox?.close());

/** What `console.log` prints. */
function logged(value: unknown): string {
  let text = "";
  const stdout = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  new Console({ stdout }).log(value);
  return text;
}

const FORMS = [
  "inspect",
  "inspect showHidden",
  "inspect nested",
  "console.log",
  "util.format",
  "JSON.stringify",
  "JSON.stringify nested",
  "String",
  "template",
];

/** Every way a value ends up as text: inspection, logging, formatting, JSON, strings, templates (as {@link FORMS} names them). */
function renderings(value: unknown): string[] {
  return [
    inspect(value),
    inspect(value, { showHidden: true, depth: Number.POSITIVE_INFINITY, getters: true }),
    inspect({ nested: [value] }, { depth: Number.POSITIVE_INFINITY }),
    logged(value),
    format("%s %o %O %j", value, value, value, value),
    JSON.stringify(value) ?? "",
    JSON.stringify({ nested: [value] }),
    String(value),
    `${value}`,
  ];
}

/** Runs `make` and returns what it threw. */
function thrown(make: () => unknown): unknown {
  try {
    make();
  } catch (error) {
    return error;
  }
  return expect.unreachable("did not throw");
}

/** Every public object holding a secret, with the secrets it holds. */
function holders(): [string, unknown, string[]][] {
  const httpToken = nodeHttpEndpoint({ url: nodeUrl, credentials: { token }, path: "/evm" });
  const httpBasic = nodeHttpEndpoint({ url: nodeUrl, credentials: { username, password }, path: "/evm" });
  const wsBasic = nodeWebSocketEndpoint({ url: nodeUrl, credentials: { username, password } });
  const { credentials: sandboxCredentials } = sandbox;
  const sandboxSecrets = [
    sandboxCredentials.apiKey,
    sandboxCredentials.nodeToken,
    sandboxCredentials.password,
    sandboxCredentials.exchangePrivateKey,
    sandboxCredentials.exchangePrivateKey.slice(2),
    sandboxCredentials.walletPrivateKey,
  ];
  return [
    ["Secret", new Secret(token), [token]],
    ["nodeHttpEndpoint with a token", httpToken, nodeSecrets],
    ["nodeHttpEndpoint with basic auth", httpBasic, nodeSecrets],
    ["nodeHttpEndpoint's headers", httpBasic.headers, nodeSecrets],
    [
      "nodeWebSocketEndpoint with a token",
      nodeWebSocketEndpoint({ url: nodeUrl, credentials: { token } }),
      nodeSecrets,
    ],
    ["nodeWebSocketEndpoint with basic auth", wsBasic, nodeSecrets],
    ["nodeWebSocketEndpoint's headers", wsBasic.headers, nodeSecrets],
    ["nodeAccess with a token", nodeAccess(node), nodeSecrets],
    ["nodeAccess with basic auth", nodeAccess(node, { prefer: "basic" }), nodeSecrets],
    ["nodeAccess's credentials", nodeAccess(node).credentials, nodeSecrets],
    ["nodeAuth with a token", nodeAuth({ token }), nodeSecrets],
    ["nodeAuth with basic auth", nodeAuth({ username, password }), nodeSecrets],
    ["bearerAuth", bearerAuth(apiKey), [apiKey]],
    ["noAuth", noAuth(), []],
    ["checked token credentials", checkNodeCredentials({ token }), nodeSecrets],
    ["checked basic credentials", checkNodeCredentials({ username, password }), nodeSecrets],
    [
      "the error for a plain-HTTP URL holding the token",
      thrown(() => nodeHttpEndpoint({ url: `http://nd-1.example.com/${token}`, credentials: { token } })),
      nodeSecrets,
    ],
    [
      "the error for a credential with a Bearer prefix",
      thrown(() => nodeAuth({ token: `Bearer ${token}` })),
      nodeSecrets,
    ],
    ["startSandbox().credentials", sandboxCredentials, sandboxSecrets],
    ["the sandbox", sandbox, sandboxSecrets],
    ["an EVM client", createEvmClient({ url: nodeUrl, credentials: { username, password } }), nodeSecrets],
    ["a wallet client", createWalletClient({ url: nodeUrl, credentials: { token } }), nodeSecrets],
    ["an indexer client", createIndexerClient({ url: nodeUrl, credentials: { token } }), nodeSecrets],
    ["a platform client", createPlatformClient({ baseUrl: nodeUrl, apiKey }), [apiKey]],
    [
      "an exchange client",
      createExchangeClient({ baseUrl: nodeUrl, signer: privateKeySigner(privateKey), network: "testnet" }),
      [privateKey, privateKey.slice(2)],
    ],
  ];
}

describe("no secret shows when printed", () => {
  it("in any form, for every object listed", () => {
    const list = holders();
    expect(list.length).toBeGreaterThan(20);
    const leaks = new Set<string>();
    for (const [name, value, secrets] of list) {
      renderings(value).forEach((text, form) => {
        if (secrets.some((secret) => text.includes(secret))) leaks.add(`${name} (${FORMS[form]})`);
      });
    }
    expect([...leaks]).toEqual([]);
  });

  it("while node endpoints show where they go, with the token and header masked", () => {
    const http = nodeHttpEndpoint({ url: nodeUrl, credentials: { token }, path: "/evm" });
    expect(inspect(http)).toBe("{ url: 'https://nd-1.example.com/***/evm', headers: {} }");
    const ws = nodeWebSocketEndpoint({ url: nodeUrl, credentials: { username, password } });
    expect(JSON.stringify(ws)).toBe('{"url":"wss://nd-1.example.com/ws","headers":{"authorization":"***"}}');
    // A field changed later is masked too: what is shown is worked out when it is asked for.
    ws.headers = { authorization: basic, "x-extra": "1" };
    expect(inspect(ws, { breakLength: Number.POSITIVE_INFINITY })).toBe(
      "{ url: 'wss://nd-1.example.com/ws', headers: { authorization: '***', 'x-extra': '***' } }",
    );
    expect(JSON.stringify(hideSecrets({ key: apiKey }))).toBe('{"key":"***"}');
  });
});

describe("the fields still give the secrets to code", () => {
  it("node endpoints and nodeAccess, as values and as headers", () => {
    expect(nodeHttpEndpoint({ url: nodeUrl, credentials: { token }, path: "/evm" }).url).toBe(
      `${nodeUrl}/${encodeURIComponent(token)}/evm`,
    );
    const { headers } = nodeWebSocketEndpoint({ url: nodeUrl, credentials: { username, password } });
    expect(headers.authorization).toBe(basic);
    expect({ ...headers }).toEqual({ authorization: basic });
    expect(new Headers(headers).get("authorization")).toBe(basic);
    expect({ ...nodeAccess(node).credentials }).toEqual({ token });
  });

  it.each([
    ["a token", () => ({ token: sandbox.credentials.nodeToken })],
    [
      "basic auth",
      () => ({ username: sandbox.credentials.username, password: sandbox.credentials.password }),
    ],
  ])("over HTTP and WebSocket to the sandbox's EVM node, with %s", async (_mode, credentialsOf) => {
    const credentials = credentialsOf();
    const url = sandbox.urls.evm;
    const request = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
    const expected = `0x${sandbox.evm.chainId.toString(16)}`;

    const http = nodeHttpEndpoint({ url, credentials, path: sandbox.evm.path });
    const answer = await fetch(http.url, {
      method: "POST",
      headers: { ...http.headers, "content-type": "application/json" },
      body: request,
    });
    expect(((await answer.json()) as { result: string }).result).toBe(expected);

    const ws = nodeWebSocketEndpoint({ url, credentials });
    const socket = new WebSocket(ws.url, { headers: ws.headers });
    try {
      const message = new Promise<string>((resolve, reject) => {
        socket.once("message", (data) => resolve(String(data)));
        socket.once("error", reject);
      });
      await new Promise((resolve, reject) => {
        socket.once("open", resolve);
        socket.once("error", reject);
      });
      socket.send(request);
      expect((JSON.parse(await message) as { result: string }).result).toBe(expected);
    } finally {
      socket.close();
    }
  });
});
