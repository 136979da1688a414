// The sandbox's EVM chain starts with a past: the ERC-20 and more than 50 blocks of its transfers and
// approvals, found by eth_getLogs in windows the service accepts, the same under the same seed.
import { keccak_256 } from "@noble/hashes/sha3.js";
import { createContract } from "micro-eth-signer/abi.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { summarizeSandbox } from "../../src/cli/sandbox-summary.js";
import { sandboxToken } from "../../src/sandbox/evm/contracts/artifacts.js";
import { createEvmSurface } from "../../src/sandbox/evm/evm-surface.js";
import { HISTORY_BLOCKS, SANDBOX_TOKEN } from "../../src/sandbox/evm/seed-history.js";
import { startSandbox } from "../../src/sandbox/index.js";
import { type ServedEvmSurface, serveEvmSurface } from "../support/evm-surface-server.js";

type Json = Record<string, unknown>;

const GENESIS = 1_767_225_600n;
const token = createContract(sandboxToken.abi);
const topicOf = (event: string) =>
  `0x${Buffer.from(keccak_256(new TextEncoder().encode(event))).toString("hex")}`;
const TRANSFER = topicOf("Transfer(address,address,uint256)");
const APPROVAL = topicOf("Approval(address,address,uint256)");

let node: ServedEvmSurface;
beforeAll(async () => {
  node = await serveEvmSurface({ history: { seed: 5 }, genesisTimestamp: GENESIS });
});
afterAll(() => node.close());

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;

/** Every log of the token from block 1 to the head, asked 50 blocks at a time as the service requires. */
async function tokenLogs(address: string): Promise<Json[]> {
  const head = Number(await node.result<string>("eth_blockNumber"));
  const logs: Json[] = [];
  for (let from = 1; from <= head; from += 50) {
    const to = Math.min(from + 49, head);
    logs.push(
      ...(await node.result<Json[]>("eth_getLogs", [
        { address, fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` },
      ])),
    );
  }
  return logs;
}

describe("the chain's history", () => {
  test(`the ERC-20 is deployed, and more than 50 blocks hold its Transfer and Approval logs`, async () => {
    const address = node.evm.erc20Address as string;
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    const logs = await tokenLogs(address);
    const blocks = new Set(logs.map((log) => log.blockNumber));
    expect(blocks.size).toBeGreaterThan(50);
    const topics = new Set(logs.map((log) => (log.topics as string[])[0]));
    expect(topics.has(TRANSFER)).toBe(true);
    expect(topics.has(APPROVAL)).toBe(true);
    // A single eth_getLogs over the whole history is refused: the walk above was needed.
    expect(
      (await node.call("eth_getLogs", [{ address, fromBlock: "0x1", toBlock: "latest" }])).error?.code,
    ).toBe(-32602);
  });

  test("the token reads as an ERC-20 whose balances add up to its supply", async () => {
    const to = node.evm.erc20Address as string;
    const read = (input: Uint8Array) => node.result<string>("eth_call", [{ to, input: hex(input) }]);
    expect(
      token.symbol.decodeOutput(Buffer.from((await read(token.symbol.encodeInput())).slice(2), "hex")),
    ).toBe(SANDBOX_TOKEN.symbol);
    expect(BigInt(await read(token.decimals.encodeInput()))).toBe(BigInt(SANDBOX_TOKEN.decimals));
    let total = 0n;
    for (const account of node.evm.accounts)
      total += BigInt(await read(token.balanceOf.encodeInput(account)));
    expect(total).toBe(SANDBOX_TOKEN.supply);
    expect(BigInt(await read(token.totalSupply.encodeInput()))).toBe(SANDBOX_TOKEN.supply);
  });

  test("the same seed gives the same history, block hashes included; another seed another", async () => {
    const hashAt = async (evm: Awaited<ReturnType<typeof createEvmSurface>>) =>
      (
        (await evm.provider.request({
          method: "eth_getBlockByNumber",
          params: [`0x${(HISTORY_BLOCKS + 1).toString(16)}`, false],
        })) as Json
      ).hash;
    const again = await createEvmSurface({
      history: { seed: 5 },
      genesisTimestamp: GENESIS,
      demoBlock: false,
    });
    const other = await createEvmSurface({
      history: { seed: 6 },
      genesisTimestamp: GENESIS,
      demoBlock: false,
    });
    try {
      expect(again.erc20Address).toBe(node.evm.erc20Address);
      expect(await hashAt(again)).toBe(await hashAt(node.evm));
      expect(await hashAt(other)).not.toBe(await hashAt(node.evm));
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });
});

test("startSandbox names the ERC-20 in its fixtures, and the CLI's env as CHAINKIT_EVM_ERC20_ADDRESS", async () => {
  const sb = await startSandbox({ seed: 11, walletBlockMs: 0 });
  try {
    expect(sb.fixtures.evmErc20Address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(summarizeSandbox(sb).env.CHAINKIT_EVM_ERC20_ADDRESS).toBe(sb.fixtures.evmErc20Address);
    const head = Number(
      await (
        await fetch(`${sb.urls.evm}/${sb.credentials.nodeToken}/evm`, {
          method: "POST",
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber" }),
        })
      )
        .json()
        .then((answer: { result: string }) => answer.result),
    );
    expect(head).toBeGreaterThan(HISTORY_BLOCKS);
  } finally {
    await sb.close();
  }
});
