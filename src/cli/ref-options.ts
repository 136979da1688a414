import type { RefPolicy } from "../../scripts/generate/ref-confinement.js";

/**
 * The options that let a spec's `$ref`s reach beyond its folder, as `generate`, `docs`, `diff`,
 * `mock`, `drift` and `proxy` take them (each command words their help in its own columns).
 */
export const REF_OPTIONS = {
  "allow-ref-root": { type: "string", multiple: true },
  "allow-ref-url": { type: "string", multiple: true },
} as const;

/**
 * The `$ref` permissions given with {@link REF_OPTIONS}: none by default.
 *
 * @param values - The parsed command line.
 * @example
 * refPolicyOf({ "allow-ref-root": ["../shared"] }); // { allowRefRoots: ["../shared"], allowRefUrls: [] }
 */
export function refPolicyOf(values: {
  "allow-ref-root"?: string[];
  "allow-ref-url"?: string[];
}): Required<RefPolicy> {
  return { allowRefRoots: values["allow-ref-root"] ?? [], allowRefUrls: values["allow-ref-url"] ?? [] };
}
