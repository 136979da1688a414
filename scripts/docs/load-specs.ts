/**
 * Reads the hand-written specs straight from `specs/` (YAML or JSON), parsed and measured by the
 * generator's loader (`scripts/generate/load-spec.ts`): the portal documents the specs as written,
 * so nothing is bundled or upgraded here.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isObject, type JsonObject as Json } from "../generate/json.js";
import { parseSpecFile } from "../generate/load-spec.js";
import type { GeneratedClientView } from "./client-call-view.js";
import { DocsError } from "./docs-error.js";
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
 * @throws {DocsError} When a spec is missing, or of the wrong kind.
 * @throws {SpecError} When a spec does not parse, or passes the spec limits.
 * @example const specs = loadSpecs(process.cwd());
 */
export function loadSpecs(root: string): LoadedSpec[] {
  return SPEC_SURFACES.map((surface) => loadSpec(root, surface));
}

function loadSpec(root: string, surface: SpecSurface): LoadedSpec {
  const path = surface.specFile;
  if (!existsSync(join(root, path))) throw new DocsError(`no spec for ${surface.id}: expected ${path}`);
  const text = readFileSync(join(root, path), "utf8");
  const doc = parseSpecFile(path, text);
  if (!isObject(doc)) throw new DocsError(`${path} is not an object`);
  const marker = surface.kind === "openapi" ? "openapi" : "openrpc";
  if (typeof doc[marker] !== "string") throw new DocsError(`${path} has no "${marker}" version field`);
  return { surface, path, text, doc: doc as Json };
}
