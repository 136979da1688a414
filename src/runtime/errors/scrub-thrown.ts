import { scrubError } from "../credentials/redact.js";
import { ChainkitError } from "./chainkit-error.js";

/** How deep a field of an error is followed; deeper parts are kept as they are. */
const MAX_DEPTH = 16;

/**
 * Scrubs secrets from an error on its way out of a client, after everything in it was decoded (a
 * hex `resMessage`, an ABI-encoded `Error(string)`, a refusal echoing the request path): a
 * `ChainkitError` is scrubbed in place (message, stack, every field however nested, its cause), so
 * its class and `instanceof` stay; any other error is replaced by a scrubbed copy. Scrubbing twice
 * changes nothing.
 *
 * @param error - What a client's call threw.
 * @param redact - The client's scrubber (its `Auth.redact`).
 * @returns The error to throw instead.
 * @example
 * const error = scrubThrown(new ChainkitError("refused: s3cr3t-t0ken"), (t) => t.replaceAll("s3cr3t-t0ken", "***"));
 * (error as ChainkitError).message; // "refused: ***"
 */
export function scrubThrown(error: unknown, redact: (text: string) => string): unknown {
  if (!(error instanceof ChainkitError)) return scrubError(error, redact);
  scrubInPlace(error, redact, 0, new WeakSet());
  return error;
}

function scrubInPlace(
  error: ChainkitError,
  redact: (text: string) => string,
  depth: number,
  seen: WeakSet<object>,
): void {
  if (seen.has(error)) return;
  seen.add(error);
  // `message`, `stack` and `cause` are own but not enumerable; the subclass's fields are enumerable.
  const keys = new Set([...Object.keys(error), "message", "stack", "cause"]);
  for (const key of keys) {
    if (!Object.hasOwn(error, key)) continue;
    const field = (error as unknown as Record<string, unknown>)[key];
    const scrubbed =
      key === "cause" && field instanceof Error && !(field instanceof ChainkitError)
        ? scrubError(field, redact)
        : scrubField(field, redact, depth + 1, seen);
    if (scrubbed !== field) Object.defineProperty(error, key, { value: scrubbed });
  }
}

/** A field with its strings scrubbed: plain objects and arrays are copied, other objects kept. */
function scrubField(
  value: unknown,
  redact: (text: string) => string,
  depth: number,
  seen: WeakSet<object>,
): unknown {
  if (typeof value === "string") return redact(value);
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return value;
  if (value instanceof ChainkitError) {
    scrubInPlace(value, redact, depth, seen);
    return value;
  }
  if (value instanceof Error) return scrubError(value, redact);
  if (seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => scrubField(item, redact, depth + 1, seen));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  const prototype = Object.getPrototypeOf(value);
  // A class instance (a Secret, bytes, a hidden-secrets view) is its own business: only plain data is copied.
  if (prototype !== Object.prototype && prototype !== null) return value;
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    const scrubbed = scrubField(field, redact, depth + 1, seen);
    changed ||= scrubbed !== field;
    Object.defineProperty(copy, redact(key), {
      value: scrubbed,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return changed ? copy : value;
}
