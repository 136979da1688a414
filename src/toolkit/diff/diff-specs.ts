import { isObject, type Json } from "../../../scripts/generate/json.js";
import type { RefPolicy } from "../../../scripts/generate/ref-confinement.js";
import type { SpecKind } from "../../../scripts/generate/spec-dialect.js";
import { type SemverBump, type SpecChange, suggestedBump } from "./change.js";
import { loadSpecSource } from "./load-source.js";
import { diffOpenApi } from "./openapi-rules.js";
import { diffOpenRpc } from "./openrpc-rules.js";
import { SchemaReader } from "./schema-reader.js";
import { SpecSourceError } from "./spec-source-error.js";
import { versionChanges } from "./version-rules.js";

/** What changed between two versions of one spec. */
export interface SpecDiff {
  kind: SpecKind;
  /** Every change, breaking ones first, then by operation. */
  changes: SpecChange[];
  /** The semver bump the changes need. */
  bump: SemverBump;
  /** `info.version` of each side, when they set it. */
  versions: { old?: string; new?: string };
}

const ORDER = { breaking: 0, "non-breaking": 1, info: 2 } as const;

/**
 * Compares two loaded documents of the same kind (OpenAPI 3.1 or OpenRPC, as the generator's loader
 * leaves them). The portal's changelog uses this.
 */
export function diffSpecDocuments(kind: SpecKind, oldDoc: Json, newDoc: Json): SpecDiff {
  const readers = { old: new SchemaReader(oldDoc), new: new SchemaReader(newDoc) };
  const changes = kind === "openapi" ? diffOpenApi(readers) : diffOpenRpc(readers);
  const bump = suggestedBump(changes);
  const versions = { ...versionOf("old", oldDoc), ...versionOf("new", newDoc) };
  changes.push(...versionChanges(versions, bump, changes.length));
  changes.sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.operation.localeCompare(b.operation));
  return { kind, changes, bump, versions };
}

function versionOf(side: "old" | "new", doc: Json): { old?: string; new?: string } {
  const version = isObject(doc) && isObject(doc.info) ? doc.info.version : undefined;
  return typeof version === "string" ? { [side]: version } : {};
}

/**
 * `chainkit diff`: reads both versions (files or `git:<ref>:<path>`) with the generator's loader and
 * classifies every change.
 *
 * @param refPolicy - Folders and origins a `$ref` may read beyond the spec's folder (none by default).
 * @throws {SpecSourceError} When a version cannot be read, or the two are of different kinds.
 * @throws {SpecError} When a version is not a valid spec.
 * @example
 * const { changes, bump } = await diffSpecs("git:v1.0.0:specs/platform.openapi.yaml", "specs/platform.openapi.yaml");
 */
export async function diffSpecs(
  oldSource: string,
  newSource: string,
  cwd?: string,
  refPolicy: RefPolicy = {},
): Promise<SpecDiff> {
  const [before, after] = await Promise.all([
    loadSpecSource(oldSource, cwd, refPolicy),
    loadSpecSource(newSource, cwd, refPolicy),
  ]);
  if (before.kind !== after.kind) {
    throw new SpecSourceError(
      newSource,
      `is an ${after.kind === "openapi" ? "OpenAPI" : "OpenRPC"} document but ${oldSource} is ${before.kind === "openapi" ? "OpenAPI" : "OpenRPC"}; compare two versions of the same spec`,
    );
  }
  return diffSpecDocuments(before.kind, before.doc, after.doc);
}
