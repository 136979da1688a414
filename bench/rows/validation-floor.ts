/**
 * The floor of a validated EVM answer (issue 47, item 3): where the time of validated ÷ raw goes on
 * the real 58-tx block, from the bytes to a checked value. Each step adds one thing to the one
 * before: decoding the bytes, `JSON.parse`, chainkit's lossless walk, the validator with its hex
 * digit reads switched off (the structure: types, required fields, lengths), the whole validator.
 */

import { result as blockResult } from "../../generated/evm/validators/eth_getBlockByHash.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { block58 } from "../lib/fixtures.js";
import { interleaved } from "../lib/measure.js";
import { type Figure, type Table, timed } from "../lib/report.js";

// The validators' shared helpers ship without type declarations: the path is a value, so it is typed here.
const HELPERS = "../../generated/evm/validators/components/helpers.js";

/** Reads no digit (nor the length): what is left of the validator is its structure. */
function skipsDigits(): boolean {
  return true;
}

/**
 * Measures the floor table: each step of a validated block answer, over decoding and `JSON.parse`.
 *
 * @param context - Quick mode.
 */
export async function validationFloor(context: BenchContext): Promise<Table> {
  const { hexAwarePattern } = (await import(HELPERS)) as {
    hexAwarePattern(source: string, flags: string): object;
  };
  // The class of the validators' hex patterns, whose `test` reads the digits.
  const hexPattern = Object.getPrototypeOf(hexAwarePattern("^0x[0-9a-fA-F]{64}$", "u")) as {
    test(text: string): boolean;
  };
  const readsDigits = hexPattern.test;
  const bytes = new TextEncoder().encode(JSON.stringify({ jsonrpc: "2.0", id: 1, result: block58 }));
  const decoder = new TextDecoder();
  const parsed = () => parseJson(decoder.decode(bytes)) as { result: unknown };
  check(blockResult(parsed().result), "the validator accepts the block");
  const repeat = (work: () => unknown) => (ops: number) => {
    for (let i = 0; i < ops; i++) work();
  };
  const structureOnly = () => {
    hexPattern.test = skipsDigits;
    try {
      return blockResult(parsed().result);
    } finally {
      hexPattern.test = readsDigits;
    }
  };
  const samples = await interleaved(
    [
      { name: "decode + JSON.parse (raw)", run: repeat(() => JSON.parse(decoder.decode(bytes))) },
      { name: "decode only", run: repeat(() => decoder.decode(bytes)) },
      { name: "decode + parseJson (+ the lossless walk)", run: repeat(parsed) },
      { name: "+ validator, hex digits not read (+ structure)", run: repeat(structureOnly) },
      { name: "+ validator (+ every hex digit)", run: repeat(() => blockResult(parsed().result)) },
    ],
    planFor(context, { warmups: 2, rounds: 15, ops: 200 }, 20),
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "µs"));
  const base = figures[0] as Figure;
  for (const figure of figures) figure.ratio = figure.value / base.value;
  return {
    title: `the floor of a validated 58-tx block (${bytes.length.toLocaleString("en")} B), from bytes to a checked value, per answer`,
    ratioLabel: "÷ decode + JSON.parse",
    figures,
    notes: [
      "each line adds one step to the line before it; differences between lines are the parse, the walk, the structure and the digits",
      "end to end (the call-overhead row) the raw side also pays the Response and fetch, so validated ÷ raw fetch there is lower than here",
      "structure: the validator with its hex patterns passing every string, for this measurement only",
    ],
  };
}
