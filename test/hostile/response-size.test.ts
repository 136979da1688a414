import { gzipSync } from "node:zlib";
import { createEvmClient, DEFAULT_MAX_RESPONSE_BYTES, ResponseTooLargeError } from "chainkit/evm";
import { createPlatformClient } from "chainkit/platform";
import { afterEach, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer, writeEndless } from "../support/hostile-server.js";
import { API_KEY, everyClientCall, TOKEN } from "./support/clients.js";

// Finding 3: answers were read whole (a 300 MB answer cost about 1 GB of memory before validation
// failed). Now bodies are read as streams and stop past maxResponseBytes.
describe("maxResponseBytes", () => {
  let server: HostileServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("stops every client reading an endless chunked answer past the limit, naming the limit", async () => {
    const total = 64 * 1024 * 1024;
    const written: Promise<number>[] = [];
    server = await startHostileServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      written.push(writeEndless(response, total));
    });
    for (const { surface, mode, call } of everyClientCall(server.url, { maxResponseBytes: 1_000_000 })) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error, `${surface} (${mode})`).toBeInstanceOf(ResponseTooLargeError);
      expect((error as ResponseTooLargeError).limit).toBe(1_000_000);
      expect((error as ResponseTooLargeError).message).toContain("maxResponseBytes (1000000 bytes)");
      expect((error as ResponseTooLargeError).message).not.toContain(TOKEN);
    }
    // The client hung up soon after the limit: no server wrote anywhere near the whole body.
    for (const bytes of await Promise.all(written)) expect(bytes).toBeLessThan(total / 4);
  });

  it("refuses a Content-Length over the limit before reading, and a body that inflates past it", async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, " "));
    server = await startHostileServer((request, response) => {
      if (request.url.endsWith("/declared")) {
        response.writeHead(200, { "content-type": "application/json", "content-length": "5000000" });
        response.write("{");
        return; // never finishes: only the header can end this call in time
      }
      response.writeHead(200, {
        "content-type": "application/json",
        "content-encoding": "gzip",
        "content-length": String(bomb.length),
      });
      response.end(bomb);
    });
    const evm = (path: string) =>
      createEvmClient({
        url: server?.url ?? "",
        path,
        credentials: { token: TOKEN },
        maxResponseBytes: 1_000_000,
      });
    await expect(evm("/declared").eth_chainId()).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(bomb.length).toBeLessThan(1_000_000);
    await expect(evm("/bomb").eth_chainId()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("is set per call too, and the default fits large answers", async () => {
    const big = `{"id":"RG-1","name":"${"x".repeat(5_000_000)}"}`;
    server = await startHostileServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(big);
    });
    const platform = createPlatformClient({ baseUrl: server.url, apiKey: API_KEY, retry: false });
    const organization = await platform.getOrganization();
    expect(organization.name).toHaveLength(5_000_000);
    const error = await platform
      .getOrganization({ maxResponseBytes: 4096 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).limit).toBe(4096);
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(64 * 1024 * 1024);
    expect(() => createPlatformClient({ apiKey: API_KEY, maxResponseBytes: 0.5 })).toThrow(
      /maxResponseBytes/,
    );
  });
});
