/**
 * The floor of a validated answer (issue 47, item 3): where the time of validated ÷ raw goes, from
 * the bytes to a checked value, on three answers that have goals end to end (the real 58-tx block,
 * 1,000 logs, a 100-transaction TRON block). Each step adds one thing to the one before: decoding the
 * bytes, `JSON.parse`, chainkit's lossless walk, the validator with its hex digit reads switched off
 * (the structure: types, required fields, lengths), the whole validator, the int64 conversion. The
 * last lines time the byte passes proposed to replace the digit reads (`string-shapes-by-length.ts`,
 * `string-shapes-simd.ts`).
 */

import { evmMethods } from "../../generated/evm/operations.js";
import { walletOperations } from "../../generated/wallet/operations.js";
import { convertCheckedInt64 } from "../../src/runtime/json/convert-int64.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import type { Int64Converter, Int64Paths } from "../../src/runtime/operation.js";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { block58 } from "../lib/fixtures.js";
import { interleaved } from "../lib/measure.js";
import { type Figure, type Table, timed } from "../lib/report.js";
import { NOT_PLAIN_HEX, NOT_PREFIXED_HEX, stringShapesByLength } from "../lib/string-shapes-by-length.js";
import { hexMasks, stringShapesBySimd } from "../lib/string-shapes-simd.js";
import { thousandLogs } from "./logs-receipts.js";
import { benchBlock } from "./wallet.js";

const { result: blockResult } = await evmMethods.eth_getBlockByHash.validators();
const { result: logsResult } = await evmMethods.eth_getLogs.validators();
const { responses: nowBlockResponses } = await walletOperations.getNowBlock.validators();

/** The class of one surface's hex patterns, whose `test` reads the digits. */
interface HexPatternClass {
  test(text: string): boolean;
}

/** One answer to take apart: its bytes, where its checked value sits, and what checks it. */
interface Answer {
  label: string;
  bytes: Uint8Array;
  /** The value the validator checks, from the parsed answer (a JSON-RPC answer's `result`). */
  checked: (parsed: unknown) => unknown;
  validate: (value: unknown) => boolean;
  /** The generated helpers of the validator's surface, which hold its hex pattern class. */
  helpers: string;
  int64?: { paths: Int64Paths; converter?: Int64Converter };
  /** A string length every string of which the byte pass must find to be `0x` hex (its sanity check). */
  prefixedLength?: number;
  /** The same for plain hex. */
  plainLength?: number;
}

const encoder = new TextEncoder();
const rpcAnswer = (result: unknown) => encoder.encode(JSON.stringify({ jsonrpc: "2.0", id: 1, result }));
const resultOf = (parsed: unknown) => (parsed as { result: unknown }).result;

function answers(): Answer[] {
  const nowBlock = nowBlockResponses["200"];
  if (!nowBlock?.validate || !nowBlock.int64) throw new Error("getNowBlock has no 200 validator");
  return [
    {
      label: "real 58-tx block (eth_getBlockByHash)",
      bytes: rpcAnswer(block58),
      checked: resultOf,
      validate: blockResult,
      helpers: "../../generated/evm/validators/components/helpers.js",
      prefixedLength: 66,
    },
    {
      label: "1,000 logs (eth_getLogs)",
      bytes: rpcAnswer(thousandLogs()),
      checked: resultOf,
      validate: logsResult,
      helpers: "../../generated/evm/validators/components/helpers.js",
      prefixedLength: 66,
    },
    {
      label: "100-transaction TRON block (getnowblock)",
      bytes: encoder.encode(JSON.stringify(benchBlock())),
      checked: (parsed) => parsed,
      validate: nowBlock.validate,
      helpers: "../../generated/wallet/validators/components/helpers.js",
      int64: { paths: nowBlock.int64, converter: nowBlock.convertInt64 },
      plainLength: 64,
    },
  ];
}

/** Reads no digit (nor the length): what is left of the validator is its structure. */
function skipsDigits(): boolean {
  return true;
}

async function floorTable(context: BenchContext, answer: Answer): Promise<Table> {
  const { hexAwarePattern } = (await import(answer.helpers)) as {
    hexAwarePattern(source: string, flags: string): object;
  };
  const hexPattern = Object.getPrototypeOf(hexAwarePattern("^0x[0-9a-fA-F]{64}$", "u")) as HexPatternClass;
  const readsDigits = hexPattern.test;
  const { bytes, checked, validate, int64 } = answer;
  const decoder = new TextDecoder();
  const parsed = () => checked(parseJson(decoder.decode(bytes)));
  check(validate(parsed()), `the validator accepts the ${answer.label}`);
  const shapes = stringShapesByLength(bytes);
  check(
    stringShapesBySimd(bytes).every((notShapes, length) => notShapes === shapes[length]),
    "the SIMD pass finds the shapes the JavaScript pass finds",
  );
  if (answer.prefixedLength !== undefined)
    check(
      (shapes[answer.prefixedLength] as number) === NOT_PLAIN_HEX,
      "the byte pass reads the 0x hex strings",
    );
  if (answer.plainLength !== undefined)
    check(
      (shapes[answer.plainLength] as number) === NOT_PREFIXED_HEX,
      "the byte pass reads the plain hex strings",
    );
  const repeat = (work: () => unknown) => (ops: number) => {
    for (let i = 0; i < ops; i++) work();
  };
  const structureOnly = () => {
    hexPattern.test = skipsDigits;
    try {
      return validate(parsed());
    } finally {
      hexPattern.test = readsDigits;
    }
  };
  const steps = [
    { name: "decode + JSON.parse (raw)", run: repeat(() => JSON.parse(decoder.decode(bytes))) },
    { name: "decode only", run: repeat(() => decoder.decode(bytes)) },
    { name: "decode + parseJson (+ the lossless walk)", run: repeat(parsed) },
    { name: "+ validator, hex digits not read (+ structure)", run: repeat(structureOnly) },
    { name: "+ validator (+ every hex digit)", run: repeat(() => validate(parsed())) },
  ];
  if (int64) {
    const converted = () => {
      const value = parsed();
      validate(value);
      return convertCheckedInt64(value, int64.paths, "", int64.converter);
    };
    steps.push({ name: "+ int64 fields to bigint", run: repeat(converted) });
  }
  steps.push(
    {
      name: "(context) a JavaScript pass over the bytes: string shapes by length",
      run: repeat(() => stringShapesByLength(bytes)),
    },
    {
      name: "(context) the same from WebAssembly SIMD masks, tokens read in JavaScript",
      run: repeat(() => stringShapesBySimd(bytes)),
    },
    {
      name: "(context) the WebAssembly SIMD masks alone (copy + kernel)",
      run: repeat(() => hexMasks(bytes)),
    },
  );
  // About the same time per round for every answer: a hundred 58-tx blocks' worth of bytes.
  const ops = Math.max(5, Math.round((100 * 65_000) / bytes.length));
  const samples = await interleaved(steps, planFor(context, { warmups: 2, rounds: 15, ops }, 10));
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "µs"));
  const base = figures[0] as Figure;
  for (const figure of figures) figure.ratio = figure.value / base.value;
  return {
    title: `the floor of a validated ${answer.label} (${bytes.length.toLocaleString("en")} B), from bytes to a checked value, per answer`,
    ratioLabel: "÷ decode + JSON.parse",
    figures,
    notes: [],
  };
}

/**
 * Measures the floor tables: each step of a validated answer, over decoding and `JSON.parse`.
 *
 * @param context - Quick mode.
 */
export async function validationFloor(context: BenchContext): Promise<Table[]> {
  const tables: Table[] = [];
  for (const answer of answers()) tables.push(await floorTable(context, answer));
  (tables[tables.length - 1] as Table).notes?.push(
    "each line adds one step to the line before it; differences between lines are the parse, the walk, the structure, the digits and the int64 conversion",
    "end to end (the call-overhead, logs-receipts and wallet rows) the raw side also pays the Response and fetch, so validated ÷ raw fetch there is lower than here",
    "structure: the validator with its hex patterns passing every string, for this measurement only",
    "the byte passes (bench/lib/string-shapes-by-length.ts, string-shapes-simd.ts) are the prototypes of issue 47's digit check off the string path: per string length, whether every string of that length is hex; a validator would still read the digits of every length they leave unsettled, so each pass pays only where it costs less than the digits line",
  );
  return tables;
}
