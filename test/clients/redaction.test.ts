import { createServer } from "node:net";
import { inspect } from "node:util";
import { createEvmClient } from "chainkit/evm";
import { createIndexerClient } from "chainkit/indexer";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type LoopbackServer,
  type RecordedRequest,
  type Reply,
  startLoopbackServer,
} from "../support/loopback-server.js";

const token = "sweep-token-8d1f4e07";
const username = "sweep-user";
const password = "sweep-password-2b9c61";
const basicHeader = Buffer.from(`${username}:${password}`).toString("base64");
const secrets = [token, password, basicHeader];

/** What the server does next; each answer echoes the request's path and Authorization header back. */
type Mode = "401" | "429" | "500" | "slow" | "invalid" | "rpc-error" | "wallet-error";
let mode: Mode = "500";
let server: LoopbackServer;
let closedPortUrl: string;

function echo(request: RecordedRequest): string {
  return `seen ${request.path} with ${request.headers.authorization ?? "no header"}`;
}

function answer(request: RecordedRequest): Reply | Promise<Reply> {
  const id = (request.json as { id?: number } | undefined)?.id ?? 1;
  switch (mode) {
    case "401":
      return { status: 401, body: { detail: echo(request) } };
    case "429":
      return { status: 429, headers: { "retry-after": "0" }, body: { error: echo(request) } };
    case "500":
      return { status: 500, body: { error: { code: "internal", message: echo(request) } } };
    case "slow":
      return new Promise((resolve) => setTimeout(() => resolve({ body: {} }), 2_000));
    case "invalid":
      return { body: { jsonrpc: "2.0", id, result: { echoed: echo(request) }, actions: echo(request) } };
    case "rpc-error":
      return {
        body: { jsonrpc: "2.0", id, error: { code: -32000, message: echo(request), data: echo(request) } },
      };
    case "wallet-error":
      return { body: { Error: echo(request) } };
  }
}

beforeAll(async () => {
  server = await startLoopbackServer(answer);
  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
  const address = spare.address() as { port: number };
  closedPortUrl = `http://127.0.0.1:${address.port}`;
  await new Promise((resolve) => spare.close(resolve));
});
afterAll(() => server?.close());

const credentialModes = {
  token: { token },
  basic: { username, password },
} as const;

type Call = () => Promise<unknown>;

/** One call per client, made with the given base URL and credentials. */
function calls(url: string, credentials: (typeof credentialModes)[keyof typeof credentialModes]) {
  const options = { url, credentials, retry: false as const, timeout: 1_000 };
  const evm = createEvmClient({ ...options, batch: false });
  const wallet = createWalletClient(options);
  const indexer = createIndexerClient(options);
  return {
    clients: { evm, wallet, indexer },
    calls: {
      evm: () => evm.web3_clientVersion(),
      wallet: () => wallet.getAssetIssueById({ value: "1002000" }),
      indexer: () => indexer.getActions({ limit: 1 }),
    } satisfies Record<string, Call>,
  };
}

function expectNoSecret(value: unknown): void {
  const views = [
    String(value),
    (value as Error)?.stack ?? "",
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item)) ?? "",
  ];
  for (const view of views) for (const secret of secrets) expect(view).not.toContain(secret);
}

async function failure(call: Call): Promise<Error> {
  const error = await call().then(
    () => expect.unreachable("the call succeeded"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

const kinds: [Mode, (keyof ReturnType<typeof calls>["calls"])[], string][] = [
  ["401", ["evm", "wallet", "indexer"], "HttpError"],
  ["429", ["evm", "wallet", "indexer"], "RateLimitError"],
  ["500", ["evm", "wallet", "indexer"], "HttpError"],
  ["slow", ["evm", "wallet", "indexer"], "TimeoutError"],
  ["invalid", ["evm", "wallet", "indexer"], "ResponseValidationError"],
  ["rpc-error", ["evm"], "JsonRpcError"],
  ["wallet-error", ["wallet"], "HttpError"],
];

describe.each(Object.entries(credentialModes))(
  "with %s credentials, no secret shows",
  (_name, credentials) => {
    it.each(kinds)("in a %s answer", async (kind, clientNames, errorName) => {
      mode = kind;
      const { calls: byClient } = calls(server.url, credentials);
      for (const name of clientNames) {
        const error = await failure(byClient[name]);
        expect(error.name, `${name} on ${kind}`).toBe(errorName);
        expectNoSecret(error);
      }
    });

    it("in a network error", async () => {
      const { calls: byClient } = calls(closedPortUrl, credentials);
      for (const call of Object.values(byClient)) {
        const error = await failure(call);
        expect(error.name).toBe("NetworkError");
        expectNoSecret(error);
      }
    });

    it("in request validation errors", async () => {
      const { clients } = calls(server.url, credentials);
      const errors = [
        await failure(() => clients.evm.eth_getBlockByHash(token, false)),
        await failure(() => clients.wallet.getAssetIssueById({ value: token })),
        await failure(() => clients.indexer.getActions({ limit: 5000 })),
      ];
      for (const error of errors) {
        expect(error.name).toBe("RequestValidationError");
        expectNoSecret(error);
      }
    });

    it("in the clients themselves", () => {
      const { clients } = calls(server.url, credentials);
      for (const client of Object.values(clients)) expectNoSecret(client);
    });
  },
);
