/** Characters a `\` may precede in a `u`-flag regular expression: syntax characters and escapes. */
const ESCAPABLE = /[\\^$.*+?()[\]{}|/\-dDwWsSbBnrtfv0-9cxupPk]/;

/**
 * A `pattern` as validators read it, with the `u` (Unicode) flag. Specs often escape characters
 * that need no escape (`[\w\:]`), which JavaScript accepts without the flag and refuses with it;
 * dropping such a `\` keeps the meaning. `undefined` when the pattern is invalid even so.
 *
 * @example
 * unicodePattern("^[a-z0-9_\\-\\:]+$"); // "^[a-z0-9_\\-:]+$"
 */
export function unicodePattern(pattern: string): string | undefined {
  if (compiles(pattern)) return pattern;
  const eased = pattern.replace(/\\(.)/gsu, (match, char: string) => (ESCAPABLE.test(char) ? match : char));
  return compiles(eased) ? eased : undefined;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}
