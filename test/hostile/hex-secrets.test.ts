import { inspect } from "node:util";
import { createEvmClient, JsonRpcError } from "chainkit/evm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";

// Finding 20: a hex token echoed back in another case (upper, or mixed) was readable in error.data.
const HEX_TOKEN = "c0ffee12ab34cd56ef7890abcdef1234";
const mixed = [...HEX_TOKEN].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join("");

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer((request, response) => {
    const { id } = JSON.parse(request.text) as { id: number };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        jsonrpc: "2.0",
        id,
        error: {
          code: -32000,
          message: `unknown key ${HEX_TOKEN.toUpperCase()}`,
          data: { key: mixed, url: `/${HEX_TOKEN.toUpperCase()}/evm` },
        },
      }),
    );
  });
});
afterAll(() => server.close());

test("finding 20: a hex token echoed in any case is scrubbed from the message and error.data", async () => {
  const evm = createEvmClient({
    url: server.url,
    credentials: { token: HEX_TOKEN },
    retry: false,
    batch: false,
  });
  const error = await evm.eth_blockNumber().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(JsonRpcError);
  const shown = `${inspect(error, { depth: 8 })}\n${JSON.stringify(error)}`.toLowerCase();
  expect(shown).not.toContain(HEX_TOKEN);
  expect((error as JsonRpcError).message).toContain("unknown key ***");
  expect((error as JsonRpcError).data).toEqual({ key: "***", url: "/***/evm" });
});
