import { ConfigurationError, createEvmClient } from "chainkit/evm";
import { xTokenInterceptor } from "chainkit/grpc";
import { createIndexerClient } from "chainkit/indexer";
import { createPlatformClient } from "chainkit/platform";
import { createWalletClient } from "chainkit/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { API_KEY, TOKEN } from "./support/clients.js";

/** Issue 31, finding 15: a `*.localhost` name is not this machine until something resolves it there. */

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer((_request, response) => {
    response
      .writeHead(200, { "content-type": "application/json" })
      .end('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
  });
});
afterAll(() => server.close());

const clients = (url: string) => [
  () => createEvmClient({ url, credentials: { token: TOKEN }, batch: false, retry: false }),
  () => createWalletClient({ url, credentials: { token: TOKEN } }),
  () => createIndexerClient({ url, credentials: { token: TOKEN } }),
  () => createPlatformClient({ baseUrl: url, apiKey: API_KEY }),
];

describe("finding 15: plain http to a *.localhost name", () => {
  it("is refused when the client is made, saying why, and nothing is sent", () => {
    const { port } = new URL(server.url);
    for (const make of clients(`http://node.localhost:${port}`)) {
      const error = (() => {
        try {
          make();
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/\*\.localhost name is resolved by the system resolver/);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("localhost itself still reaches this machine over plain http", async () => {
    const { port } = new URL(server.url);
    const evm = createEvmClient({
      url: `http://localhost:${port}`,
      credentials: { token: TOKEN },
      batch: false,
    });
    expect(await evm.eth_chainId()).toBe("0x1");
    expect(server.requests.at(-1)?.url).toBe(`/${TOKEN}/evm`);
  });

  it("is refused as a gRPC interceptor target, where grpc-js would resolve it the same way", () => {
    expect(() => xTokenInterceptor(TOKEN, { target: "node.localhost:50051" })).toThrow(ConfigurationError);
    expect(() => xTokenInterceptor(TOKEN, { target: "localhost:50051" })).not.toThrow();
  });
});
