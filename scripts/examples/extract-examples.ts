/**
 * Finds the `@example` blocks of TSDoc comments: the lines after the tag up to the next tag or the
 * end of the comment, without the comment's ` * ` margin, and without a ```ts fence when there is one.
 */

/** One `@example` of a source file. */
export interface SourceExample {
  /** The source file, as given. */
  file: string;
  /** The 1-based line of the `@example` tag in the source file. */
  line: number;
  /** The example's code. */
  code: string;
}

const COMMENT = /\/\*\*[\s\S]*?\*\//g;

/**
 * Every `@example` in a source text.
 *
 * @param file - The file name to report.
 * @param text - The file's text.
 * @returns The examples in file order.
 * @example
 * const examples = extractExamples("src/a.ts", readFileSync("src/a.ts", "utf8"));
 */
export function extractExamples(file: string, text: string): SourceExample[] {
  const examples: SourceExample[] = [];
  for (const match of text.matchAll(COMMENT)) {
    const startLine = text.slice(0, match.index).split("\n").length;
    const lines = match[0]
      .replace(/^\/\*\*/, "")
      .replace(/\*\/$/, "")
      .split("\n")
      .map((line) => line.replace(/^\s*\* ?/, ""));
    let current: { line: number; lines: string[] } | undefined;
    const finish = () => {
      if (current) examples.push({ file, line: current.line, code: codeOf(current.lines) });
      current = undefined;
    };
    lines.forEach((line, index) => {
      const tag = /^\s*@(\w+)(.*)$/.exec(line);
      if (tag) {
        finish();
        if (tag[1] === "example") current = { line: startLine + index, lines: [(tag[2] ?? "").trim()] };
        return;
      }
      current?.lines.push(line);
    });
    finish();
  }
  return examples.filter((example) => example.code !== "");
}

/** The code of an example's lines: fenced code when fenced, else every line; trimmed of blank edges. */
function codeOf(lines: readonly string[]): string {
  const open = lines.findIndex((line) => /^\s*```/.test(line));
  const body =
    open === -1
      ? lines
      : lines.slice(open + 1, open + 1 + lines.slice(open + 1).findIndex((line) => /^\s*```/.test(line)));
  const trimmed = body.map((line) => line.trimEnd());
  while (trimmed.length > 0 && trimmed[0]?.trim() === "") trimmed.shift();
  while (trimmed.length > 0 && trimmed.at(-1)?.trim() === "") trimmed.pop();
  return trimmed.join("\n");
}

/**
 * Every fenced ```ts (or ```typescript) block of a Markdown text, such as the README's code.
 *
 * @param file - The file name to report.
 * @param text - The Markdown text.
 * @returns The blocks in file order; `line` is the line of the opening fence.
 * @example
 * const blocks = extractMarkdownExamples("README.md", readFileSync("README.md", "utf8"));
 */
export function extractMarkdownExamples(file: string, text: string): SourceExample[] {
  const examples: SourceExample[] = [];
  // Every fence is tracked, so a ```ts line inside another block (a ```md one) is not taken for code.
  let open: { line: number; fence: string; typescript: boolean; lines: string[] } | undefined;
  text.split("\n").forEach((line, index) => {
    if (open) {
      if (line.trim() === open.fence) {
        if (open.typescript) examples.push({ file, line: open.line, code: codeOf(open.lines) });
        open = undefined;
      } else open.lines.push(line);
      return;
    }
    const fence = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence?.[1])
      open = {
        line: index + 1,
        fence: fence[1],
        typescript: /^(ts|typescript)$/.test(fence[2] ?? ""),
        lines: [],
      };
  });
  return examples.filter((example) => example.code !== "");
}
