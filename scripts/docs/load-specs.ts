/**
 * Reads the hand-written specs straight from `specs/` (YAML or JSON).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { GeneratedClientView } from "./client-call-view.js";
import { DocsError } from "./docs-error.js";
import { isObject, type Json } from "./refs.js";
import { SPEC_SURFACES, type SpecSurface } from "./surfaces.js";

/** A surface with its parsed spec. */
export interface LoadedSpec {
  surface: SpecSurface;
  /** Spec path relative to the repository root, e.g. `specs/platform.openapi.yaml`. */
  path: string;
  /** The spec file's exact text (published next to the pages). */
  text: string;
  doc: Json;
  /** The client generated from it, for a team's spec (`team-specs.ts`): each operation shows its call. */
  client?: GeneratedClientView;
  /** What the generator wrote for a team's spec, by path (`operations.ts`, `validators/…`): its try-it forms check with it. */
  generated?: ReadonlyMap<string, string>;
}

/**
 * Loads every surface's spec.
 *
 * @param root - Repository root.
 * @returns One entry per surface, in portal order.
 * @throws {DocsError} When a spec is missing, unparsable, or of the wrong kind.
 * @example const specs = loadSpecs(process.cwd());
 */
export function loadSpecs(root: string): LoadedSpec[] {
  return SPEC_SURFACES.map((surface) => loadSpec(root, surface));
}

function loadSpec(root: string, surface: SpecSurface): LoadedSpec {
  const path = surface.specFile;
  if (!existsSync(join(root, path))) throw new DocsError(`no spec for ${surface.id}: expected ${path}`);
  const text = readFileSync(join(root, path), "utf8");
  let doc: unknown;
  try {
    doc = path.endsWith(".json") ? JSON.parse(text) : parse(text, { maxAliasCount: -1 });
  } catch (error) {
    throw new DocsError(`${path} does not parse: ${(error as Error).message}`);
  }
  if (!isObject(doc)) throw new DocsError(`${path} is not an object`);
  const marker = surface.kind === "openapi" ? "openapi" : "openrpc";
  if (typeof doc[marker] !== "string") throw new DocsError(`${path} has no "${marker}" version field`);
  return { surface, path, text, doc };
}
