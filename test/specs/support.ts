import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { parse } from "yaml";
import { SURFACES, type SurfaceName } from "../../scripts/generate/surfaces.js";

/** A surface with one hand-written spec in `specs/`, as `scripts/generate/surfaces.ts` declares it. */
export type Surface = SurfaceName;

const root = new URL("../../", import.meta.url);

/** The spec file of a surface, relative to the repository root. */
function specFile(surface: Surface): string {
  const declared = SURFACES.find((candidate) => candidate.name === surface);
  if (declared === undefined) throw new Error(`${surface} is not a declared surface`);
  return declared.specFile;
}

// Parsing YAML is the slow part of these tests; every test file shares one parse per surface.
const specCache = new Map<Surface, unknown>();

/** The parsed spec of a surface. Treat it as read-only: it is shared between tests. */
export function loadSpec(surface: Surface): Record<string, unknown> {
  let spec = specCache.get(surface);
  if (spec === undefined) {
    spec = parse(readFileSync(new URL(specFile(surface), root), "utf8"));
    specCache.set(surface, spec);
  }
  return spec as Record<string, unknown>;
}

/** Reads `test/fixtures/<path>` as JSON. */
export function fixture<T = unknown>(path: string): T {
  return JSON.parse(readFileSync(new URL(`test/fixtures/${path}`, root), "utf8")) as T;
}

/** Splits a JSON pointer into unescaped segments. */
function pointerSegments(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return [];
  if (!pointer.startsWith("/")) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Follows a local `$ref` (`#/components/...`) until the node is not a reference. */
export function followRef(spec: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isRecord(current) && typeof current.$ref === "string"; hops++) {
    if (hops > 32) throw new Error(`$ref cycle at ${current.$ref}`);
    const ref = current.$ref;
    if (!ref.startsWith("#")) throw new Error(`only local refs are supported: ${ref}`);
    current = stepThrough(spec, spec, pointerSegments(ref.slice(1)), ref);
  }
  return current;
}

/**
 * Takes one segment from `node`. Arrays accept an index, or a name matched against the
 * elements' `name` (OpenAPI parameters, OpenRPC methods and params).
 */
function step(
  node: unknown,
  segment: string,
): { container: Record<string, unknown> | unknown[]; key: string | number } | undefined {
  if (Array.isArray(node)) {
    if (/^\d+$/.test(segment)) return { container: node, key: Number(segment) };
    const index = node.findIndex((element) => isRecord(element) && element.name === segment);
    return index === -1 ? undefined : { container: node, key: index };
  }
  if (isRecord(node) && Object.hasOwn(node, segment)) return { container: node, key: segment };
  return undefined;
}

function stepThrough(spec: unknown, start: unknown, segments: string[], pointer: string): unknown {
  let node = start;
  for (const segment of segments) {
    const found = step(followRef(spec, node), segment);
    if (!found) throw new Error(`nothing at ${pointer} (segment "${segment}")`);
    node = (found.container as Record<string | number, unknown>)[found.key];
  }
  return node;
}

/**
 * The place a pointer names: the object or array holding it and its key, with `$ref`s followed
 * on the way. Throws when nothing is there.
 */
export function locate(
  spec: unknown,
  pointer: string,
): { container: Record<string, unknown> | unknown[]; key: string | number; parent: unknown } {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) throw new Error("the root has no container");
  const last = segments.at(-1) as string;
  const parent = followRef(spec, stepThrough(spec, spec, segments.slice(0, -1), pointer));
  const found = step(parent, last);
  if (!found) throw new Error(`nothing at ${pointer} (segment "${last}")`);
  return { ...found, parent };
}

/** The node at a JSON pointer, `$ref`s followed (also at the end). */
export function resolvePointer(spec: unknown, pointer: string): unknown {
  return followRef(spec, stepThrough(spec, spec, pointerSegments(pointer), pointer));
}

/** Escapes one JSON pointer segment. */
function escapeSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Rewrites a name-based pointer into a plain JSON pointer (array names become indexes) without following refs. */
function plainPointer(spec: unknown, pointer: string): string {
  let node = spec;
  const out: string[] = [];
  for (const segment of pointerSegments(pointer)) {
    const found = step(node, segment);
    if (!found) throw new Error(`nothing at ${pointer} (segment "${segment}")`);
    out.push(escapeSegment(found.key));
    node = (found.container as Record<string | number, unknown>)[found.key];
  }
  return `/${out.join("/")}`;
}

/**
 * An ajv for a spec document: not strict (a spec carries OpenAPI/OpenRPC keywords, `paths`, `example`,
 * `x-…`, that ajv must ignore), with ajv-formats, and the formats the spec uses that ajv-formats does
 * not define (the wide integers: `uint120`, `int257`, …) registered as annotations, as the generator
 * registers them, so ajv does not warn "unknown format … ignored".
 */
export function specAjv(spec: unknown): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    const { format } = node as { format?: unknown };
    if (typeof format === "string" && !ajv.formats[format]) ajv.addFormat(format, true);
    for (const child of Object.values(node)) visit(child);
  };
  visit(spec);
  return ajv;
}

const ajvBySurface = new Map<Surface, Ajv2020>();

/**
 * An ajv validate function for the schema at `pointer` in a surface's spec, with local `$ref`s
 * resolved against the whole document.
 */
export function validatorAt(surface: Surface, pointer: string): ValidateFunction {
  let ajv = ajvBySurface.get(surface);
  if (!ajv) {
    ajv = specAjv(loadSpec(surface));
    // The spec is registered as one schema resource so `#/components/...` refs resolve inside it.
    ajv.addSchema(
      { ...structuredClone(loadSpec(surface)), $id: `chainkit:${surface}` },
      `chainkit:${surface}`,
    );
    ajvBySurface.set(surface, ajv);
  }
  const ref = `chainkit:${surface}#${plainPointer(loadSpec(surface), pointer)}`;
  return ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
}

/** One example found in a spec, with the pointer of the schema it must satisfy. */
export interface ExampleCase {
  where: string;
  schema: string;
  value: unknown;
}

/**
 * Every example of an OpenAPI spec with the schema it must satisfy: `example` and named
 * `examples` (their `$ref`s followed) beside a `schema`, and `examples` arrays inside schemas.
 */
export function exampleCases(spec: Record<string, unknown>): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const visit = (node: unknown, pointer: string, inSchemas: boolean): void => {
    if (!isRecord(node)) return;
    const carriesSchema = "schema" in node && !inSchemas;
    if (carriesSchema && "example" in node) {
      cases.push({ where: `${pointer}/example`, schema: `${pointer}/schema`, value: node.example });
    }
    if (carriesSchema && isRecord(node.examples) && !Array.isArray(node.examples)) {
      for (const [name, example] of Object.entries(node.examples)) {
        const resolved = followRef(spec, example) as { value?: unknown };
        cases.push({
          where: `${pointer}/examples/${name}`,
          schema: `${pointer}/schema`,
          value: resolved.value,
        });
      }
    }
    if (inSchemas && Array.isArray(node.examples)) {
      node.examples.forEach((value, i) => {
        cases.push({ where: `${pointer}/examples/${i}`, schema: pointer, value });
      });
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === "examples" || key === "example") continue;
      visit(child, `${pointer}/${escapeSegment(key)}`, inSchemas || pointer === "/components/schemas");
    }
  };
  visit(spec, "", false);
  return cases;
}

/** Where a validator rejected a value, as `instancePath keyword` per error; fails the test if it accepted it. */
export function rejections(validate: ValidateFunction, value: unknown): string[] {
  expect(validate(value)).toBe(false);
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
}
