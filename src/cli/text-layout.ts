/**
 * Plain-text layout for the CLI's help: words wrapped at a width, and aligned columns. Lines are
 * broken only between words, so no sentence is ever cut.
 */

/** The width every help text is wrapped at. */
export const HELP_WIDTH = 100;

/**
 * Breaks `text` into lines of at most `width` characters, between words. A word longer than the
 * width gets a line of its own rather than being split.
 *
 * @param text - The text; runs of whitespace (newlines included) count as one space.
 * @param width - The most characters per line.
 * @returns The lines, none of them empty (none at all for blank text).
 * @example
 * wrapWords("one two three", 7); // ["one two", "three"]
 */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/**
 * Wraps a spec description (Markdown-ish text, hard-wrapped by its author) to `width`: paragraphs
 * stay apart, and each list item (`- `, `* `, `1. `) starts a line of its own, its continuation
 * lines indented under its text.
 *
 * @param text - The description.
 * @param width - The most characters per line.
 * @returns The lines; a blank line between paragraphs.
 * @example
 * reflow("Rules:\n- one\n  more\n- two", 40); // ["Rules:", "- one more", "- two"]
 */
export function reflow(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.trim().split(/\n\s*\n/)) {
    if (lines.length > 0) lines.push("");
    for (const block of paragraphBlocks(paragraph)) {
      const marker = /^(\s*)([-*]|\d+\.)\s+/.exec(block)?.[0] ?? "";
      const hang = " ".repeat(marker.length);
      const words = wrapWords(block.slice(marker.length), Math.max(width - marker.length, 1));
      lines.push(...words.map((line, index) => `${index === 0 ? marker : hang}${line}`));
    }
  }
  return lines;
}

/** A paragraph's list items (and its text before the first one), each joined into one line. */
function paragraphBlocks(paragraph: string): string[] {
  const blocks: string[] = [];
  for (const line of paragraph.split("\n")) {
    const last = blocks.length - 1;
    if (/^\s*([-*]|\d+\.)\s+/.test(line) || last < 0) blocks.push(line);
    else blocks[last] += ` ${line.trim()}`;
  }
  return blocks;
}

/** Options of {@link alignColumns}. */
export interface ColumnOptions {
  /** Spaces before the first column (default 2). */
  indent?: number;
  /** Spaces between columns (default 2). */
  gap?: number;
  /** The most characters per line: the last column wraps between words to stay within it. */
  width?: number;
}

/**
 * Lays rows out as columns: every cell but the last is padded to its column's widest cell, and the
 * last cell wraps, its continuation lines starting under its first character.
 *
 * @param rows - The rows, each a list of cells (rows may have fewer cells than others).
 * @param options - Indent, gap and width.
 * @returns The lines.
 * @example
 * alignColumns([["--json", "one line"], ["--env <file>", "read variables from <file>"]]);
 * // ["  --json        one line", "  --env <file>  read variables from <file>"]
 */
export function alignColumns(rows: readonly (readonly string[])[], options: ColumnOptions = {}): string[] {
  return alignRows(rows, options).flat();
}

/**
 * {@link alignColumns}, with the lines of each row apart (a row whose last cell wraps has several).
 *
 * @example
 * alignRows([["a", "one"], ["bb", "two"]]); // [["  a   one"], ["  bb  two"]]
 */
export function alignRows(rows: readonly (readonly string[])[], options: ColumnOptions = {}): string[][] {
  const { indent = 2, gap = 2, width = HELP_WIDTH } = options;
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = Array.from({ length: columns - 1 }, (_, column) =>
    Math.max(...rows.map((row) => (column < row.length - 1 ? (row[column] as string).length : 0))),
  );
  return rows.map((row) => {
    let start = indent;
    let head = " ".repeat(indent);
    for (const [column, cell] of row.slice(0, -1).entries()) {
      const padded = cell.padEnd(widths[column] as number);
      head += padded + " ".repeat(gap);
      start += padded.length + gap;
    }
    const last = wrapWords(row.at(-1) ?? "", Math.max(width - start, 20));
    if (last.length === 0) return [head.trimEnd()];
    return last.map((text, index) => (index === 0 ? head + text : " ".repeat(start) + text));
  });
}
