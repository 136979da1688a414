/**
 * The one spec loader: every command that reads a spec (the generator, `chainkit generate`, the
 * portal for a team's specs, `chainkit diff`, `chainkit mock` through the generator) reads it here:
 * load (measured against the limits) → bundle external `$ref`s (confined by the ref policy) →
 * upgrade Swagger 2.0 / OpenAPI 3.0 to 3.1 → name every operation (outside strict mode).
 */
import { existsSync } from "node:fs";
import { bundleExternalRefs, firstExternalRef, hasExternalRefs } from "./bundle-external.js";
import { isObject, type Json } from "./json.js";
import { loadSpec } from "./load-spec.js";
import { assignOperationIds } from "./operation-ids.js";
import type { RefPolicy } from "./ref-confinement.js";
import { checkRefDepth } from "./ref-depth.js";
import { localizeSelfFileRefs } from "./self-file-refs.js";
import { specKind } from "./spec-dialect.js";
import { SpecError } from "./spec-error.js";
import { checkSpecLimits, DEFAULT_SPEC_LIMITS, type SpecLimits } from "./spec-limits.js";
import type { Surface } from "./surfaces.js";
import { upgradeDraft07Schemas } from "./upgrade-draft-07.js";
import { upgradeOpenApi30 } from "./upgrade-openapi-30.js";
import { upgradeSwagger2 } from "./upgrade-swagger-2.js";

/**
 * Which kind of spec a file holds, read as {@link readSpec} reads it first.
 *
 * @param path - The spec file, as errors name it.
 * @param limits - How deep, aliased and large it may be.
 * @throws {SpecError} When it does not parse, or is no OpenAPI or OpenRPC 1.x document.
 * @example const kind = await specKindOf("openapi.yaml"); // "openapi"
 */
export async function specKindOf(
  path: string,
  limits: SpecLimits = DEFAULT_SPEC_LIMITS,
): Promise<Surface["kind"]> {
  return specKind(path, await loadSpec(path, limits));
}

/** How {@link readAnySpec} reads a spec. */
export interface ReadAnySpecOptions {
  /** Which folders and origins beyond the spec's own folder its `$ref`s may reach (default: none). */
  refPolicy?: RefPolicy;
  limits?: SpecLimits;
  /** Where notes go (identifiers made up, a version read loosely). */
  note?: (line: string) => void;
}

/**
 * Reads any spec a team gives, of either kind, as the generator reads it outside strict mode.
 *
 * @param source - How errors name the spec (a path, or `git:<ref>:<path>`).
 * @param path - Where to read it.
 * @returns Its kind and its document in the one form the emitters read.
 * @throws {SpecError} When the spec cannot be read; the message names the file and pointer.
 * @example const { kind, doc } = await readAnySpec("openapi.yaml", "openapi.yaml");
 */
export async function readAnySpec(
  source: string,
  path: string,
  options: ReadAnySpecOptions = {},
): Promise<{ kind: Surface["kind"]; doc: Json }> {
  const limits = options.limits ?? DEFAULT_SPEC_LIMITS;
  const kind = specKind(source, await loadSpec(path, limits));
  const note = options.note ?? (() => {});
  const { doc } = await readSpec(source, path, kind, false, note, {
    refPolicy: options.refPolicy ?? {},
    limits,
  });
  return { kind, doc };
}

/** A spec read for the emitters, and for a converted Swagger 2.0 spec the way back to its places. */
export interface ReadSpec {
  doc: Json;
  inOriginal?: (error: SpecError) => SpecError;
}

/**
 * Reads a spec into the one form the emitters read: one document (a multi-file OpenAPI spec
 * bundled), Swagger 2.0 and OpenAPI 3.0 upgraded to 3.1, and, outside strict mode, an identifier
 * for every operation.
 *
 * @throws {SpecError} When the file is missing, is no OpenAPI or OpenRPC 1.x document, is not
 * of the surface's kind, or names a file it cannot read.
 */
export async function readSpec(
  file: string,
  specPath: string,
  kind: Surface["kind"],
  strict: boolean,
  note: (line: string) => void,
  { refPolicy, limits }: { refPolicy: RefPolicy; limits: SpecLimits },
): Promise<ReadSpec> {
  if (!existsSync(specPath)) throw new SpecError(file, "", "spec file not found");
  let doc = await loadSpec(specPath, limits, note);
  const found = specKind(file, doc);
  if (found !== kind)
    throw new SpecError(
      file,
      "",
      `expected an ${kind === "openapi" ? "OpenAPI" : "OpenRPC"} document, found ${found === "openapi" ? "OpenAPI" : "OpenRPC"}`,
    );
  localizeSelfFileRefs(doc, specPath);
  if (hasExternalRefs(doc)) {
    if (kind === "openrpc") {
      throw new SpecError(
        file,
        firstExternalRef(doc) ?? "",
        "OpenRPC specs must be one file: bundle the external $refs into components first",
      );
    }
    doc = await bundleExternalRefs(file, specPath, refPolicy, limits, note);
    // The bundler reads the files again, and leaves a reference to the root file as it was written.
    localizeSelfFileRefs(doc, specPath);
    checkSpecLimits(file, doc, limits);
    // Each file was measured alone; a chain may run through several.
    checkRefDepth(file, doc, limits);
  }
  let inOriginal: ReadSpec["inOriginal"];
  if (isObject(doc) && doc.swagger === "2.0") {
    const upgraded = await upgradeSwagger2(file, doc);
    doc = upgraded.doc;
    inOriginal = upgraded.inOriginal;
    note(`${file}: Swagger 2.0, read as OpenAPI 3.1 (errors point into the 2.0 document)`);
  }
  if (kind === "openapi") {
    if (isObject(doc) && typeof doc.openapi === "string" && /^3\.[012]$/.test(doc.openapi)) {
      note(`${file}#/openapi: "${doc.openapi}" has no patch number: read as OpenAPI ${doc.openapi}.x`);
    }
    doc = upgradeOpenApi30(doc);
    if (!strict && isObject(doc)) {
      for (const made of assignOperationIds(doc)) {
        const was = made.original === undefined ? "no operationId" : `operationId "${made.original}"`;
        note(`${file}#${made.pointer}: ${was}: named ${made.id}`);
      }
    }
  }
  if (!strict) {
    doc = upgradeDraft07Schemas(doc, (pointer, draft) =>
      note(`${file}#${pointer}: declares ${draft}: validated by that draft's rules (rewritten as 2020-12)`),
    );
  }
  return inOriginal ? { doc, inOriginal } : { doc };
}
