/**
 * Row 2, validation: the generated standalone validator of eth_getBlockByHash's result on the real
 * 58-tx block and on a synthetic 1,000-tx block, next to JSON.parse of the same bytes and to ajv
 * compiled at start-up from the bundled spec's result schema. (Import and first-call times are the
 * import-time row.)
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { evmMethods } from "../../generated/evm/operations.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { block58, ROOT, syntheticBlock } from "../lib/fixtures.js";
import { interleaved, type Plan } from "../lib/measure.js";
import { type Figure, type RowResult, type Table, timed } from "../lib/report.js";
import { validationFloor } from "./validation-floor.js";

const { result: eth_getBlockByHashResult } = await evmMethods.eth_getBlockByHash.validators();

/** The eth_getBlockByHash result schema as the bundled (dereferenced) spec has it. */
export function blockResultSchema(): object {
  const spec = JSON.parse(readFileSync(`${ROOT}generated/evm/spec.json`, "utf8")) as {
    methods: { name: string; result: { schema: object } }[];
  };
  const method = spec.methods.find((m) => m.name === "eth_getBlockByHash");
  if (!method) throw new Error("eth_getBlockByHash is not in generated/evm/spec.json");
  return method.result.schema;
}

/** ajv compiled at run time with the generator's options (strict off: the spec carries x- keywords). */
function compileAtRuntime(schema: object): (data: unknown) => boolean {
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

async function table(
  label: string,
  text: string,
  plan: Plan,
  runtime: (data: unknown) => boolean,
): Promise<Table> {
  const data = JSON.parse(text);
  check(eth_getBlockByHashResult(data), `the standalone validator accepts the ${label}`);
  check(runtime(data), `runtime-compiled ajv accepts the ${label}`);
  const repeat = (work: () => unknown) => (ops: number) => {
    for (let i = 0; i < ops; i++) work();
  };
  const samples = await interleaved(
    [
      { name: "JSON.parse of the same bytes", run: repeat(() => JSON.parse(text)) },
      { name: "chainkit lossless parseJson (context)", run: repeat(() => parseJson(text)) },
      { name: "generated standalone validator", run: repeat(() => eth_getBlockByHashResult(data)) },
      { name: "ajv compiled at start-up", run: repeat(() => runtime(data)) },
    ],
    plan,
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "µs"));
  const base = figures[0] as Figure;
  for (const figure of figures) figure.ratio = figure.value / base.value;
  return {
    title: `${label} (${text.length.toLocaleString("en")} B), per validation (${plan.ops} per round, ${plan.rounds} rounds)`,
    ratioLabel: "÷ JSON.parse",
    figures,
    notes: [],
  };
}

/**
 * Measures row 2.
 *
 * @param context - Quick mode.
 */
export async function validation(context: BenchContext): Promise<RowResult> {
  const runtime = compileAtRuntime(blockResultSchema());
  const text58 = JSON.stringify(block58);
  const text1000 = JSON.stringify(syntheticBlock(1000));
  const tables = [
    await table(
      "real 58-tx block",
      text58,
      planFor(context, { warmups: 2, rounds: 15, ops: 200 }, 20),
      runtime,
    ),
    await table(
      "synthetic 1,000-tx block",
      text1000,
      planFor(context, { warmups: 2, rounds: 9, ops: 15 }, 3),
      runtime,
    ),
  ];
  (tables[1] as Table).notes?.push(
    "the generated validator checks hex patterns with a length test plus a digit check of its own, no RegExp (scripts/generate/hex-patterns.ts); ajv compiled at start-up uses ajv's own RegExps",
    "parseJson is JSON.parse plus a walk of the parsed value; it parses again, losslessly, only when a number is beyond 2^53 − 1 (none here)",
    "peers on this kind of machine: stock ajv standalone 1.31× (58 tx) and 1.37× (1,000 tx) of JSON.parse",
  );
  tables.push(...(await validationFloor(context)));
  return { id: "validation", title: "2. Validation", tables };
}
