import { describe, expect, it } from "vitest";
import { type SandboxSummary, sandboxEnvFile, sandboxText } from "../../src/cli/sandbox-summary.js";

// A credential or fixture that the sandbox gains later flows into every output with no CLI change.
const summary: SandboxSummary = {
  urls: { platform: "http://127.0.0.1:8500", evm: "http://127.0.0.1:8502" },
  credentials: { apiKey: "sbx1.k", walletPrivateKey: `0x${"ab".repeat(32)}`, password: "it's" },
  fixtures: { walletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", restingOids: [1, 2] },
  evm: { chainId: 999, path: "/evm" },
  env: {
    CHAINKIT_WALLET_PRIVATE_KEY: `0x${"ab".repeat(32)}`,
    CHAINKIT_PASSWORD: "it's",
    CHAINKIT_RESTING_OIDS: "1,2",
  },
};

describe("the sandbox's outputs", () => {
  it("show every credential and fixture the sandbox returns", () => {
    const text = sandboxText(summary);
    expect(text).toContain(`walletPrivateKey  0x${"ab".repeat(32)}`);
    expect(text).toContain("walletAddress     TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    expect(text).toContain("restingOids       1, 2");
    expect(text).toContain("JSON-RPC at /<nodeToken>/evm, chain id 999");
  });

  it("quote env values for the shell only where needed", () => {
    const file = sandboxEnvFile(summary);
    expect(file).toContain(`CHAINKIT_WALLET_PRIVATE_KEY=0x${"ab".repeat(32)}\n`);
    expect(file).toContain("CHAINKIT_PASSWORD='it'\\''s'\n");
    expect(file).toContain("CHAINKIT_RESTING_OIDS=1,2\n");
  });
});
