/**
 * The validation floor on a busy machine (docs/performance.md, "The floor, measured"): the steps of
 * the validation row's floor tables and the end-to-end calls of the call-overhead and wallet rows,
 * timed in one process over many short interleaved rounds, keeping each step's fastest round (the
 * one least disturbed by other work, and one in which no collection ran). The bench's medians move
 * with the load; the fastest round moves much less.
 *
 * Run: `npx tsx bench/floor-fastest.ts [rounds]` (default 300).
 */
import { evmMethods } from "../generated/evm/operations.js";
import { walletOperations } from "../generated/wallet/operations.js";
import { convertCheckedInt64 } from "../src/runtime/json/convert-int64.js";
import { parseJson } from "../src/runtime/json/parse-json.js";
import { check } from "./lib/context.js";
import { block58 } from "./lib/fixtures.js";
import { restMemoryFetch, rpcMemoryFetch } from "./lib/memory-fetch.js";
import { blockCalls, nowBlockCalls } from "./lib/validated-calls.js";
import { benchBlock } from "./rows/wallet.js";

const ROUNDS = Number(process.argv[2] ?? 300);
const URL = "http://127.0.0.1:9";

interface Step {
  name: string;
  run: () => unknown;
}

/** The class of a surface's hex patterns, whose `test` reads the digits. */
interface HexPatternClass {
  test(text: string): boolean;
}

async function hexPatternOf(helpers: string): Promise<HexPatternClass> {
  const { hexAwarePattern } = (await import(helpers)) as {
    hexAwarePattern(source: string, flags: string): object;
  };
  return Object.getPrototypeOf(hexAwarePattern("^0x[0-9a-fA-F]{64}$", "u")) as HexPatternClass;
}

/** Runs every step `perRound` times a round, rounds interleaved in rotating order; the fastest round per step. */
async function fastest(steps: Step[], perRound: number): Promise<number[]> {
  const best = steps.map(() => Number.POSITIVE_INFINITY);
  for (let warm = 0; warm < 20; warm++) for (const step of steps) await step.run();
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < steps.length; k++) {
      const index = (k + round) % steps.length;
      const step = steps[index] as Step;
      const start = performance.now();
      for (let i = 0; i < perRound; i++) await step.run();
      const perCall = ((performance.now() - start) * 1000) / perRound;
      if (perCall < (best[index] as number)) best[index] = perCall;
    }
  }
  return best;
}

function print(title: string, steps: Step[], best: number[]): void {
  const base = best[0] as number;
  console.log(`\n${title}`);
  steps.forEach((step, i) => {
    const value = best[i] as number;
    const previous = i > 0 ? (best[i - 1] as number) : 0;
    const step_ = i > 0 ? `  (+${((value - previous) / base).toFixed(2)})` : "";
    console.log(
      `  ${step.name.padEnd(52)} ${value.toFixed(1).padStart(8)} µs  ${(value / base).toFixed(2)}${step_}`,
    );
  });
}

async function floorSteps(
  bytes: Uint8Array,
  checked: (parsed: unknown) => unknown,
  validate: (value: unknown) => boolean,
  hexPattern: HexPatternClass,
  int64?: () => (value: unknown) => unknown,
): Promise<Step[]> {
  const decoder = new TextDecoder();
  const readsDigits = hexPattern.test;
  const skipsDigits = () => true;
  const parsed = () => checked(parseJson(decoder.decode(bytes)));
  check(validate(parsed()), "the validator accepts the answer");
  const steps: Step[] = [
    { name: "decode + JSON.parse", run: () => JSON.parse(decoder.decode(bytes)) },
    { name: "+ lossless walk (parseJson)", run: parsed },
    {
      name: "+ structure (hex patterns pass every string)",
      run: () => {
        hexPattern.test = skipsDigits;
        try {
          return validate(parsed());
        } finally {
          hexPattern.test = readsDigits;
        }
      },
    },
    { name: "+ every hex digit (the validator)", run: () => validate(parsed()) },
  ];
  if (int64) {
    const convert = int64();
    steps.push({
      name: "+ int64 → bigint",
      run: () => {
        const value = parsed();
        validate(value);
        return convert(value);
      },
    });
  }
  return steps;
}

const encoder = new TextEncoder();
const { result: blockResult } = await evmMethods.eth_getBlockByHash.validators();
const nowBlock = (await walletOperations.getNowBlock.validators()).responses["200"];
if (!nowBlock?.validate || !nowBlock.int64) throw new Error("getNowBlock has no 200 validator");
const { validate: nowBlockValidate, int64: nowBlockInt64, convertInt64 } = nowBlock;

const blockBytes = encoder.encode(JSON.stringify({ jsonrpc: "2.0", id: 1, result: block58 }));
const blockSteps = await floorSteps(
  blockBytes,
  (parsed) => (parsed as { result: unknown }).result,
  blockResult,
  await hexPatternOf("../generated/evm/validators/components/helpers.js"),
);
const tron = benchBlock();
const tronBytes = encoder.encode(JSON.stringify(tron));
const tronSteps = await floorSteps(
  tronBytes,
  (parsed) => parsed,
  nowBlockValidate,
  await hexPatternOf("../generated/wallet/validators/components/helpers.js"),
  () => (value) => convertCheckedInt64(value, nowBlockInt64, "", convertInt64),
);

const block = blockCalls(URL, rpcMemoryFetch(JSON.stringify(block58)));
const nowBlockCall = nowBlockCalls(URL, restMemoryFetch(tron));

const endToEnd = (raw: () => Promise<unknown>, off: () => Promise<unknown>, on: () => Promise<unknown>) => [
  { name: "raw fetch + JSON.parse", run: raw },
  { name: "chainkit, validation off", run: off },
  { name: "chainkit, validation on", run: on },
];
const blockEndToEnd = endToEnd(block.raw, block.off, block.on);
const tronEndToEnd = endToEnd(nowBlockCall.raw, nowBlockCall.off, nowBlockCall.on);

const { loadavg } = await import("node:os");
console.log(
  `load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(" ")}, ${ROUNDS} rounds`,
);
print(`58-tx block (${blockBytes.length} B), floor`, blockSteps, await fastest(blockSteps, 4));
print(`100-tx TRON block (${tronBytes.length} B), floor`, tronSteps, await fastest(tronSteps, 2));
print("58-tx block, end to end (÷ raw fetch)", blockEndToEnd, await fastest(blockEndToEnd, 3));
print("getnowblock, end to end (÷ raw fetch)", tronEndToEnd, await fastest(tronEndToEnd, 2));
console.log(
  `load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(" ")}`,
);
