import { mapAtPaths } from "../json/map-at-paths.js";
import type { SecretPaths } from "../operation.js";
import { hideSecrets } from "./hide-secrets.js";
import { redactText } from "./redact.js";
import { Secret } from "./secret.js";
import { MIN_SECRET_LENGTH } from "./secret-rules.js";

/**
 * Wraps each string at the spec's secret fields (`x-secret: true`) of a parsed, validated answer
 * in a {@link Secret}, so that printing, inspecting or serialising the answer shows `***`; the
 * value stays readable with `.reveal()`. A secret the answer repeats in another string field (a
 * node's token at the end of its `https_endpoint`) is hidden there too: the object holding that
 * field shows it with the secret as `***` when inspected or serialised, while the field itself keeps
 * what the service sent. Objects are changed in place.
 *
 * @param value - The parsed answer.
 * @param paths - Where its secret fields are, as emitted by the generator.
 * @returns The answer with those fields wrapped.
 * @example
 * const node = wrapSecrets(
 *   { details: { auth_key: "3c6e0b8a", https_endpoint: "https://nd-1.example.com/3c6e0b8a" } },
 *   [["details", "auth_key"]],
 * );
 * console.log(node); // { details: { auth_key: Secret(***), https_endpoint: 'https://nd-1.example.com/***' } }
 */
export function wrapSecrets<T>(value: T, paths: SecretPaths): T {
  const found: string[] = [];
  const wrapped = mapAtPaths(value, paths, (field) => {
    if (typeof field !== "string") return field;
    // Shorter values would be "found" in unrelated text (see the secret rules).
    if (field.length >= MIN_SECRET_LENGTH) found.push(field);
    return new Secret(field);
  });
  return found.length === 0 ? wrapped : (hideRepeats(wrapped, found, 0) as T);
}

/** Deep enough for any answer the specs describe; deeper objects are left as they are. */
const MAX_DEPTH = 32;

/**
 * The value with every object that holds one of `secrets` in a string field replaced by a copy that
 * shows those fields redacted (see `hideSecrets`); containers are changed in place.
 */
function hideRepeats(node: unknown, secrets: readonly string[], depth: number): unknown {
  if (node === null || typeof node !== "object" || node instanceof Secret || depth > MAX_DEPTH) return node;
  const container = node as Record<string, unknown>;
  let repeats = false;
  for (const key of Object.keys(container)) {
    const field = container[key];
    if (typeof field === "string") repeats ||= redactText(field, secrets) !== field;
    else container[key] = hideRepeats(field, secrets, depth + 1);
  }
  if (!repeats || Array.isArray(node)) return node;
  return hideSecrets(container, (shown) =>
    Object.fromEntries(
      Object.entries(shown).map(([key, field]) => [
        key,
        typeof field === "string" ? redactText(field, secrets) : field,
      ]),
    ),
  );
}

/**
 * A copy of a request value with each {@link Secret} at the spec's secret fields replaced by its
 * value, for sending. Only the containers on those paths are copied; the caller's value is left
 * as it is.
 *
 * @param value - What the caller passed (a body or a query).
 * @param paths - Where the request's secret fields are.
 * @returns The value as it goes on the wire.
 * @example
 * revealSecrets({ details: { auth_key: new Secret("k") } }, [["details", "auth_key"]]); // { details: { auth_key: "k" } }
 */
export function revealSecrets<T>(value: T, paths: SecretPaths): T {
  let copy: unknown = value;
  for (const path of paths) copy = revealAt(copy, path, 0);
  return copy as T;
}

function revealAt(node: unknown, path: readonly string[], depth: number): unknown {
  if (depth === path.length) return node instanceof Secret ? node.reveal() : node;
  if (node === null || typeof node !== "object" || node instanceof Secret) return node;
  const key = path[depth] as string;
  if (Array.isArray(node)) {
    if (key !== "*") return node;
    return node.map((item) => revealAt(item, path, depth + 1));
  }
  const container = node as Record<string, unknown>;
  const keys = key === "*" ? Object.keys(container) : Object.hasOwn(container, key) ? [key] : [];
  if (keys.length === 0) return node;
  const copy = { ...container };
  for (const name of keys) copy[name] = revealAt(container[name], path, depth + 1);
  return copy;
}
