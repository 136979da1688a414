import { isObject, type Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";

/** Whether any `$ref` of the document points outside it (`./schemas/pet.yaml`, `common.yaml#/Pet`). */
export function hasExternalRefs(doc: Json): boolean {
  return firstExternalRef(doc) !== undefined;
}

/**
 * Bundles a multi-file OpenAPI spec into one document with @redocly/openapi-core (the library under
 * Redocly's CLI, and under openapi-typescript): each file a `$ref` names is read, its schemas become
 * components and every `$ref` turns local. It is loaded only for specs that need it.
 *
 * @param file - Spec file name for error messages.
 * @param path - Where the root file is, so relative `$ref`s resolve.
 * @returns The bundled document.
 * @throws {SpecError} Naming the `$ref` that could not be read.
 */
export async function bundleExternalRefs(file: string, path: string): Promise<Json> {
  const { bundle, createConfig } = await import("@redocly/openapi-core");
  const config = await createConfig({});
  const result = await bundle({ ref: path, config, dereference: false });
  const missing = result.problems.find((problem) => problem.severity === "error");
  if (missing) {
    const where = missing.location[0];
    const pointer = where?.pointer?.replace(/^#/, "") ?? "";
    const source = where?.source.absoluteRef;
    throw new SpecError(
      file,
      pointer,
      `${missing.message}${source && !source.endsWith(path) ? ` (in ${source})` : ""}; check that the file exists and the $ref's path is relative to the file it is written in`,
    );
  }
  return result.bundle.parsed as Json;
}

/** The pointer of the first external `$ref` (for OpenRPC, which has no bundler here). */
export function firstExternalRef(doc: Json): string | undefined {
  return find(doc, "", false);

  function find(node: Json, pointer: string, inNameMap: boolean): string | undefined {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const found = find(item, childPointer(pointer, index), false);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    if (!isObject(node)) return undefined;
    if (!inNameMap && typeof node.$ref === "string" && !node.$ref.startsWith("#"))
      return childPointer(pointer, "$ref");
    for (const [key, child] of Object.entries(node)) {
      if (isDataEntry(key, child, node, inNameMap)) continue;
      const found = find(child, childPointer(pointer, key), isNameMap(key, inNameMap));
      if (found !== undefined) return found;
    }
    return undefined;
  }
}
