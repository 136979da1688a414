import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Int64Converters, int64ConverterCode } from "../../scripts/generate/int64-converter.js";
import { SURFACES } from "../../scripts/generate/surfaces.js";
import { convertCheckedInt64, convertInt64 } from "../../src/runtime/json/convert-int64.js";
import type { Int64Converter, Int64Paths } from "../../src/runtime/operation.js";
import { repoRoot } from "./support.js";

/** Compiles the generated code the way a module holds it. */
function compiled(paths: Int64Paths): Int64Converter {
  return new Function(`return ${int64ConverterCode(paths)};`)() as Int64Converter;
}

const LEAVES = ["990000000000000000", 7, "0x10", 1.5, null, "-12", "", { deep: "1" }, 2 ** 60];

/**
 * A value with something at every path: each `"*"` an array (or, with `asObject`, an object) of
 * two items, leaves taken in turn from {@link LEAVES}, and a field beside each that no path names.
 */
function sample(paths: Int64Paths, asObject: boolean): unknown {
  let turn = 0;
  const root: { value?: unknown } = {};
  const place = (holder: Record<string, unknown>, key: string, path: readonly string[]) => {
    if (path.length === 0) {
      if (!Object.hasOwn(holder, key)) holder[key] = LEAVES[turn++ % LEAVES.length];
      return;
    }
    const [head, ...rest] = path as [string, ...string[]];
    let container = holder[key];
    if (!Object.hasOwn(holder, key) || container === null || typeof container !== "object") {
      container = head === "*" && !asObject ? [] : { other: "kept" };
      holder[key] = container;
    }
    const target = container as Record<string, unknown>;
    for (const name of head === "*" ? (asObject ? ["a", "b"] : ["0", "1"]) : [head])
      place(target, name, rest);
  };
  for (const path of paths) place(root as Record<string, unknown>, "value", path);
  return root.value;
}

describe("int64ConverterCode", () => {
  it("converts what the paths convert, leaves the rest, and adds no field", () => {
    const paths = [
      ["lt"],
      ["out", "*", "value"],
      ["out", "*", "msg", "fee"],
      ["map", "*"],
      ["a-b", 'c"d'],
      ["constructor"],
      ["length"],
      ["both"],
      ["both", "inner"],
    ];
    const convert = compiled(paths);
    for (const asObject of [false, true]) {
      const value = sample(paths, asObject);
      const expected = convertInt64(structuredClone(value), paths);
      const got = convertInt64(structuredClone(value), paths, convert);
      expect(got).toEqual(expected);
      expect(JSON.stringify(got, (_key, item) => (typeof item === "bigint" ? `${item}n` : item))).toBe(
        JSON.stringify(expected, (_key, item) => (typeof item === "bigint" ? `${item}n` : item)),
      );
    }
    const bare = convertInt64({ out: [{}], other: 1 }, paths, convert);
    expect(bare).toStrictEqual({ out: [{}], other: 1 });
    expect(Object.hasOwn(bare, "constructor")).toBe(false);
  });

  it("converts the value itself for an empty path", () => {
    expect(convertInt64("18446744073709551615", [[]], compiled([[]]))).toBe(18446744073709551615n);
    expect(convertInt64({ n: "1" }, [[], ["n"]], compiled([[], ["n"]]))).toEqual({ n: 1n });
  });

  it("reports numbers too large to be exact by pointer, as the paths do", () => {
    const paths = [
      ["a/b", "*", "n"],
      ["m", "*"],
    ];
    const value = { "a/b": [{ n: 1e30 }, { n: "12" }, { n: 2 ** 60 }], m: { "x~y": 1e21 } };
    const expected = convertCheckedInt64(structuredClone(value), paths, "/result");
    const got = convertCheckedInt64(structuredClone(value), paths, "/result", compiled(paths));
    expect(got).toEqual(expected);
    expect(got.inexact.map((issue) => issue.pointer)).toEqual([
      "/result/a~1b/0/n",
      "/result/a~1b/2/n",
      "/result/m/x~0y",
    ]);
  });

  it("writes each converter once, and a part several converters hold once, which they call", () => {
    const converters = new Int64Converters();
    const transaction = [["fee"], ["lt"], ["out", "*", "value"], ["total"]];
    const block = [["number"], ...transaction.map((path) => ["transactions", "*", ...path])];
    const page = [...transaction.map((path) => ["items", "*", ...path]), ["next"]];
    expect(converters.nameFor(block, "getBlock")).toBe("int64_getBlock");
    expect(converters.nameFor(page, "getPage")).toBe("int64_getPage");
    expect(converters.nameFor(structuredClone(block), "getHead")).toBe("int64_getBlock");
    expect(converters.importLine("int64_getBlock")).toBe(
      'import { int64_getBlock } from "./int64/getBlock.js";',
    );
    const files = new Map(converters.files().map(({ path, js }) => [path, js]));
    expect([...files.keys()]).toEqual([
      "validators/int64/getBlock.js",
      "validators/int64/getPage.js",
      "validators/int64/getBlock_transactions.js",
    ]);
    for (const root of ["getBlock", "getPage"]) {
      expect(files.get(`validators/int64/${root}.js`)).toMatch(
        /^import \{ int64_getBlock_transactions \} from "\.\/getBlock_transactions\.js";\n/,
      );
    }
    expect(files.get("validators/int64/getBlock_transactions.js")).toMatch(
      /^export const int64_getBlock_transactions = \(v0, f, e\) => \{ .*\.fee.* return v0; \};\n$/,
    );
  });

  it("every generated module's converter matches its int64 positions", async () => {
    let checked = 0;
    for (const { name: surface } of SURFACES) {
      const folder = join(repoRoot, "generated", surface, "validators");
      for (const name of (await readdir(folder)).filter((file) => file.endsWith(".js"))) {
        const module = (await import(join(folder, name))) as Record<string, unknown>;
        // A pack exports each of its operations as an object holding its responses.
        const operations = Object.values(module).filter(
          (value): value is Record<string, unknown> =>
            typeof value === "object" && value !== null && "responses" in value,
        );
        const descriptors = [module, ...operations].flatMap((holder) => [
          ...Object.values((holder.responses ?? {}) as Record<string, Record<string, unknown>>),
          holder,
        ]);
        for (const descriptor of descriptors) {
          const paths = descriptor.int64 as Int64Paths | undefined;
          if (paths === undefined) continue;
          const convert = descriptor.convertInt64 as Int64Converter;
          for (const asObject of [false, true]) {
            const value = sample(paths, asObject);
            const expected = convertInt64(structuredClone(value), paths);
            expect(convertInt64(structuredClone(value), paths, convert), `${surface}/${name}`).toEqual(
              expected,
            );
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
