import { createEvmClient, nodeHttpEndpoint, nodeWebSocketEndpoint } from "chainkit/evm";
import { createExchangeClient, createInfoClient, privateKeySigner } from "chainkit/exchange";
import { createIndexerClient } from "chainkit/indexer";
import { ConfigurationError, createPlatformClient, nodeAccess } from "chainkit/platform";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LoopbackServer, startLoopbackServer } from "../support/loopback-server.js";

// A node or service URL with a query or fragment would swallow what the client appends after it: the
// token (into the query string, where logs keep it, or into a fragment, which is never sent) and each
// request's path. Every client refuses such a URL at construction, before anything is sent.

const token = "QueryRuleToken-5c1e9a";
const apiKey = "query-rule-api-key-77d0";
const credentials = { token };
/** A secret of the caller's own in the query: refusing must not repeat it. */
const querySecret = "QuerySecret-4b8f21";

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer((request) =>
    request.path.endsWith("/evm")
      ? { body: { jsonrpc: "2.0", id: (request.json as { id?: number })?.id ?? 1, result: "0x1" } }
      : { status: 404, body: { error: "not here" } },
  );
});
afterAll(() => server?.close());
beforeEach(() => {
  server.requests.length = 0;
});

/** Each client that takes a base URL: how to make it with a URL and send one request, and the option it names. */
const clients: { name: string; option: string; send: (url: string) => Promise<unknown> }[] = [
  {
    name: "EVM over HTTP",
    option: "url",
    send: (url) => createEvmClient({ url, credentials }).eth_chainId(),
  },
  {
    name: "EVM over WebSocket",
    option: "url",
    send: (url) =>
      createEvmClient({ url, credentials, transport: "websocket", reconnect: false }).eth_chainId(),
  },
  { name: "wallet", option: "url", send: (url) => createWalletClient({ url, credentials }).getNowBlock() },
  {
    name: "indexer",
    option: "url",
    send: (url) => createIndexerClient({ url, credentials }).getMasterchainInfo(),
  },
  {
    name: "platform",
    option: "baseUrl",
    send: (url) => createPlatformClient({ baseUrl: url, apiKey }).getOrganization(),
  },
  { name: "exchange info", option: "baseUrl", send: (url) => createInfoClient({ baseUrl: url }).meta() },
  {
    name: "exchange",
    option: "baseUrl",
    send: (url) =>
      createExchangeClient({
        baseUrl: url,
        signer: privateKeySigner(`0x${"11".repeat(32)}`),
        network: "testnet",
      }).cancel([{ a: 0, o: 1 }]),
  },
  { name: "nodeHttpEndpoint", option: "url", send: async (url) => nodeHttpEndpoint({ url, credentials }) },
  {
    name: "nodeWebSocketEndpoint",
    option: "url",
    send: async (url) => nodeWebSocketEndpoint({ url, credentials }),
  },
];

const suffixes = [
  "?x=1",
  "#frag",
  "?",
  "#",
  `/?key=${querySecret}`,
  `/base#${querySecret}`,
  `?a=1#${querySecret}`,
];

/** The requests the server received, as path and query. */
function sent(): string[] {
  return server.requests.map(
    (request) => `${request.path}${request.query.size > 0 ? `?${request.query}` : ""}`,
  );
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("a base URL with a query or fragment", () => {
  it.each(clients)(
    "is refused by $name at construction, naming the option, with nothing sent",
    async (client) => {
      for (const suffix of suffixes) {
        const error = await failure(() => client.send(`${server.url}${suffix}`));
        // Before the rule, the request went out: the token landed in the query or behind the `#`.
        expect(sent(), suffix).toEqual([]);
        expect(error, suffix).toBeInstanceOf(ConfigurationError);
        expect((error as ConfigurationError).option).toBe(client.option);
        expect((error as Error).message).toMatch(/must not contain a query \(\?…\) or fragment \(#…\)/);
        expect((error as Error).message).toMatch(/give the base URL alone/);
        const shown = `${(error as Error).message} ${(error as Error).stack}`;
        expect(shown).not.toContain(querySecret);
        expect(shown).not.toContain(token);
      }
    },
  );

  it("is fine without them: the token then travels in the path", async () => {
    await expect(createEvmClient({ url: server.url, credentials }).eth_chainId()).resolves.toBe("0x1");
    await expect(createEvmClient({ url: `${server.url}/base/`, credentials }).eth_chainId()).resolves.toBe(
      "0x1",
    );
    expect(sent()).toEqual([`/${token}/evm`, `/base/${token}/evm`]);
  });
});

describe("nodeAccess", () => {
  it("drops a query and fragment of the node's endpoint, so its result reaches the node with the token in the path", async () => {
    for (const suffix of ["?x=1", "#frag", "?", `/${token}?key=${querySecret}#f`]) {
      const access = nodeAccess({ details: { https_endpoint: `${server.url}${suffix}`, auth_key: token } });
      expect(access.url, suffix).toBe(server.url);
      await expect(createEvmClient(access).eth_chainId()).resolves.toBe("0x1");
      expect(nodeHttpEndpoint({ ...access, path: "/evm" }).url).toBe(`${server.url}/${token}/evm`);
    }
    expect(sent()).toEqual(Array(4).fill(`/${token}/evm`));
  });
});
