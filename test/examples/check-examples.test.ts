import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkExamples, MARKDOWN_DOCUMENTS } from "../../scripts/examples/check-examples.js";
import { extractExamples, extractMarkdownExamples } from "../../scripts/examples/extract-examples.js";

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

describe("extractMarkdownExamples", () => {
  it("reads only ts blocks, with the line of their fence, and skips blocks nested in other fences", () => {
    const text = readFileSync(join(root, "test/fixtures/examples/guide.md"), "utf8");
    const blocks = extractMarkdownExamples("guide.md", text);
    expect(blocks.map((block) => block.line)).toEqual([13, 18]);
    expect(blocks[0]?.code).toBe("const org = await platform.getOrganization();\norg.name.toUpperCase();");
  });

  it("finds the README's code, which check:examples compiles", () => {
    expect(MARKDOWN_DOCUMENTS).toContain("README.md");
    const blocks = extractMarkdownExamples("README.md", readFileSync(join(root, "README.md"), "utf8"));
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    expect(blocks.some((block) => block.code.includes("createEvmClient"))).toBe(true);
  });
});

describe("the docs pages", () => {
  it("are checked too, so a guide moved out of the README stays compiled", () => {
    expect(MARKDOWN_DOCUMENTS).toEqual(
      expect.arrayContaining(["docs/guide-evm.md", "docs/cli.md", "docs/mock.md"]),
    );
    const blocks = extractMarkdownExamples(
      "docs/guide-evm.md",
      readFileSync(join(root, "docs/guide-evm.md"), "utf8"),
    );
    expect(blocks.some((block) => block.code.includes("getVerifiedReceipt"))).toBe(true);
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
  }, 180_000);

  it("compiles a Markdown document's ts blocks as a reader has them, and names the broken line", () => {
    const problems = checkExamples([], join(root, ".tmp/examples-markdown-test"), [
      join(root, "test/fixtures/examples/guide.md"),
    ]);
    expect(problems.map((problem) => problem.where)).toEqual(["test/fixtures/examples/guide.md:18"]);
    expect(problems[0]?.message).toContain("example line 2: 'first' is possibly 'undefined'");
  }, 180_000);
});
