import { stringifyJson } from "../../runtime/json/stringify-json.js";
import { looksSecret, MASK } from "./secret-values.js";

/** The most characters of a value a record keeps. */
const MAX_SAMPLE_CHARS = 120;

/**
 * A value as a record shows it: JSON text, cut short, with every secret-looking field (and the value
 * itself, when its own name or the spec's `x-secret` says it is one) replaced by `***`, and the
 * request's secret values scrubbed wherever they appear.
 *
 * @param value - The value (absent values have no sample).
 * @param secretField - Whether the field itself holds a secret.
 * @param redact - Scrubs the request's known secrets from text.
 * @example
 * sampleText({ id: "ND-1", auth_key: "s3cr3t-k3y" }, false, (t) => t); // '{"id":"ND-1","auth_key":"***"}'
 */
export function sampleText(value: unknown, secretField: boolean, redact: (text: string) => string): string {
  if (secretField) return JSON.stringify(MASK);
  const text = redact(stringifyJson(masked(value, 0)));
  return text.length <= MAX_SAMPLE_CHARS ? text : `${text.slice(0, MAX_SAMPLE_CHARS)}…`;
}

/** A copy with secret-looking fields masked, nested at most a few levels (a sample is cut anyway). */
function masked(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > 4) return "…";
  if (Array.isArray(value)) return value.slice(0, 8).map((item) => masked(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    Object.defineProperty(copy, key, {
      value: looksSecret(key) ? MASK : masked(field, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
