/**
 * The only ways text from a spec enters generated source: as a literal, or inside a comment.
 * A spec may come from anyone (`chainkit generate`), so none of its strings may ever read as code:
 * every emitter writes spec text through these functions, and `test/generate/source-text.test.ts`
 * refuses emitters that interpolate into comments or call `JSON.stringify` on their own.
 */

/** JavaScript's line terminators: each ends a `//` comment. */
const LINE_TERMINATORS = /\r\n|[\n\r\u2028\u2029]/g;

/**
 * A JSON value as a JavaScript/TypeScript literal: `JSON.stringify`, with U+2028 and U+2029 escaped
 * too (JSON keeps them raw; older engines and tools end a line at them).
 */
export function sourceLiteral(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError("sourceLiteral: the value has no JSON form");
  return json.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * Text safe inside a block comment: `*\/` can never close it, and every line break is a plain `\n`
 * (so the comment's ` * ` prefixes stay in step with its lines).
 */
export function commentText(text: string): string {
  return text.replace(LINE_TERMINATORS, "\n").replaceAll("*/", "*\\/");
}

/** A doc comment holding `text` (spec text allowed), on one line when it fits one, indented by `indent`. */
export function docComment(text: string, indent = ""): string {
  const lines = commentText(text).split("\n");
  if (lines.length === 1) return `${indent}/** ${lines[0]} */`;
  return [
    `${indent}/**`,
    ...lines.map((line) => `${indent} *${line ? ` ${line}` : ""}`),
    `${indent} */`,
  ].join("\n");
}

/** A `//` comment holding `text` on one line: each line break in it is written as `\n`, never kept. */
export function lineComment(text: string): string {
  return `// ${text.replace(LINE_TERMINATORS, (terminator) => sourceLiteral(terminator).slice(1, -1))}`;
}
