import { mapAtPaths } from "../json/map-at-paths.js";
import type { SecretPaths } from "../operation.js";
import { Secret } from "./secret.js";

/**
 * Wraps each string at the spec's secret fields (`x-secret: true`) of a parsed, validated answer
 * in a {@link Secret}, so that printing, inspecting or serialising the answer shows `***`; the
 * value stays readable with `.reveal()`. Objects are changed in place.
 *
 * @param value - The parsed answer.
 * @param paths - Where its secret fields are, as emitted by the generator.
 * @returns The answer with those fields wrapped.
 * @example
 * const node = wrapSecrets({ details: { auth_key: "k" } }, [["details", "auth_key"]]);
 * console.log(node); // { details: { auth_key: Secret(***) } }
 */
export function wrapSecrets<T>(value: T, paths: SecretPaths): T {
  return mapAtPaths(value, paths, (field) => (typeof field === "string" ? new Secret(field) : field));
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
