import { readFileSync } from "node:fs";
import type { SurfaceName } from "../surface.js";

/** A JSON Schema as found in a bundled spec (only the keys the sandbox reads are typed). */
export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  [key: string]: unknown;
}

/** One OpenAPI parameter of a bundled (dereferenced) spec. */
export interface ParameterSpec {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

/** A bundled spec, as far as the sandbox reads it: each path's parameters, shared and per method. */
export interface BundledSpec {
  paths?: Record<string, Record<string, { parameters?: ParameterSpec[] } | ParameterSpec[] | undefined>>;
}

const specCache = new Map<SurfaceName, BundledSpec>();

/**
 * Reads `generated/<surface>/spec.json`, the bundled and dereferenced spec (once per surface).
 *
 * @param surface - The surface whose spec to read.
 * @returns The parsed spec.
 * @throws {Error} when the generated spec is missing (run `npm run generate`).
 * @example
 * const spec = loadBundledSpec("platform");
 */
export function loadBundledSpec(surface: SurfaceName): BundledSpec {
  let spec = specCache.get(surface);
  if (!spec) {
    const file = new URL(`../../../generated/${surface}/spec.json`, import.meta.url);
    spec = JSON.parse(readFileSync(file, "utf8")) as BundledSpec;
    specCache.set(surface, spec);
  }
  return spec;
}
