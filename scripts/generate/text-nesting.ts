/**
 * Where YAML or JSON text first nests deeper than `maxDepth`, read from the characters alone: the
 * parsers recurse once per level, and about a thousand levels make V8 abort the whole process
 * (a fatal error no `catch` sees), so the depth is known before any parser runs.
 *
 * It counts block nesting by indentation and flow nesting by `[`/`{` where a node may start (after
 * `:`, `-`, `?`, `,`, another bracket, or at a line's start), skipping quoted strings and comments;
 * a bracket inside plain text (`see [docs]`) is not a collection. It may count a level or two more
 * than a parser would, never far fewer.
 *
 * @returns The 1-based line and column of the first bracket or line past the limit, or `undefined`.
 * @example
 * tooDeepAt("a: [[[1]]]\n", 3); // { line: 1, column: 6 }
 */
export function tooDeepAt(text: string, maxDepth: number): { line: number; column: number } | undefined {
  const indents: number[] = [];
  let flow = 0;
  let line = 0;
  let lineStart = 0;
  let atNodeStart = true;
  // Each line in block context nests as deep as the indentations still open above it, plus one.
  const enterLine = (start: number): { line: number; column: number } | undefined => {
    line++;
    lineStart = start;
    atNodeStart = true;
    if (flow > 0) return undefined;
    let indent = 0;
    while (text[start + indent] === " ") indent++;
    const first = text[start + indent];
    if (first === undefined || first === "\n" || first === "\r" || first === "#") return undefined;
    while (indents.length > 0 && (indents.at(-1) ?? 0) >= indent) indents.pop();
    indents.push(indent);
    return indents.length > maxDepth ? { line, column: indent + 1 } : undefined;
  };
  const first = enterLine(0);
  if (first) return first;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "\n") {
      const deep = enterLine(index + 1);
      if (deep) return deep;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r") continue;
    if (char === "#" && (index === lineStart || /\s/.test(text[index - 1] ?? ""))) {
      index = text.indexOf("\n", index) - 1;
      if (index < 0) break;
      continue;
    }
    if (atNodeStart && (char === '"' || char === "'")) {
      index = endOfQuoted(text, index);
      atNodeStart = false;
      continue;
    }
    if ((char === "[" || char === "{") && (atNodeStart || flow > 0)) {
      flow++;
      if (Math.max(indents.length, 1) + flow > maxDepth) return { line, column: index - lineStart + 1 };
      atNodeStart = true;
      continue;
    }
    if ((char === "]" || char === "}") && flow > 0) flow--;
    atNodeStart = char === ":" || char === "-" || char === "?" || char === ",";
  }
  return undefined;
}

/** The index of the quote closing the string opened at `start` (YAML's `''` and `\"` escapes). */
function endOfQuoted(text: string, start: number): number {
  const quote = text[start];
  for (let index = start + 1; index < text.length; index++) {
    const char = text[index];
    if (quote === '"' && char === "\\") index++;
    else if (char === quote) {
      if (quote === "'" && text[index + 1] === "'") index++;
      else return index;
    }
  }
  return text.length;
}
