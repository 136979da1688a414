/**
 * What the portal's try-it must not show of an answer until the reader asks: the fields the spec
 * marks `x-secret` (the positions the generated module gives, the ones a client wraps in `Secret`),
 * any of those values or of the credentials typed into the page repeated elsewhere in the answer,
 * and the headers that carry credentials. Bundled into the browser's `try-it/check.js`: the page
 * builds the answer's view from these parts, so a masked value reaches the DOM only when revealed.
 */
import { redactText } from "../../src/runtime/credentials/redact.js";
import { MIN_SECRET_LENGTH } from "../../src/runtime/credentials/secret-rules.js";
import type { SecretPaths } from "../../src/runtime/operation.js";

/** What the page shows in place of a secret. */
const MASK = "***";

/** A piece of the answer: plain text, or a value shown as `masked` until the reader reveals it. */
export type AnswerPart = string | { masked: string; value: string };

/** Header names whose values are credentials (a challenge like `www-authenticate` holds none). */
const CREDENTIAL_HEADER = /authorization|cookie|token|secret|passw|api-?key|session|credential|x-auth/i;
const CHALLENGE_HEADER = /^(www|proxy)-authenticate$/i;

/**
 * The answer's body, with each secret field masked (as a whole JSON string, `"***"`) and every other
 * string holding a known secret masked where it holds it. The text is never re-serialised, so
 * numbers keep every digit as sent; text that is not JSON is only searched for the known secrets.
 *
 * @param text - The body as received.
 * @param paths - Where the spec's secret fields sit in the body (`*` for any item or property).
 * @param known - Secrets the page already knows (the credentials typed into it).
 * @param limit - How much of the body to show; the rest is cut.
 * @returns The parts to show, in order.
 * @example maskAnswer('{"auth_key":"3c6e0b8a4d"}', [["auth_key"]], [], 1000)
 * // ['{"auth_key":', { masked: '"***"', value: '"3c6e0b8a4d"' }, "}"]
 */
export function maskAnswer(
  text: string,
  paths: SecretPaths,
  known: readonly string[],
  limit: number,
): AnswerPart[] {
  const found = secretValues(text, paths);
  // Shorter values would be "found" in unrelated text (the runtime's rule).
  const repeated = [...(found ?? []), ...known].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  const parts = found === undefined ? [maskedText(text, repeated)] : maskedJson(text, paths, repeated);
  return cut(parts, limit);
}

/**
 * The headers the page may read, one `name: value` line each, a credential header's value masked
 * whole and any other holding a known secret masked where it holds it.
 *
 * @param headers - The answer's headers as the browser exposes them.
 * @param known - Secrets the page already knows.
 * @returns The parts to show, in order.
 * @example maskHeaders([["x-auth-token", "t0k3n-abcdef"]], []) // ["x-auth-token: ", { masked: "***", value: "t0k3n-abcdef" }, "\n"]
 */
export function maskHeaders(
  headers: readonly (readonly [string, string])[],
  known: readonly string[],
): AnswerPart[] {
  const repeated = known.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  return headers.flatMap(([name, value]) => {
    const credential = CREDENTIAL_HEADER.test(name) && !CHALLENGE_HEADER.test(name) && value !== "";
    const shown = credential ? { masked: MASK, value } : maskedText(value, repeated);
    return [`${name}: `, shown, "\n"];
  });
}

/** The strings at the secret positions, or `undefined` when the text is not JSON. */
function secretValues(text: string, paths: SecretPaths): string[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const found: string[] = [];
  for (const path of paths) collect(value, path, 0, found);
  return found;
}

function collect(node: unknown, path: readonly string[], depth: number, found: string[]): void {
  if (depth === path.length) {
    if (typeof node === "string") found.push(node);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const key = path[depth] as string;
  const container = node as Record<string, unknown>;
  const keys = key === "*" ? Object.keys(container) : Object.hasOwn(container, key) ? [key] : [];
  for (const name of keys) collect(container[name], path, depth + 1, found);
}

/** Text with each known secret masked; the whole text is the value to reveal. */
function maskedText(text: string, secrets: readonly string[]): AnswerPart {
  const masked = secrets.length === 0 ? text : redactText(text, secrets);
  return masked === text ? text : { masked, value: text };
}

/** One level of the JSON being read: an object (with the key being read) or an array (with the index). */
interface Level {
  array: boolean;
  key: string;
  index: number;
  /** In an object, whether the next string is a key. */
  atKey: boolean;
}

/** Walks the JSON text token by token, keeping where each string sits, and masks by position. */
function maskedJson(text: string, paths: SecretPaths, repeated: readonly string[]): AnswerPart[] {
  const parts: AnswerPart[] = [];
  const levels: Level[] = [];
  let plain = "";
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (char !== '"') {
      plain += char;
      at += 1;
      const level = levels.at(-1);
      if (char === "{" || char === "[")
        levels.push({ array: char === "[", key: "", index: 0, atKey: char === "{" });
      else if (char === "}" || char === "]") levels.pop();
      else if (char === "," && level) {
        if (level.array) level.index += 1;
        else level.atKey = true;
      } else if (char === ":" && level) level.atKey = false;
      continue;
    }
    const end = stringEnd(text, at);
    const token = text.slice(at, end);
    at = end;
    const level = levels.at(-1);
    if (level && !level.array && level.atKey) {
      level.key = JSON.parse(token) as string;
      plain += token;
      continue;
    }
    const where = levels.map((each) => (each.array ? String(each.index) : each.key));
    const shown = paths.some((path) => sameWhere(path, where))
      ? { masked: `"${MASK}"`, value: token }
      : maskedText(token, repeated);
    if (typeof shown === "string") {
      plain += shown;
    } else {
      parts.push(plain, shown);
      plain = "";
    }
  }
  parts.push(plain);
  return parts.filter((part) => part !== "");
}

/** The index just after the JSON string starting at `start` (the text is valid JSON). */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
  return at + 1;
}

function sameWhere(path: readonly string[], where: readonly string[]): boolean {
  return path.length === where.length && path.every((key, i) => key === "*" || key === where[i]);
}

/** The parts up to `limit` characters of shown text, with a note where the rest was cut. */
function cut(parts: readonly AnswerPart[], limit: number): AnswerPart[] {
  const kept: AnswerPart[] = [];
  let length = 0;
  for (const part of parts) {
    const size = typeof part === "string" ? part.length : part.masked.length;
    if (length + size > limit) {
      if (typeof part === "string") kept.push(part.slice(0, limit - length));
      kept.push("\n… (cut here)");
      return kept;
    }
    kept.push(part);
    length += size;
  }
  return kept;
}
