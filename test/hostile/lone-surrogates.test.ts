import { RequestValidationError } from "chainkit/evm";
import { createExchangeClient } from "chainkit/exchange";
import { createIndexerClient } from "chainkit/indexer";
import { createPlatformClient } from "chainkit/platform";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import { blockNumber, sendRaw } from "../runtime/support/descriptors.js";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { API_KEY, TOKEN } from "./support/clients.js";

// A lone UTF-16 surrogate ("\uD800", half of a character) has no UTF-8 form: URLSearchParams and
// TextEncoder silently send U+FFFD instead, and JSON.stringify sends the escape "\ud800", which a
// server then fails to decode or stores as something else. Such text is refused before sending.

const ACCOUNT = "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0";
const NOT_UNICODE = /is not valid Unicode text: it holds a lone UTF-16 surrogate/;

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
afterAll(() => server.close());

/** What `call` threw, and how many requests reached the server meanwhile. */
async function outcome(call: () => Promise<unknown>): Promise<{ error: unknown; sent: number }> {
  const before = server.requests.length;
  const error = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return { error, sent: server.requests.length - before };
}

function expectRefused(result: { error: unknown; sent: number }, field: string): void {
  expect(result.error).toBeInstanceOf(RequestValidationError);
  expect((result.error as RequestValidationError).field).toBe(field);
  expect((result.error as Error).message).toMatch(NOT_UNICODE);
  expect(result.sent).toBe(0);
}

describe("text that is not valid Unicode is refused before sending", () => {
  it("in a query value, a path parameter and a body field of every REST surface", async () => {
    const common = { retry: false as const };
    const indexer = createIndexerClient({ url: server.url, credentials: { token: TOKEN }, ...common });
    const platform = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY, ...common });
    const wallet = createWalletClient({ url: server.url, credentials: { token: TOKEN }, ...common });
    expectRefused(
      await outcome(() => indexer.getActions({ account: ACCOUNT, trace_id: "ab\uD800cd" })),
      "/query/trace_id",
    );
    // The low half alone, at the end of the text, is refused the same way.
    expectRefused(await outcome(() => platform.getNode("ND-1\uDC00")), "/path/id");
    expectRefused(await outcome(() => platform.updateNode("ND-1", { name: "archive \uD83D" })), "/body/name");
    expectRefused(
      await outcome(() => wallet.getAssetIssueListByName({ value: "SEED\uDFFF", visible: true })),
      "/body/value",
    );
    // A whole character (a surrogate pair) is fine, and reaches the server as UTF-8.
    await indexer.getActions({ account: ACCOUNT, trace_id: "ab😀" }).catch(() => undefined);
    expect(decodeURIComponent(server.requests.at(-1)?.url ?? "")).toContain("trace_id=ab😀");
  });

  it("in a signed exchange action, before it is sent", async () => {
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: `0x${"7".repeat(64)}`,
      network: "mainnet",
      assets: false,
      retry: false,
    });
    const result = await outcome(() =>
      exchange.approveAgent({ agentAddress: `0x${"1".repeat(40)}`, agentName: "bot\uD800" }),
    );
    expectRefused(result, "/agentName");
  });

  it("in JSON-RPC string params, alone, batched in a tick and in an explicit batch", async () => {
    // Every EVM param has a hex pattern, which already refuses such text: the check is the runtime's,
    // for any method whose spec lets free text through.
    const rpc = createJsonRpcClient({ url: server.url, retry: false });
    const refused = [
      () => rpc.call(sendRaw, ["0x00\uD800"]),
      () => Promise.all([rpc.call(blockNumber, []), rpc.call(sendRaw, ["\uDC00"])]),
      () =>
        rpc.batch([
          { method: blockNumber, params: [] },
          { method: sendRaw, params: ["x\uD800"] },
        ]),
    ];
    const fields = ["/params/0", "/params/0", "/1/params/0"];
    for (const [index, call] of refused.entries()) expectRefused(await outcome(call), fields[index] ?? "");
  });
});
