import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkExamples } from "../../scripts/examples/check-examples.js";
import { extractExamples } from "../../scripts/examples/extract-examples.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

describe("extractExamples", () => {
  it("reads fenced and unfenced examples without the comment margin", () => {
    const text = [
      "/**",
      " * Summary.",
      " * @param x - a value",
      " * @example",
      " * ```ts",
      " * const y = f(1);",
      " * ```",
      " * @returns something",
      " */",
      "/** @example f(2); // 4 */",
    ].join("\n");
    expect(extractExamples("a.ts", text)).toEqual([
      { file: "a.ts", line: 4, code: "const y = f(1);" },
      { file: "a.ts", line: 10, code: "f(2); // 4" },
    ]);
  });
});

describe("checkExamples", () => {
  it("type-checks each example against its own file, the shared names and the package, and names the broken one", () => {
    const problems = checkExamples(
      [join(root, "test/fixtures/examples/documented.ts")],
      join(root, ".tmp/examples-test"),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.where).toBe("test/fixtures/examples/documented.ts:14");
    expect(problems[0]?.message).toContain("example line 1: Type '\"runing\"' is not assignable");
  }, 60_000);
});
