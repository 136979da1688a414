import { Console } from "node:console";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { format, inspect } from "node:util";
import {
  ChainkitError,
  createEvmClient,
  HttpError,
  JsonRpcError,
  NetworkError,
  nodeHttpEndpoint,
  nodeWebSocketEndpoint,
  RateLimitError,
  RedirectRefusedError,
  RequestValidationError,
  ResponseTooLargeError,
  ResponseValidationError,
  Secret,
  TimeoutError,
} from "chainkit/evm";
import { createExchangeClient, privateKeySigner } from "chainkit/exchange";
import { xTokenCallCredentials, xTokenInterceptor } from "chainkit/grpc";
import { createIndexerClient } from "chainkit/indexer";
import { createPlatformClient, NodeFailedError, nodeAccess } from "chainkit/platform";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { chainkitTransport } from "chainkit/viem";
import { createWalletClient, privateKeySigner as walletKeySigner } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { bearerAuth, noAuth, nodeAuth } from "../../src/runtime/credentials/auth.js";
import { hideSecrets } from "../../src/runtime/credentials/hide-secrets.js";
import { checkNodeCredentials } from "../../src/runtime/credentials/node-credentials.js";
import { type SeenRequest, startHostileServer } from "../support/hostile-server.js";

// One place that lists everywhere chainkit hands out a secret (objects, answers, errors) and prints
// each of them every way code prints things: no form may show the secret, while fields still give it
// to code.

/** A token the URL parser percent-encodes, so the encoded form is checked as well. */
const token = "Sweep/Tökén+8c1f4e07";
const username = "sweep-user";
const password = "sweep-pässword-2b9c61";
const basic = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
const apiKey = "sweep-api-key-5e0a93";
const privateKey = `0x${"5a".repeat(32)}` as const;
const walletKey = "3c".repeat(32);
const tokenSecrets = [token, encodeURIComponent(token)];
const basicSecrets = [password, encodeURIComponent(password), basic.slice("Basic ".length)];
const nodeSecrets = [...tokenSecrets, ...basicSecrets];
const keySecrets = [privateKey, privateKey.slice(2), walletKey];
/** gRPC metadata carries printable ASCII only. */
const grpcToken = "sweep-grpc-token-7d04aa";
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

/** `JSON.stringify` as a logger calls it: bigints as strings, so a value holding one still prints. */
function json(value: unknown): string {
  return (
    JSON.stringify(value, (_key, field: unknown) => (typeof field === "bigint" ? String(field) : field)) ?? ""
  );
}

/** Every way a value ends up as text, by name. Errors add their message and stack, and their causes'. */
function renderings(value: unknown): [string, string][] {
  const forms: [string, string][] = [
    ["inspect", inspect(value)],
    [
      "inspect showHidden",
      inspect(value, { showHidden: true, depth: Number.POSITIVE_INFINITY, getters: true }),
    ],
    ["inspect nested", inspect({ nested: [value] }, { depth: Number.POSITIVE_INFINITY })],
    ["console.log", logged(value)],
    ["util.format", format("%s %o %O %j", value, value, value, value)],
    ["JSON.stringify", json(value)],
    ["JSON.stringify nested", json({ nested: [value] })],
    ["String", String(value)],
    ["template", `${value}`],
  ];
  for (let error = value, depth = 0; error instanceof Error && depth < 5; error = error.cause, depth++) {
    forms.push(
      [`message (cause depth ${depth})`, error.message],
      [`stack (cause depth ${depth})`, String(error.stack)],
    );
  }
  return forms;
}

/** Where `value` shows one of `secrets`, as `name (form)`; empty when it shows none. */
function leaksOf(name: string, value: unknown, secrets: readonly string[]): string[] {
  return renderings(value)
    .filter(([, text]) => secrets.some((secret) => text.includes(secret)))
    .map(([form]) => `${name} (${form})`);
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

describe("the sweep itself", () => {
  it("catches planted leaks: a plain object, an error message and stack, a cause, an object hidden from inspect or JSON only", () => {
    const planted = new Error(`refused ${nodeUrl}/${encodeURIComponent(token)}/evm`);
    expect(leaksOf("plain", { token }, nodeSecrets)).toEqual(
      expect.arrayContaining(["plain (inspect)", "plain (JSON.stringify)", "plain (util.format)"]),
    );
    expect(leaksOf("error", planted, nodeSecrets)).toEqual(
      expect.arrayContaining([
        "error (message (cause depth 0))",
        "error (stack (cause depth 0))",
        "error (String)",
      ]),
    );
    const wrapped = new Error("failed", { cause: new Error(basic) });
    expect(leaksOf("cause", wrapped, nodeSecrets)).toEqual(
      expect.arrayContaining(["cause (inspect)", "cause (message (cause depth 1))"]),
    );
    // Hidden from JSON but not from inspect, and the other way round.
    const halfHidden = { password, toJSON: () => ({ password: "***" }) };
    expect(leaksOf("half", halfHidden, nodeSecrets)).toContain("half (inspect)");
    expect(leaksOf("half", halfHidden, nodeSecrets)).not.toContain("half (JSON.stringify)");
    const otherHalf = { [Symbol.for("nodejs.util.inspect.custom")]: () => "***", apiKey };
    expect(leaksOf("other", otherHalf, [apiKey])).toEqual([
      "other (util.format)",
      "other (JSON.stringify)",
      "other (JSON.stringify nested)",
    ]);
    expect(leaksOf("clean", hideSecrets({ token, password }), nodeSecrets)).toEqual([]);
  });
});

/** Every public object holding a secret, with the secrets it holds. */
function holders(): [string, unknown, readonly string[]][] {
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
    sandboxCredentials.evmPrivateKey,
    sandboxCredentials.evmPrivateKey.slice(2),
  ];
  const exchangeSigner = privateKeySigner(privateKey);
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
    [
      "the error for a client URL in plain HTTP holding the token",
      thrown(() => createWalletClient({ url: `http://nd-1.example.com/${token}`, credentials: { token } })),
      nodeSecrets,
    ],
    [
      "the error for a client URL with the token in its query",
      thrown(() => createIndexerClient({ url: `${nodeUrl}/?token=${token}`, credentials: { token } })),
      nodeSecrets,
    ],
    [
      "the error for a platform base URL holding the key",
      thrown(() => createPlatformClient({ baseUrl: `http://api.example.com/${apiKey}`, apiKey })),
      [apiKey],
    ],
    ["the error for an API key with a space", thrown(() => bearerAuth(`${apiKey} x`)), [apiKey]],
    ["startSandbox().credentials", sandboxCredentials, sandboxSecrets],
    ["the sandbox", sandbox, sandboxSecrets],
    ["an EVM client (token)", createEvmClient({ url: nodeUrl, credentials: { token } }), nodeSecrets],
    [
      "an EVM client (basic)",
      createEvmClient({ url: nodeUrl, credentials: { username, password } }),
      nodeSecrets,
    ],
    ["a wallet client (token)", createWalletClient({ url: nodeUrl, credentials: { token } }), nodeSecrets],
    [
      "a wallet client (basic)",
      createWalletClient({ url: nodeUrl, credentials: { username, password } }),
      nodeSecrets,
    ],
    ["an indexer client (token)", createIndexerClient({ url: nodeUrl, credentials: { token } }), nodeSecrets],
    [
      "an indexer client (basic)",
      createIndexerClient({ url: nodeUrl, credentials: { username, password } }),
      nodeSecrets,
    ],
    ["a platform client", createPlatformClient({ baseUrl: nodeUrl, apiKey }), [apiKey]],
    ["a viem transport (token)", chainkitTransport({ url: nodeUrl, credentials: { token } }), nodeSecrets],
    [
      "a viem transport (basic)",
      chainkitTransport({ url: nodeUrl, credentials: { username, password } }),
      nodeSecrets,
    ],
    ["an exchange signer", exchangeSigner, keySecrets],
    [
      "an exchange client with a signer",
      createExchangeClient({ baseUrl: nodeUrl, signer: exchangeSigner, network: "testnet" }),
      keySecrets,
    ],
    [
      "an exchange client with a private key",
      createExchangeClient({ baseUrl: nodeUrl, privateKey, network: "mainnet" }),
      keySecrets,
    ],
    [
      "the error for an exchange key one digit short",
      thrown(() => privateKeySigner(privateKey.slice(0, -1) as never)),
      keySecrets,
    ],
    ["a wallet signer", walletKeySigner(walletKey), keySecrets],
    [
      "the error for a wallet key one digit short",
      thrown(() => walletKeySigner(walletKey.slice(0, -1))),
      keySecrets,
    ],
    ["gRPC x-token call credentials", xTokenCallCredentials(grpcToken), [grpcToken]],
    ["gRPC x-token interceptor", xTokenInterceptor(grpcToken, { target: "127.0.0.1:50051" }), [grpcToken]],
    [
      "the error for a gRPC x-token to a remote host in clear",
      thrown(() => xTokenInterceptor(grpcToken, { target: `https://nd-1.example.com/${grpcToken}` })),
      [grpcToken],
    ],
    [
      "the error for a gRPC token with a space",
      thrown(() => xTokenCallCredentials(`${grpcToken} `)),
      [grpcToken],
    ],
  ];
}

describe("no secret shows when printed", () => {
  it("in any form, for every object listed", () => {
    const list = holders();
    expect(list.length).toBeGreaterThan(30);
    expect(list.flatMap(([name, value, secrets]) => leaksOf(name, value, secrets))).toEqual([]);
  });

  it("in answers whose x-secret fields carry credentials, and in what is made of them", async () => {
    const platform = createPlatformClient({
      baseUrl: sandbox.urls.platform,
      apiKey: sandbox.credentials.apiKey,
    });
    const request = {
      name: "sweep",
      network: "ethereum-mainnet",
      type: "dedicated",
      role: "peer",
      provider: "aws",
      region: "us-east-1",
      configuration: {},
    } as const;
    const created = await platform.createNode(request);
    const running = await platform.waitForNode(created.id, { until: "running", timeout: 30_000 });
    const details = running.details as { auth_key: Secret; auth_password: Secret; https_endpoint: string };
    const secrets = [details.auth_key.reveal(), details.auth_password.reveal()];
    // The answer carries the node's real secrets, so the checks below look for something that is there.
    expect(secrets.every((secret) => secret.length >= 8)).toBe(true);
    const failing = await platform.createNode({
      ...request,
      name: "sweep: will fail",
      type: "shared",
      provider: "azure",
      region: "uksouth",
      configuration: { archive: false },
    });
    const failed = await platform
      .waitForNode(failing.id, { timeout: 30_000 })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(NodeFailedError);
    const shown: [string, unknown][] = [
      ["createNode's answer", created],
      ["waitForNode's answer", running],
      ["getNode's answer", await platform.getNode(created.id)],
      ["listNodes' answer", await platform.listNodes()],
      ["nodeAccess of it", nodeAccess(running)],
      ["nodeAccess of it, basic", nodeAccess(running, { prefer: "basic" })],
      ["a NodeFailedError", failed],
      [
        "a NodeFailedError made from a node with secrets",
        new NodeFailedError({ nodeId: "ND-1", status: "failed", until: "running", node }),
      ],
    ];
    expect(shown.flatMap(([name, value]) => leaksOf(name, value, [...secrets, ...nodeSecrets]))).toEqual([]);
  });

  it("in answers that repeat an x-secret field elsewhere, such as a token at the end of the endpoints", async () => {
    const wire = {
      id: "ND-123-456-789",
      name: "echoing endpoints",
      network: "ethereum-mainnet",
      organization: "RG-123-456",
      type: "dedicated",
      provider: "aws",
      region: "us-east-1",
      status: "running",
      details: {
        https_endpoint: `https://nd-123-456-789.example.com/${encodeURIComponent(token)}`,
        wss_endpoint: `wss://nd-123-456-789.example.com/ws/${encodeURIComponent(token)}?key=${encodeURIComponent(token)}`,
        auth_username: username,
        auth_password: password,
        auth_key: token,
        // Extra fields are allowed: a list of strings repeating the secret, and one nested deeper.
        endpoints: ["https://nd-123-456-789.example.com", `https://nd-123-456-789.example.com/${token}`],
        mirrors: [[`wss://nd-123-456-789.example.com/ws/${encodeURIComponent(token)}`], []],
      },
    };
    const server = await startHostileServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(wire));
    });
    try {
      const platform = createPlatformClient({ baseUrl: server.url, apiKey, retry: false });
      const answer = await platform.getNode(wire.id);
      expect(leaksOf("getNode's answer", answer, nodeSecrets)).toEqual([]);
      // Code still reads every field as the service sent it.
      const details = answer.details as { https_endpoint: string; wss_endpoint: string; auth_key: Secret };
      expect(details.https_endpoint).toBe(wire.details.https_endpoint);
      expect({ ...details, auth_key: details.auth_key.reveal() }).toEqual(
        expect.objectContaining({ wss_endpoint: wire.details.wss_endpoint, auth_key: token }),
      );
      expect(JSON.stringify(answer)).toContain('"https_endpoint":"https://nd-123-456-789.example.com/***"');
      // A list keeps being a list holding what the service sent, and prints with the secret as ***.
      const lists = answer.details as { endpoints: string[]; mirrors: string[][] };
      expect(Array.isArray(lists.endpoints)).toBe(true);
      expect([...lists.endpoints]).toEqual(wire.details.endpoints);
      expect(lists.mirrors.map((list) => list.map((item) => item.length))).toEqual(
        wire.details.mirrors.map((list) => list.map((item) => item.length)),
      );
      expect(JSON.stringify(lists.endpoints)).toBe(
        '["https://nd-123-456-789.example.com","https://nd-123-456-789.example.com/***"]',
      );
      expect(nodeAccess(answer)).toEqual({
        url: "https://nd-123-456-789.example.com",
        credentials: { token },
      });
    } finally {
      await server.close();
    }
  });

  it("in the errors of every client: 401, 500, a redirect, a huge, invalid or refusing answer, a timeout, refused input, no server", async () => {
    let answer: (request: SeenRequest, response: ServerResponse) => void | Promise<void> = () => {};
    // The exchange client reads the asset list before it signs: the server gives it one, so each
    // failure hits the signed request itself.
    const server = await startHostileServer((request, response) =>
      request.url === "/info" ? answerInfo(request, response) : answer(request, response),
    );
    const clients = clientsOf(server.url);
    try {
      const failures = failuresOf((handler) => {
        answer = handler;
      });
      const leaks: string[] = [];
      for (const failure of failures) {
        failure.arm();
        const errors = await Promise.all(
          clients.map(
            async (client) => [client, await failure.call(client).catch((error: unknown) => error)] as const,
          ),
        );
        for (const [client, error] of errors) {
          const name = `${client.name}, ${failure.name}`;
          const kind =
            client.overWebSocket && failure.kind !== RequestValidationError ? ChainkitError : failure.kind;
          expect(error, name).toBeInstanceOf(kind);
          leaks.push(...leaksOf(name, error, client.secrets));
        }
      }
      expect(leaks).toEqual([]);
      // The server saw the credentials, so each client had them to leak.
      expect(server.requests.some((request) => request.url.includes(encodeURIComponent(token)))).toBe(true);
      expect(server.requests.some((request) => request.headers.authorization === basic)).toBe(true);
    } finally {
      await Promise.all(clients.map((client) => client.close?.()));
      await server.close();
    }
  });
});

describe("no secret shows in JSON-RPC errors over an open WebSocket", () => {
  it("when the node echoes the dialled URL, the token or the basic header in message and data", async () => {
    const server = createServer();
    const sockets = new WebSocketServer({ server });
    const upgrades: { url: string; authorization: string }[] = [];
    sockets.on("connection", (socket, upgrade) => {
      const heard = {
        method: "GET",
        url: upgrade.url ?? "",
        headers: upgrade.headers,
        text: "",
      };
      upgrades.push({ url: heard.url, authorization: upgrade.headers.authorization ?? "" });
      socket.on("message", (data) => {
        const sent = JSON.parse(String(data)) as { id: number; method: string } | { id: number }[];
        // Hangs up with a reason that repeats what it heard (a close reason holds at most 123 bytes).
        if (!Array.isArray(sent) && sent.method === "hang_up") {
          socket.close(4000, Buffer.from(echo(heard).slice(4)).subarray(0, 123).toString());
          return;
        }
        const answer = (id: number, code: number) => ({
          jsonrpc: "2.0",
          id,
          error: { code, message: echo(heard), data: { [echo(heard)]: [echo(heard)], try_again_in: "1s" } },
        });
        socket.send(
          JSON.stringify(
            Array.isArray(sent) ? sent.map((call) => answer(call.id, -32005)) : answer(sent.id, -32000),
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const common = { retry: false as const, reconnect: false as const, transport: "websocket" as const };
    const clients = [
      ["token", createEvmClient({ url, credentials: { token }, ...common }), tokenSecrets],
      ["basic", createEvmClient({ url, credentials: { username, password }, ...common }), basicSecrets],
    ] as const;
    try {
      const leaks: string[] = [];
      for (const [mode, live, secrets] of clients) {
        const single = await live.eth_blockNumber().catch((error: unknown) => error);
        const batched = await Promise.all([live.eth_chainId(), live.eth_blockNumber()]).catch(
          (error: unknown) => error,
        );
        const subscribed = await live
          .subscribe("newHeads")
          [Symbol.asyncIterator]()
          .next()
          .catch((error: unknown) => error);
        const hungUp = await live.unvalidatedRequest("hang_up", []).catch((error: unknown) => error);
        expect(single, mode).toBeInstanceOf(JsonRpcError);
        expect(batched, mode).toBeInstanceOf(RateLimitError);
        expect(subscribed, mode).toBeInstanceOf(ChainkitError);
        expect(hungUp, mode).toBeInstanceOf(ChainkitError);
        leaks.push(...leaksOf(`${mode}, a subscription`, subscribed, secrets));
        leaks.push(...leaksOf(`${mode}, a close reason`, hungUp, secrets));
        // The server's message is kept, the secret in it is not.
        expect((single as JsonRpcError).message).toContain("***");
        leaks.push(...leaksOf(`${mode}, one call`, single, secrets));
        leaks.push(...leaksOf(`${mode}, a batch`, batched, secrets));
      }
      expect(leaks).toEqual([]);
      // The node heard the credentials, so there was something to echo.
      expect(upgrades.map((upgrade) => upgrade.url)).toContain(`/ws/${encodeURIComponent(token)}`);
      expect(upgrades.map((upgrade) => upgrade.authorization)).toContain(basic);
    } finally {
      await Promise.all(clients.map(([, live]) => live.close()));
      for (const socket of sockets.clients) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => server.close(() => resolve())));
    }
  });
});

/** The exchange's `meta` and `spotMeta`, with one asset. */
function answerInfo(request: SeenRequest, response: ServerResponse): void {
  const { type } = JSON.parse(request.text) as { type: string };
  const meta = { universe: [{ name: "BTC", szDecimals: 5, maxLeverage: 50 }] };
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(type === "meta" ? meta : { universe: [], tokens: [] }));
}

/** One client of a surface, reduced to one typical call and one call with input the spec refuses. */
interface SweptClient {
  name: string;
  secrets: readonly string[];
  /** A WebSocket client: the HTTP answers below refuse its upgrade, so each ends in some `ChainkitError`. */
  overWebSocket?: boolean;
  call(): Promise<unknown>;
  refusedCall(): Promise<unknown>;
  close?(): Promise<void>;
}

const ACCOUNT = "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0";
const MODIFY = {
  oid: 1,
  order: { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } },
} as const;

function clientsOf(url: string): SweptClient[] {
  const common = { retry: false as const, timeout: 2_000, maxResponseBytes: 8192 };
  const byMode = [
    ["token", { token }, tokenSecrets],
    ["basic", { username, password }, basicSecrets],
  ] as const;
  const nodeClients = byMode.flatMap(([mode, credentials, secrets]): SweptClient[] => {
    const evm = createEvmClient({ url, credentials, batch: false, ...common });
    const wallet = createWalletClient({ url, credentials, ...common });
    const indexer = createIndexerClient({ url, credentials, ...common });
    const live = createEvmClient({ url, credentials, transport: "websocket", reconnect: false, ...common });
    return [
      {
        name: `EVM (${mode})`,
        secrets,
        call: () => evm.eth_blockNumber(),
        refusedCall: () => evm.eth_getBalance("0xnot-an-address", "latest"),
      },
      {
        name: `EVM over WebSocket (${mode})`,
        secrets,
        overWebSocket: true,
        call: () => live.eth_blockNumber(),
        refusedCall: () => live.eth_getBalance("0xnot-an-address", "latest"),
        close: () => live.close(),
      },
      {
        name: `wallet (${mode})`,
        secrets,
        call: () => wallet.getAssetIssueListByName({ value: "SEED", visible: true }),
        refusedCall: () => wallet.getAssetIssueListByName({ value: 5 as never, visible: true }),
      },
      {
        name: `indexer (${mode})`,
        secrets,
        call: () => indexer.getActions({ account: ACCOUNT }),
        refusedCall: () => indexer.getActions({ account: ACCOUNT, limit: -1 }),
      },
    ];
  });
  const platform = createPlatformClient({ baseUrl: url, apiKey, ...common });
  const exchange = createExchangeClient({ baseUrl: url, privateKey, network: "mainnet", ...common });
  return [
    ...nodeClients,
    {
      name: "platform",
      secrets: [apiKey],
      call: () => platform.getOrganization(),
      refusedCall: () => platform.listNodes({ page: -1 }),
    },
    {
      name: "exchange",
      secrets: keySecrets,
      call: () => exchange.batchModify([MODIFY]),
      refusedCall: () => exchange.batchModify([{ ...MODIFY, order: { ...MODIFY.order, p: "not a price" } }]),
    },
  ];
}

/** A way for a request to fail: what the server does, which call is made, which error it must end in. */
interface Failure {
  name: string;
  arm(): void;
  call(client: SweptClient): Promise<unknown>;
  kind: abstract new (...args: never[]) => Error;
}

/** What the server heard, credentials and all, decoded, as a hostile server would echo it back. */
function echo(request: SeenRequest): string {
  const authorization = request.headers.authorization ?? "";
  const basicPair = authorization.startsWith("Basic ")
    ? Buffer.from(authorization.slice("Basic ".length), "base64").toString("utf8")
    : "";
  return `${request.method} ${request.url} ${decodeURIComponent(request.url)} ${authorization} ${basicPair}`;
}

function failuresOf(setAnswer: (handler: Parameters<typeof startHostileServer>[0]) => void): Failure[] {
  const typical = (client: SweptClient) => client.call();
  const status = (code: number) => (request: SeenRequest, response: ServerResponse) => {
    response.writeHead(code, `Refused ${request.url}`, { "content-type": "application/json" });
    response.end(
      json({
        error: { code: "denied", message: echo(request), fields: { [echo(request)]: [echo(request)] } },
        Error: echo(request),
      }),
    );
  };
  const ok =
    (body: (request: SeenRequest) => unknown) => (request: SeenRequest, response: ServerResponse) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(json(body(request)));
    };
  const rpcId = (request: SeenRequest) => (JSON.parse(request.text || "{}") as { id?: unknown }).id ?? null;
  return [
    { name: "HTTP 401", arm: () => setAnswer(status(401)), call: typical, kind: HttpError },
    {
      name: "HTTP 500 with a text body",
      arm: () =>
        setAnswer((request, response) => {
          response.writeHead(500, `Broken ${request.url}`, { "content-type": "text/plain" });
          response.end(echo(request));
        }),
      call: typical,
      kind: HttpError,
    },
    {
      name: "a redirect",
      arm: () =>
        setAnswer((request, response) => {
          response.writeHead(307, {
            location: `https://elsewhere.example.net${request.url}?echo=${encodeURIComponent(echo(request))}`,
          });
          response.end();
        }),
      call: typical,
      kind: RedirectRefusedError,
    },
    {
      name: "an answer past maxResponseBytes",
      arm: () =>
        setAnswer((request, response) => {
          response.writeHead(200, { "content-type": "application/json" });
          response.end(`["${echo(request)}${" ".repeat(10_000)}"]`);
        }),
      call: typical,
      kind: ResponseTooLargeError,
    },
    {
      name: "an answer the spec refuses",
      arm: () =>
        setAnswer(
          ok((request) => {
            const wrong = [echo(request), { [echo(request)]: echo(request) }];
            return request.text.includes('"jsonrpc"')
              ? { jsonrpc: "2.0", id: rpcId(request), result: wrong }
              : wrong;
          }),
        ),
      call: typical,
      kind: ResponseValidationError,
    },
    {
      name: "an answer that refuses",
      arm: () =>
        setAnswer(
          ok((request) =>
            request.text.includes('"jsonrpc"')
              ? {
                  jsonrpc: "2.0",
                  id: rpcId(request),
                  error: { code: -32000, message: echo(request), data: { [echo(request)]: echo(request) } },
                }
              : { status: "err", response: echo(request), Error: echo(request), error: echo(request) },
          ),
        ),
      call: typical,
      kind: ChainkitError,
    },
    {
      name: "a timeout",
      arm: () => setAnswer(() => new Promise<void>(() => {})),
      call: typical,
      kind: TimeoutError,
    },
    {
      name: "input the spec refuses",
      arm: () => setAnswer(status(500)),
      call: (client) => client.refusedCall(),
      kind: RequestValidationError,
    },
    {
      name: "no server",
      arm: () =>
        setAnswer((_request, response) => {
          response.socket?.destroy();
        }),
      call: typical,
      kind: NetworkError,
    },
  ];
}

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
