import { beforeAll, describe, expect, it } from "vitest";
import { bundleSpec } from "../../../scripts/generate/bundle-spec.js";
import { isObject, type Json, type JsonObject } from "../../../scripts/generate/json.js";
import { SURFACES } from "../../../scripts/generate/surfaces.js";
import { diffSpecDocuments, type SpecDiff } from "../../../src/toolkit/diff/index.js";
import { type LoadedSpec, loadSpecSource } from "../../../src/toolkit/diff/load-source.js";

const specs = new Map<string, LoadedSpec>();

beforeAll(async () => {
  for (const surface of SURFACES) specs.set(surface.name, await loadSpecSource(surface.specFile));
}, 240_000);

function spec(name: string): LoadedSpec {
  const found = specs.get(name);
  if (found === undefined) throw new Error(`no spec ${name}`);
  return found;
}

function diff(name: string, change: (doc: JsonObject) => Json): SpecDiff {
  const { kind, doc } = spec(name);
  return diffSpecDocuments(kind, doc, change(structuredClone(doc) as JsonObject));
}

/** Every `$ref` inlined, as the portal's `spec.json` has them (a recursive one stays). */
function inlineRefs(doc: JsonObject): Json {
  const { "x-generated": _note, ...inlined } = JSON.parse(bundleSpec(doc, "")) as JsonObject;
  return inlined;
}

/** Every component schema renamed, and every `$ref` to it. */
function renameSchemas(doc: JsonObject): Json {
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  const text = JSON.stringify(doc).replace(
    /"#\/components\/schemas\/([^"]+)"/g,
    '"#/components/schemas/$1Renamed"',
  );
  const renamed = JSON.parse(text) as JsonObject;
  (renamed.components as JsonObject).schemas = Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      `${name}Renamed`,
      JSON.parse(
        JSON.stringify(schema).replace(
          /"#\/components\/schemas\/([^"]+)"/g,
          '"#/components/schemas/$1Renamed"',
        ),
      ),
    ]),
  );
  return renamed;
}

/** Every object's keys in reverse order (arrays keep theirs: params by position are an order). */
function reverseKeys(node: Json): Json {
  if (Array.isArray(node)) return node.map(reverseKeys);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .reverse()
      .map(([key, value]) => [key, reverseKeys(value)]),
  );
}

/** Each open component object schema split into an `allOf` of two halves of its properties. */
function splitIntoAllOf(doc: JsonObject): Json {
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  let split = 0;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !isObject(schema.properties) || schema.allOf !== undefined) continue;
    // additionalProperties: false only sees its own sibling properties, so splitting would change it.
    if (schema.additionalProperties !== undefined || schema.unevaluatedProperties !== undefined) continue;
    const names = Object.keys(schema.properties);
    if (names.length < 2) continue;
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    const half = (part: string[]) => ({
      properties: Object.fromEntries(
        part.map((key) => [key, (schema.properties as JsonObject)[key] as Json]),
      ),
      required: required.filter((key) => part.includes(key)),
    });
    const { properties: _p, required: _r, ...rest } = schema;
    const middle = Math.ceil(names.length / 2);
    schemas[name] = { ...rest, allOf: [half(names.slice(0, middle)), half(names.slice(middle))] };
    split++;
  }
  expect(split).toBeGreaterThan(0);
  return doc;
}

const names = SURFACES.map((surface) => surface.name);

describe("chainkit diff on chainkit's own specs", () => {
  it.each(names)("%s: refactors that change nothing on the wire report nothing", (name) => {
    for (const [refactor, change] of [
      ["inline every $ref", inlineRefs],
      ["extract them again", (doc: JsonObject) => doc],
      ["rename every schema", renameSchemas],
      ["reorder every key", (doc: JsonObject) => reverseKeys(doc)],
      ["split schemas into allOf", splitIntoAllOf],
    ] as const) {
      const { changes } = diff(name, change);
      expect(changes, `${name}: ${refactor}`).toEqual([]);
    }
    // Extracting: the inlined document back to the original.
    const { kind, doc } = spec(name);
    expect(diffSpecDocuments(kind, inlineRefs(structuredClone(doc) as JsonObject), doc).changes).toEqual([]);
  });

  it.each(SURFACES.filter((surface) => surface.kind === "openapi").map((surface) => surface.name))(
    "%s: a required response property made optional is breaking, a new optional query parameter is not",
    (name) => {
      const breaking = diff(name, (doc) => {
        const target = firstRequiredResponseProperty(doc);
        target.required = (target.required as string[]).slice(1);
        return doc;
      });
      expect(breaking.bump).toBe("major");
      expect(
        breaking.changes.filter((change) => change.severity === "breaking").map((change) => change.rule),
      ).toContain("response-property-became-optional");
      const additive = diff(name, (doc) => {
        const operation = firstOperation(doc);
        operation.parameters = [
          ...(Array.isArray(operation.parameters) ? operation.parameters : []),
          { name: "chainkitDiffProbe", in: "query", schema: { type: "string" } },
        ];
        return doc;
      });
      expect(additive.bump).toBe("minor");
      expect(
        additive.changes.filter((change) => change.area !== "info").map((change) => change.rule),
      ).toEqual(["request-parameter-added"]);
    },
  );

  it("evm: params swapped are breaking, a param appended as optional is not", () => {
    const method = (doc: JsonObject) =>
      (doc.methods as JsonObject[]).find(
        (entry) => Array.isArray(entry.params) && entry.params.length >= 2,
      ) as JsonObject;
    const breaking = diff("evm", (doc) => {
      const params = method(doc).params as Json[];
      [params[0], params[1]] = [params[1] as Json, params[0] as Json];
      return doc;
    });
    expect(breaking.bump).toBe("major");
    expect(breaking.changes.map((change) => change.rule)).toContain("method-param-moved");
    const additive = diff("evm", (doc) => {
      (method(doc).params as Json[]).push({ name: "chainkitDiffProbe", schema: { type: "string" } });
      return doc;
    });
    expect(additive.bump).toBe("minor");
    expect(additive.changes.filter((change) => change.area !== "info").map((change) => change.rule)).toEqual([
      "method-param-added",
    ]);
  });
});

function operations(doc: JsonObject): JsonObject[] {
  return Object.values(doc.paths as JsonObject).flatMap((item) =>
    Object.entries(item as JsonObject)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([, operation]) => operation as JsonObject),
  );
}

function firstOperation(doc: JsonObject): JsonObject {
  return operations(doc)[0] as JsonObject;
}

/** The first object schema (behind `$ref`s, inside properties, items and alternatives) of a 2xx JSON answer that requires a property. */
function firstRequiredResponseProperty(doc: JsonObject): JsonObject {
  const follow = (node: Json): Json => {
    let current = node;
    while (isObject(current) && typeof current.$ref === "string") {
      const path = current.$ref.slice(2).split("/");
      current = path.reduce<Json>((at, key) => (at as JsonObject)[key.replaceAll("~1", "/")] as Json, doc);
    }
    return current;
  };
  const search = (node: Json, depth: number): JsonObject | undefined => {
    const schema = follow(node);
    if (!isObject(schema) || depth > 6) return undefined;
    if (Array.isArray(schema.required) && schema.required.length > 0 && isObject(schema.properties))
      return schema;
    const children = [
      ...(isObject(schema.properties) ? Object.values(schema.properties) : []),
      ...(schema.items === undefined ? [] : [schema.items]),
      ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
      ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ];
    for (const child of children) {
      const found = search(child, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const operation of operations(doc)) {
    for (const [status, response] of Object.entries((operation.responses ?? {}) as JsonObject)) {
      if (!status.startsWith("2")) continue;
      const content = (follow(response) as JsonObject).content as JsonObject | undefined;
      const found = search(
        ((content?.["application/json"] as JsonObject | undefined)?.schema ?? null) as Json,
        0,
      );
      if (found !== undefined) return found;
    }
  }
  throw new Error("no 2xx JSON answer requires a property");
}
