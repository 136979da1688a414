/** Deepest nesting an error keeps of a server's value; deeper parts are replaced by {@link CUT}. */
const MAX_KEPT_DEPTH = 32;

/** Most characters (of strings and keys, roughly) an error keeps of a server's value or text. */
const MAX_KEPT_CHARS = 16_384;

/** What stands in for the part of a value that was not kept. */
const CUT = "…(cut)";

/**
 * A copy of a value a server sent, safe to keep in an error: every string (and every key) passes
 * through `redact`, so a secret is caught whatever JSON escapes it travelled in (`\/`, `\u0026`, every
 * character `\u`-escaped); nesting past {@link MAX_KEPT_DEPTH} and content past
 * {@link MAX_KEPT_CHARS} are cut. Never throws, however deep or large the value.
 *
 * @param value - A parsed JSON value.
 * @param redact - Replaces secrets in a string by `***`.
 * @returns The scrubbed, bounded copy.
 * @example
 * scrubValue({ error: { message: "bad token s3cr3t-t0ken" } }, (t) => t.replaceAll("s3cr3t-t0ken", "***"));
 * // { error: { message: "bad token ***" } }
 */
export function scrubValue(value: unknown, redact: (text: string) => string): unknown {
  const budget = { left: MAX_KEPT_CHARS };
  return copy(value, redact, 0, budget);
}

function copy(
  value: unknown,
  redact: (text: string) => string,
  depth: number,
  budget: { left: number },
): unknown {
  if (typeof value === "string") return keepText(redact(value), budget);
  if (value === null || typeof value !== "object") {
    budget.left -= 1;
    return value;
  }
  if (depth >= MAX_KEPT_DEPTH || budget.left <= 0) return CUT;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      if (budget.left <= 0) {
        items.push(CUT);
        break;
      }
      items.push(copy(item, redact, depth + 1, budget));
    }
    return items;
  }
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (budget.left <= 0) {
      result[CUT] = CUT;
      break;
    }
    const shownKey = keepText(redact(key), budget);
    // Defined, not assigned, so a key such as `__proto__` stays data.
    Object.defineProperty(result, shownKey, {
      value: copy((value as Record<string, unknown>)[key], redact, depth + 1, budget),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

/**
 * Scrubs a text body that is not JSON: secrets are replaced as they appear, and also after the JSON
 * string escapes a broken JSON body may hold (`\u0074\u006f…`, `\/`) are read, so escaping cannot
 * hide one. The result is cut at {@link MAX_KEPT_CHARS}.
 *
 * @param text - The body text.
 * @param redact - Replaces secrets in a string by `***`.
 * @returns The scrubbed text, at most about {@link MAX_KEPT_CHARS} characters.
 * @example
 * scrubText('{"msg":"\\u0073ecret', (t) => t.replaceAll("secret", "***")); // '{"msg":"***'
 */
export function scrubText(text: string, redact: (text: string) => string): string {
  const unescaped = text.includes("\\") ? readJsonEscapes(text) : text;
  return keepText(redact(unescaped), { left: MAX_KEPT_CHARS });
}

function keepText(text: string, budget: { left: number }): string {
  const room = Math.max(budget.left, 0);
  budget.left -= text.length;
  return text.length <= room ? text : `${text.slice(0, room)}${CUT}`;
}

const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|([\\/"bfnrt]))/g;
const SIMPLE_ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

function readJsonEscapes(text: string): string {
  return text.replace(JSON_ESCAPE, (_match, hex: string | undefined, simple: string | undefined) => {
    if (hex !== undefined) return String.fromCharCode(Number.parseInt(hex, 16));
    return SIMPLE_ESCAPES[simple as string] ?? (simple as string);
  });
}
