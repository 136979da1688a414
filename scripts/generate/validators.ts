import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormats from "ajv-formats";
import { KNOWN_KEYWORDS, OPENAPI_SCHEMA_KEYWORDS } from "./check-schemas.js";
import { hexAwarePattern } from "./hex-patterns.js";
import { integerFormatKeyword, withIntegerFormat } from "./integer-formats.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer, escapeToken, parsePointer, refPointer, valueAt } from "./json-pointer.js";
import { RULE_EXTENSION, ruleKeyword, withRuleKeyword } from "./rules.js";
import { rewriteSchema, walkSchema } from "./schema-walk.js";
import { SpecError } from "./spec-error.js";
import { unicodePattern } from "./unicode-pattern.js";
import { validatorModule } from "./validator-modules.js";

/** One validator to emit: a named export checking data against a schema written at `pointer`. */
export interface ValidatorEntry {
  exportName: string;
  schema: Json;
  /** Where the schema (or, for built schemas like a query object, its owner) is written in the spec. */
  pointer: string;
}

/**
 * One operation's or method's module: its validators, and the plain data the runtime reads with
 * them once a call is under way (where int64 and secret fields sit, the response statuses).
 */
export interface ValidatorGroup {
  /** The operationId or method name: the module is `validators/<name>.js`. */
  name: string;
  /** Its own exports. */
  entries: readonly ValidatorEntry[];
  /** Exports gathered into one exported object instead, e.g. `responses` by status (see {@link ExportMap}). */
  maps?: readonly ExportMap[];
  /** Plain data exports (`export const requestSecrets = [["key"]];`), absent ones left out. */
  data?: readonly DataExport[];
}

/**
 * An exported object with one member per key, each an object that holds one of the group's
 * validators as `validate` (that entry is then not exported itself) and plain data beside it:
 * `export const responses = { "200": { validate: validate12, int64: [["lt"]] }, "401": {} }`.
 */
export interface ExportMap {
  exportName: string;
  /** The declared type of each member, a type of `src/runtime/operation.ts`. */
  memberType: string;
  members: readonly MapMember[];
}

/** One member of an {@link ExportMap}. */
export interface MapMember {
  key: string;
  /** The export name of the group's entry that the member holds as `validate`. */
  validator?: string;
  /** Plain data beside it, by property name. */
  data?: Readonly<Record<string, Json>>;
}

/** A plain data export of a module. */
export interface DataExport {
  exportName: string;
  /** The declared type of the export, a type of `src/runtime/operation.ts`. */
  type: string;
  value: Json;
}

/** A surface's validators: one module per group. */
export interface ValidatorFiles {
  /** Per group, in the order given: ESM JavaScript and its declarations. */
  modules: { name: string; js: string; dts: string }[];
}

/** Id under which the spec's component schemas are registered with ajv (it shows in `schemaPath`s). */
const COMPONENTS_ID = "schemas";
const COMPONENT_PREFIX = "/components/schemas/";
/** The keywords that need ajv to track evaluated properties or dynamic anchors at run time. */
const DYNAMIC_SCOPE_KEYWORDS = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor"];
/**
 * Keywords that never change what ajv accepts here (annotations, and OpenAPI's own, since the
 * `discriminator` option is off). They are dropped before compiling: ajv copies a schema, with all
 * its prose, into the output wherever an error message quotes one of its values.
 */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  ...OPENAPI_SCHEMA_KEYWORDS,
]);

/**
 * Compiles ajv standalone validators for a spec, one module per operation, so that an operation's
 * validators are loaded only when it is first called.
 *
 * Component schemas are registered once under one id. A spec that asks for speed (see
 * `inlinesReferences`) gets them inlined into each export; the others share one function per
 * referenced component within a module (a component used by several operations is copied into
 * each of their modules). Hex patterns are checked by the engine in `hex-patterns.ts`, errors are
 * recorded by the helper in `compact-errors.ts`, a failed `oneOf`/`anyOf` keeps its branches'
 * issues apart (`alternative-issues.ts`), and `x-rule` explains a conditional (`rules.ts`); each
 * module carries the helpers it uses (`validator-modules.ts`). Issues carry no messages: the runtime words
 * them from their keyword and params. Each wide integer field (`int64`, `uint120`, …) accepts a
 * JSON integer or a decimal string, the two forms the lossless parser produces (and the runtime
 * sends for `bigint`s), whatever the spec's `type` says, within its own format's range
 * (`integer-formats.ts`).
 *
 * @param file - Spec file name for error messages.
 * @param doc - The parsed spec; `$ref`s were checked already.
 * @param groups - The modules to emit, each with its validators.
 * @throws {SpecError} When ajv cannot compile a schema, naming where it is written, or when two
 *   module names differ only in case (they would share a file on some systems).
 */
export function buildValidators(file: string, doc: Json, groups: readonly ValidatorGroup[]): ValidatorFiles {
  checkModuleNames(file, groups);
  const inlineRefs = inlinesReferences(file, doc);
  const components = componentSchemas(file, doc);
  const compiled = groups.map((group) => ({
    group,
    entries: [...group.entries]
      .sort((a, b) => (a.exportName < b.exportName ? -1 : 1))
      .map((entry) => ({ entry, schema: prepareSchema(file, doc, entry.schema, entry.pointer) })),
  }));
  const allSchemas = [
    ...Object.values(components),
    ...compiled.flatMap(({ entries }) => entries.map(({ schema }) => schema)),
  ];
  // Surfaces without hex patterns keep ajv's plain RegExps and need no engine.
  const hexShapes = usesHexPatterns(allSchemas);
  const ajv = new Ajv2020({
    code: { source: true, esm: true, lines: true, ...(hexShapes ? { regExp: hexAwarePattern } : {}) },
    allErrors: true,
    // The runtime words every issue from its keyword and params (src/runtime/validation).
    messages: false,
    strict: true,
    // Optional trailing RPC params make tuples whose minItems is below their length.
    strictTuples: false,
    // Specs put `required` in one allOf branch and `properties` in another, and omit `type: object` in branches.
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
    // See inlinesReferences: inlined refs for speed, or one shared function per component for size.
    inlineRefs,
  });
  addFormats.default(ajv);
  ajv.addKeyword(ruleKeyword);
  ajv.addKeyword(integerFormatKeyword);
  if (!usesKeywords(allSchemas, DYNAMIC_SCOPE_KEYWORDS)) withoutDynamicScopes(ajv);
  for (const format of unknownFormats(ajv, allSchemas)) ajv.addFormat(format, true);

  const ruled = (schema: Json) => rewriteSchema(schema, withRuleKeyword);
  ajv.addSchema({
    $id: COMPONENTS_ID,
    $defs: Object.fromEntries(Object.entries(components).map(([name, schema]) => [name, ruled(schema)])),
  });
  for (const name of Object.keys(components).sort()) {
    compileOrThrow(file, childPointer("/components/schemas", name), () =>
      ajv.getSchema(`${COMPONENTS_ID}#/$defs/${escapeToken(name)}`),
    );
  }
  const modules = compiled.map(({ group, entries }) => {
    const exports: Record<string, string> = {};
    for (const { entry, schema } of entries) {
      const key = `${group.name}.${entry.exportName}`;
      compileOrThrow(file, entry.pointer, () => ajv.addSchema(ruled(schema) as object, key).getSchema(key));
      exports[entry.exportName] = key;
    }
    const code = entries.length === 0 ? "" : standaloneCode.default(ajv, exports);
    return { name: group.name, ...validatorModule(code, group) };
  });
  return { modules };
}

/** Module names become file names: they must be safe in a path and distinct whatever the case. */
function checkModuleNames(file: string, groups: readonly ValidatorGroup[]): void {
  const seen = new Map<string, string>();
  for (const { name } of groups) {
    if (!/^[A-Za-z0-9_$][A-Za-z0-9_$.-]*$/.test(name)) {
      throw new SpecError(
        file,
        "",
        `"${name}" cannot name a validators module (letters, digits, _ $ . - only)`,
      );
    }
    const other = seen.get(name.toLowerCase());
    if (other !== undefined) {
      throw new SpecError(
        file,
        "",
        `"${name}" and "${other}" differ only in case; their validators modules would clash`,
      );
    }
    seen.set(name.toLowerCase(), name);
  }
}

/** The top-level spec extension that tunes a surface's validators. */
export const VALIDATORS_EXTENSION = "x-chainkit-validators";

/**
 * Whether ajv inlines referenced component schemas (`inlineRefs`), read from the spec's top-level
 * `x-chainkit-validators: { inline: true }`. Inlining spares a call per reference, which pays where
 * large responses are validated (a 58-tx block took 1.2x as long with shared functions) but copies
 * each component into every place that refers to it. So a spec opts in; the rest get one shared
 * function per component, the smaller code.
 *
 * @throws {SpecError} When the extension is not an object with an optional boolean `inline`.
 */
function inlinesReferences(file: string, doc: Json): boolean {
  const settings = isObject(doc) ? doc[VALIDATORS_EXTENSION] : undefined;
  if (settings === undefined) return false;
  const pointer = childPointer("", VALIDATORS_EXTENSION);
  if (!isObject(settings) || Object.keys(settings).some((key) => key !== "inline")) {
    throw new SpecError(file, pointer, "must be an object whose only member is inline (a boolean)");
  }
  if (settings.inline !== undefined && typeof settings.inline !== "boolean") {
    throw new SpecError(file, childPointer(pointer, "inline"), "must be a boolean");
  }
  return settings.inline === true;
}

function compileOrThrow(file: string, pointer: string, compile: () => unknown): void {
  try {
    compile();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecError(file, pointer, `ajv cannot compile this schema: ${message}`);
  }
}

/** The spec's component schemas, prepared for ajv (refs rewritten, wide integers widened, annotations dropped). */
function componentSchemas(file: string, doc: Json): Record<string, Json> {
  const schemas = valueAt(doc, "/components/schemas");
  if (!isObject(schemas)) return {};
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const pointer = childPointer("/components/schemas", name);
      return [name, prepareSchema(file, doc, schema, pointer)];
    }),
  );
}

/**
 * Copies a spec schema for ajv: `#/components/schemas/…` refs point at the shared components,
 * other local refs are inlined, wide integer fields accept decimal strings and are held to their
 * format's range (`integer-formats.ts`), and annotations and `x-…` extensions are dropped.
 */
function prepareSchema(
  file: string,
  doc: Json,
  schema: Json,
  pointer: string,
  inlining: string[] = [],
): Json {
  return rewriteSchema(schema, (node) => {
    let result: JsonObject = node;
    if (typeof node.$ref === "string") {
      const target = refPointer(node.$ref) ?? "";
      if (target.startsWith(COMPONENT_PREFIX) && parsePointer(target).length >= 3) {
        result = { ...node, $ref: `${COMPONENTS_ID}#/$defs/${target.slice(COMPONENT_PREFIX.length)}` };
      } else {
        if (inlining.includes(target)) {
          throw new SpecError(file, pointer, `$ref "${node.$ref}" is recursive outside #/components/schemas`);
        }
        const { $ref: _inlined, ...siblings } = node;
        const inlined = prepareSchema(file, doc, valueAt(doc, target) ?? {}, target, [...inlining, target]);
        result =
          Object.keys(siblings).length === 0 ? (inlined as JsonObject) : { allOf: [inlined], ...siblings };
      }
    }
    const pattern = typeof result.pattern === "string" ? unicodePattern(result.pattern) : undefined;
    if (pattern !== undefined && pattern !== result.pattern) result = { ...result, pattern };
    return withoutAnnotations(withIntegerFormat(result));
  });
}

/**
 * Drops annotations, extensions and keywords JSON Schema does not know (which it ignores; strict
 * ajv would not), except the generator's own keywords: `x-rule` (`rules.ts`) and the integer
 * format one (`integer-formats.ts`).
 */
function withoutAnnotations(node: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(node).filter(
      ([keyword]) =>
        keyword === RULE_EXTENSION ||
        keyword === integerFormatKeyword.keyword ||
        (KNOWN_KEYWORDS.has(keyword) && !ANNOTATIONS.has(keyword)),
    ),
  );
}

/**
 * Ajv2020 always tracks which properties and items each function evaluated, and passes dynamic
 * anchors along: every emitted function gets a preamble and an `evaluated` record, about 1.2 KB gzip
 * of the EVM validators. Only the keywords in DYNAMIC_SCOPE_KEYWORDS read them, so a spec without
 * those gets both switched off. The 2020-12 meta-schema uses `$dynamicRef`: it is compiled first,
 * with the tracking on.
 */
function withoutDynamicScopes(ajv: Ajv2020): void {
  ajv.getSchema(String(ajv.defaultMeta()));
  ajv.opts.unevaluated = false;
  ajv.opts.dynamicRef = false;
}

function usesKeywords(schemas: readonly Json[], keywords: readonly string[]): boolean {
  let found = false;
  for (const schema of schemas) {
    walkSchema(schema, "", ({ schema: node }) => {
      if (keywords.some((keyword) => keyword in node)) found = true;
    });
  }
  return found;
}

/** Whether any `pattern` is one of the hex shapes the engine checks without a RegExp. */
function usesHexPatterns(schemas: readonly Json[]): boolean {
  let found = false;
  for (const schema of schemas) {
    walkSchema(schema, "", ({ schema: node }) => {
      if (typeof node.pattern === "string" && !(hexAwarePattern(node.pattern, "u") instanceof RegExp))
        found = true;
    });
  }
  return found;
}

/** Formats the specs use that ajv-formats does not define; OpenAPI allows any, so they only annotate. */
function unknownFormats(ajv: Ajv2020, schemas: readonly Json[]): string[] {
  const formats = new Set<string>();
  for (const schema of schemas) {
    walkSchema(schema, "", ({ schema: node }) => {
      if (typeof node.format === "string" && !ajv.formats[node.format]) formats.add(node.format);
    });
  }
  return [...formats].sort();
}
