import { Secret } from "../runtime/credentials/secret.js";
import { stringifyJson } from "../runtime/json/stringify-json.js";

/** How `chainkit call` prints an answer. */
export interface OutputOptions {
  /** One JSON line (`--json`) instead of indented JSON. */
  oneLine: boolean;
  /** Secret fields in clear (`--reveal`) instead of `***`. */
  reveal: boolean;
}

/**
 * The answer as JSON, bigints exact: indented for people, one line with `--json`. Secret fields
 * (those the spec marks `x-secret`, which the library wraps in `Secret`) print as `***` unless
 * `reveal` asks for their values.
 *
 * @example
 * printedAnswer({ auth_key: new Secret("k") }, { oneLine: true, reveal: false }); // '{"auth_key":"***"}'
 * printedAnswer({ auth_key: new Secret("k") }, { oneLine: true, reveal: true }); // '{"auth_key":"k"}'
 */
export function printedAnswer(result: unknown, options: OutputOptions): string {
  if (result === undefined) return options.oneLine ? "null" : "(no content)";
  const shown = options.reveal ? revealed(result) : result;
  return options.oneLine ? stringifyJson(shown) : stringifyJson(shown, 2);
}

/** A copy with every `Secret` replaced by its value. */
function revealed(value: unknown): unknown {
  if (value instanceof Secret) return value.reveal();
  if (Array.isArray(value)) return value.map(revealed);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revealed(item)]));
}
