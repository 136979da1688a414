/**
 * Row 15, the EVM write half: a transaction signed and serialised by chainkit's `privateKeySigner`
 * next to viem's `privateKeyToAccount().signTransaction` and ethers' `Wallet.signTransaction`, on the
 * same transactions; `contract().read` next to viem's `readContract`, and `evm.logs` over 1,000 blocks
 * next to hand loops of `eth_getLogs`, each answered by the same in-memory fetch (no socket: the
 * clients' own CPU).
 */
import { contract, createEvmClient, privateKeySigner, toHex } from "chainkit/evm";
import { Wallet } from "ethers";
import { createPublicClient, http, parseAbi } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { PRIVATE_KEY } from "../lib/fixtures.js";
import { interleaved } from "../lib/measure.js";
import { rpcMemoryFetch } from "../lib/memory-fetch.js";
import { type Figure, type RowResult, type Table, timed } from "../lib/report.js";
import { recorded } from "./logs-receipts.js";

const TO = "0x000000000000000000000000000000000000dEaD" as const;
const DATA =
  `0xa9059cbb${"00".repeat(12)}${TO.slice(2).toLowerCase()}${(10n ** 18n).toString(16).padStart(64, "0")}` as const;

/** Sign + serialise of an EIP-1559 transfer call, and of a legacy one. */
async function signingTable(context: BenchContext, type: "eip1559" | "legacy"): Promise<Table> {
  const ours = privateKeySigner(PRIVATE_KEY);
  const viem = privateKeyToAccount(PRIVATE_KEY);
  const ethers = new Wallet(PRIVATE_KEY);
  const fees =
    type === "eip1559"
      ? ({ type, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 0n } as const)
      : ({ type, gasPrice: 1_000_000_000n } as const);
  const transaction = (nonce: number) => ({
    chainId: 999,
    nonce,
    to: TO,
    value: 0n,
    data: DATA,
    gas: 60_000n,
    ...fees,
  });
  const ethersTransaction = (nonce: number) => {
    const { gas, type: kind, ...rest } = transaction(nonce);
    return { ...rest, gasLimit: gas, type: kind === "eip1559" ? 2 : 0 };
  };
  const [a, b, c] = await Promise.all([
    ours.signTransaction(transaction(7)),
    viem.signTransaction(transaction(7)),
    ethers.signTransaction(ethersTransaction(7)),
  ]);
  check(a === b && b === c, `${type}: chainkit, viem and ethers sign the same bytes`);

  let nonce = 0;
  const repeat = (sign: (n: number) => Promise<unknown>) => async (ops: number) => {
    for (let i = 0; i < ops; i++) await sign(nonce++);
  };
  const samples = await interleaved(
    [
      {
        name: "viem privateKeyToAccount().signTransaction",
        run: repeat((n) => viem.signTransaction(transaction(n))),
      },
      {
        name: "ethers Wallet.signTransaction",
        run: repeat((n) => ethers.signTransaction(ethersTransaction(n))),
      },
      {
        name: "chainkit privateKeySigner().signTransaction",
        run: repeat((n) => ours.signTransaction(transaction(n))),
      },
    ],
    planFor(context, { warmups: 2, rounds: 9, ops: 200 }, 20),
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "ops/s"));
  const peer = figures[0] as Figure;
  for (const f of figures) f.ratio = f.value / peer.value;
  return {
    title: `sign + serialise a ${type === "eip1559" ? "type 0x2" : "type 0x0 (EIP-155)"} ERC-20 transfer call, same key and nonces`,
    ratioLabel: "× viem",
    figures,
    notes: [
      "steady state: the warm-ups pass chainkit's 16th signature, after which noble's wide base-point table is built (shared with the exchange signer)",
      "ethers takes gasLimit and a numeric type: its transaction is the same one renamed",
    ],
  };
}

/** `contract().read.balanceOf` against viem's `readContract`, the same answer from memory. */
async function readTable(context: BenchContext): Promise<Table> {
  const answer = JSON.stringify(`0x${123_456_789n.toString(16).padStart(64, "0")}`);
  const fetch = rpcMemoryFetch(answer);
  const abi = parseAbi(["function balanceOf(address owner) view returns (uint256)"]);
  const evm = createEvmClient({
    url: "http://127.0.0.1:1",
    credentials: { token: "bench-token" },
    fetch,
    batch: false,
  });
  const token = contract(evm, TO, abi);
  const viem = createPublicClient({
    transport: http("http://127.0.0.1:1/bench-token/evm", { fetchFn: fetch }),
  });
  const ours = () => token.read.balanceOf([TO]);
  const theirs = () => viem.readContract({ address: TO, abi, functionName: "balanceOf", args: [TO] });
  check((await ours()) === 123_456_789n && (await theirs()) === 123_456_789n, "both read the same balance");
  const repeat = (read: () => Promise<unknown>) => async (ops: number) => {
    for (let i = 0; i < ops; i++) await read();
  };
  const samples = await interleaved(
    [
      { name: "viem readContract (http, fetchFn in memory)", run: repeat(theirs) },
      { name: "chainkit contract().read (validation on)", run: repeat(ours) },
    ],
    planFor(context, { warmups: 2, rounds: 9, ops: 500 }, 50),
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "ops/s"));
  const peer = figures[0] as Figure;
  for (const f of figures) f.ratio = f.value / peer.value;
  return {
    title: "contract read: balanceOf(address) encoded, eth_call, decoded; answered from memory",
    ratioLabel: "× viem",
    figures,
    notes: ["chainkit validates the params and the answer against its spec; viem checks neither"],
  };
}

/** `evm.logs` over 1,000 blocks against hand loops of 50-block `eth_getLogs` calls, each window answered from memory. */
async function logsTable(context: BenchContext): Promise<Table> {
  const logs = recorded("eth_getLogs/contract-addr.io") as { address: `0x${string}` }[];
  const address = logs[0]?.address ?? TO;
  const windows = Array.from({ length: 20 }, (_, i) => [BigInt(i * 50), BigInt(i * 50 + 49)] as const);
  // Each window answers the recorded logs moved into its own first block (and block hash): a client
  // checks that every log is in the blocks it asked for, and gives a (blockHash, logIndex) once.
  const byWindow = new Map<string, ReturnType<typeof rpcMemoryFetch>>(
    windows.map(([from]) => {
      const block = toHex(from);
      const hash = `0x${from.toString(16).padStart(64, "0")}`;
      const moved = logs.map((log) => ({ ...log, blockNumber: block, blockHash: hash }));
      return [block, rpcMemoryFetch(JSON.stringify(moved))] as const;
    }),
  );
  const anyWindow = byWindow.get("0x0") as ReturnType<typeof rpcMemoryFetch>;
  const fetch: ReturnType<typeof rpcMemoryFetch> = (input, init) => {
    const from = /"fromBlock":"(0x[0-9a-f]+)"/.exec(typeof init?.body === "string" ? init.body : "")?.[1];
    return (byWindow.get(from ?? "") ?? anyWindow)(input, init);
  };
  const evm = createEvmClient({
    url: "http://127.0.0.1:1",
    credentials: { token: "bench-token" },
    fetch,
    batch: false,
  });
  const viem = createPublicClient({
    transport: http("http://127.0.0.1:1/bench-token/evm", { fetchFn: fetch }),
  });
  const walk = async () => {
    let count = 0;
    for await (const _ of evm.logs({ address, fromBlock: 0n, toBlock: 999n })) count++;
    return count;
  };
  const handLoop = async () => {
    let count = 0;
    for (const [from, to] of windows) {
      count += (await evm.eth_getLogs({ address, fromBlock: toHex(from), toBlock: toHex(to) })).length;
    }
    return count;
  };
  const viemLoop = async () => {
    let count = 0;
    for (const [fromBlock, toBlock] of windows)
      count += (await viem.getLogs({ address, fromBlock, toBlock })).length;
    return count;
  };
  const expected = logs.length * windows.length;
  check(
    (await walk()) === expected && (await handLoop()) === expected && (await viemLoop()) === expected,
    "every way reads the same logs",
  );
  const repeat = (read: () => Promise<unknown>) => async (ops: number) => {
    for (let i = 0; i < ops; i++) await read();
  };
  const samples = await interleaved(
    [
      { name: "chainkit hand loop of eth_getLogs (20 windows)", run: repeat(handLoop) },
      { name: "viem hand loop of getLogs (20 windows)", run: repeat(viemLoop) },
      { name: "chainkit evm.logs (1,000 blocks)", run: repeat(walk) },
    ],
    planFor(context, { warmups: 2, rounds: 9, ops: 20 }, 5),
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "ops/s"));
  const peer = figures[0] as Figure;
  for (const f of figures) f.ratio = f.value / peer.value;
  return {
    title: `logs over 1,000 blocks in 50-block windows, ${logs.length} recorded logs per window from memory`,
    ratioLabel: "× hand loop",
    figures,
    notes: [
      "an op walks the whole range; chainkit validates every window's params and answer, viem formats every log",
    ],
  };
}

/**
 * Measures row 15.
 *
 * @param context - Quick mode.
 */
export async function evmWrite(context: BenchContext): Promise<RowResult> {
  return {
    id: "evm-write",
    title: "15. EVM write half",
    tables: [
      await signingTable(context, "eip1559"),
      await signingTable(context, "legacy"),
      await readTable(context),
      await logsTable(context),
    ],
  };
}
