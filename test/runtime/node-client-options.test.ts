import { describe, expect, expectTypeOf, it } from "vitest";
import type { EvmClientOptions } from "../../src/evm.js";
import type { IndexerClientOptions } from "../../src/indexer.js";
import { ConfigurationError } from "../../src/runtime/errors/configuration-error.js";
import { type NodeClientOptions, nodeCallerOptions } from "../../src/runtime/node-client-options.js";
import type { ChainkitTransportOptions } from "../../src/viem.js";
import type { WalletClientOptions } from "../../src/wallet.js";

const TOKEN = "node-options-token-7d1e";

describe("nodeCallerOptions", () => {
  it("hands the caller the shared settings, the credentials as an Auth, and nothing of the surface", () => {
    const fetch = globalThis.fetch;
    const options = {
      url: "https://nd-1.example.com",
      credentials: { token: TOKEN },
      fetch,
      timeout: 5_000,
      maxResponseBytes: 1024,
      retry: { retries: 1 },
      validateResponse: false,
      budget: { requests: 5, intervalMs: 1_000 },
      path: "/evm",
      batch: false,
    };
    const caller = nodeCallerOptions(options);
    expect(Object.keys(caller).sort()).toEqual(
      [
        "auth",
        "fetch",
        "maxResponseBytes",
        "onViolation",
        "retry",
        "timeout",
        "usage",
        "validateResponse",
        "validation",
      ].sort(),
    );
    expect(caller).toMatchObject({
      fetch,
      timeout: 5_000,
      maxResponseBytes: 1024,
      retry: { retries: 1 },
      validateResponse: false,
      usage: { budget: { requests: 5, intervalMs: 1_000 } },
    });
    expect(caller.auth?.scheme).toBe("token");
    expect(caller.auth?.resolveUrl(options.url, "/evm")).toBe(`https://nd-1.example.com/${TOKEN}/evm`);
    expect(JSON.stringify(caller)).not.toContain(TOKEN);
  });

  it("refuses bad credentials as the clients do", () => {
    expect(() =>
      nodeCallerOptions({ url: "https://nd-1.example.com", credentials: { apiKey: TOKEN } as never }),
    ).toThrow(ConfigurationError);
  });

  it("is what every node client's options extend", () => {
    expectTypeOf<EvmClientOptions>().toExtend<NodeClientOptions>();
    expectTypeOf<WalletClientOptions>().toExtend<NodeClientOptions>();
    expectTypeOf<IndexerClientOptions>().toExtend<NodeClientOptions>();
    expectTypeOf<ChainkitTransportOptions>().toExtend<NodeClientOptions>();
  });
});
