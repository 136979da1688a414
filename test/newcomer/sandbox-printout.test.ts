/**
 * Issue 46: the sandbox's printout ties each key to the account it signs for. It listed five
 * `evmAccounts` and an `evmPrivateKey` apart, so a newcomer's first transfer went from the key's
 * account (the second) to the first one listed as "mine"... or to itself.
 */
import { privateKeySigner } from "chainkit/evm";
import { type Sandbox, startSandbox } from "chainkit/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxText, summarizeSandbox } from "../../src/cli/sandbox-summary.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1, nodeStartupMs: 0 });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

describe("the sandbox printout", () => {
  it("says which account each key signs for, and which of evmAccounts is the key's", () => {
    const summary = summarizeSandbox(sandbox);
    const lines = sandboxText(summary).split("\n");
    const line = (key: string) => lines.find((text) => text.trimStart().startsWith(`${key} `)) ?? "";
    const evmAddress = privateKeySigner(String(sandbox.credentials.evmPrivateKey)).address;
    expect(sandbox.fixtures.evmAccounts[1]?.toLowerCase()).toBe(evmAddress.toLowerCase());

    expect(line("evmPrivateKey")).toMatch(new RegExp(`signs for evmAddress ${evmAddress}$`, "i"));
    expect(line("evmAccounts")).toContain("[1] is evmAddress, the account of evmPrivateKey");
    expect(line("walletPrivateKey")).toContain(`signs for walletAddress ${sandbox.fixtures.walletAddress}`);
    expect(line("exchangePrivateKey")).toContain(
      `signs for exchangeAddress ${sandbox.fixtures.exchangeAddress}`,
    );
    // Scripts read the same tie from the env file and the JSON line.
    expect(summary.env.CHAINKIT_EVM_ADDRESS?.toLowerCase()).toBe(evmAddress.toLowerCase());
  });
});
