import type { Source } from "@redocly/openapi-core";
import { isObject, type Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { parseSpecFile } from "./load-spec.js";
import { type RefPolicy, refGate } from "./ref-confinement.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";
import { DEFAULT_SPEC_LIMITS, type SpecLimits } from "./spec-limits.js";

/** Whether any `$ref` (or `externalValue`) of the document points outside it (`./schemas/pet.yaml`, `common.yaml#/Pet`). */
export function hasExternalRefs(doc: Json): boolean {
  return firstExternalRef(doc) !== undefined;
}

/**
 * Bundles a multi-file OpenAPI spec into one document with @redocly/openapi-core (the library under
 * Redocly's CLI, and under openapi-typescript): each file a `$ref` names is read, its schemas become
 * components and every `$ref` turns local. It is loaded only for specs that need it.
 *
 * Every file and URL it reads goes through {@link refGate} first (`ref-confinement.ts`): a `$ref`
 * outside what `policy` allows is refused before anything is read or sent.
 *
 * @param file - Spec file name for error messages.
 * @param path - Where the root file is, so relative `$ref`s resolve.
 * @param policy - Which folders and origins `$ref`s may reach besides the spec's folder.
 * @param limits - How deep, aliased and large each file read may be (measured before Redocly walks it).
 * @param note - Where notes on the files besides the root go (the root's were given when it was read).
 * @returns The bundled document.
 * @throws {SpecError} Naming the `$ref` that could not be read or was refused.
 */
export async function bundleExternalRefs(
  file: string,
  path: string,
  policy: RefPolicy = {},
  limits: SpecLimits = DEFAULT_SPEC_LIMITS,
  note: (line: string) => void = () => {},
): Promise<Json> {
  const core = await import("@redocly/openapi-core");
  const gate = refGate(path, policy);
  const refused = new Map<string, string>();
  let unreadable: SpecError | undefined;
  // Redocly's resolver reads whatever a `$ref` names; this one asks the gate first, and fetches
  // an allowed URL without following redirects (a redirect could lead anywhere).
  class ConfinedResolver extends core.BaseResolver {
    override async loadExternalRef(absoluteRef: string) {
      const why = gate(absoluteRef);
      if (why !== undefined) {
        refused.set(absoluteRef, why);
        throw new core.ResolveError(new Error(why));
      }
      return super.loadExternalRef(absoluteRef);
    }
    // A file Redocly would read as YAML or JSON is read as the root is (`load-spec.ts`): measured
    // before any parser recurses into it, and its integers past 2^53 − 1 kept exact, which
    // Redocly's own reader rounds. Others (by name and type, as Redocly decides) stay text.
    override parseDocument(source: Source, isRoot?: boolean) {
      const structured =
        isRoot === true ||
        /\.(json|ya?ml)$/.test(source.absoluteRef) ||
        /(json|yaml|openapi)/.test(String(source.mimeType ?? ""));
      if (!structured) return super.parseDocument(source, isRoot);
      try {
        return {
          source,
          parsed: parseSpecFile(source.absoluteRef, source.body, limits, isRoot ? undefined : note),
        };
      } catch (error) {
        unreadable ??= error as SpecError;
        return { source, parsed: {} };
      }
    }
  }
  const resolver = new ConfinedResolver({
    http: {
      headers: [],
      customFetch: (url: string, init: RequestInit) => fetch(url, { ...init, redirect: "error" }),
    },
  });
  const config = await core.createConfig({});
  const result = await core.bundle({ ref: path, config, dereference: false, externalRefResolver: resolver });
  if (unreadable) throw unreadable;
  const [firstRefused] = refused.values();
  const errors = result.problems.filter((found) => found.severity === "error");
  const problem =
    errors.find((found) => firstRefused !== undefined && found.message.includes(firstRefused)) ?? errors[0];
  if (problem || firstRefused !== undefined) {
    const where = problem?.location[0];
    const pointer = where?.pointer?.replace(/^#/, "") ?? "";
    const source = where?.source.absoluteRef;
    const inFile = source && !source.endsWith(path) ? ` (in ${source})` : "";
    throw new SpecError(
      file,
      pointer,
      firstRefused !== undefined
        ? `${firstRefused}${inFile}`
        : `${problem?.message}${inFile}; check that the file exists and the $ref's path is relative to the file it is written in`,
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
    // Redocly reads an example's `externalValue` like a `$ref`, so it too must go through the gate.
    if (!inNameMap && typeof node.externalValue === "string") return childPointer(pointer, "externalValue");
    for (const [key, child] of Object.entries(node)) {
      if (isDataEntry(key, child, node, inNameMap)) continue;
      const found = find(child, childPointer(pointer, key), isNameMap(key, inNameMap));
      if (found !== undefined) return found;
    }
    return undefined;
  }
}
