import { Ajv2020 } from "ajv/dist/2020.js";
import type { AnyValidateFunction } from "ajv/dist/types/index.js";
import addFormats from "ajv-formats";
import { firstMatchAnyOf } from "./first-match-any-of.js";
import { addOwnFormats } from "./format-checks.js";
import { hexAwarePattern } from "./hex-patterns.js";
import { integerFormatKeyword } from "./integer-formats.js";
import { isObject, type Json } from "./json.js";
import { childPointer, valueAt } from "./json-pointer.js";
import { moduleCode, reachedFunctions } from "./module-code.js";
import { PACK_CHARACTERS, planPacks } from "./operation-packs.js";
import { mergeGroups, packModule, prefixed } from "./pack-modules.js";
import { ruleKeyword, withRuleKeyword } from "./rules.js";
import {
  COMPONENTS_ID,
  componentPointer,
  definitionKey,
  exportKey,
  SchemaDefinitions,
} from "./schema-definitions.js";
import { rewriteSchema, walkSchema } from "./schema-walk.js";
import { packSmallChunks } from "./small-chunks.js";
import { SpecError } from "./spec-error.js";
import { planChunks } from "./validator-chunks.js";
import {
  chunkModule,
  HELPERS_CHUNK,
  helpersModule,
  validatorModule,
  withChunkImports,
} from "./validator-modules.js";

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
  /** Import lines the module's `code` members need (e.g. of an int64 converter). */
  imports?: readonly string[];
  /** Never packed with others: a module of its own, loaded by its own code (the WebSocket's channels). */
  ownModule?: true;
}

/**
 * How operations' groups share modules (`operation-packs.ts`): each module holds several
 * operations, each operation's part gathered into one export named after it.
 */
export interface PackLayout {
  /** What each operation's part is declared as: `RestOperationValidators` or `RpcMethodValidators`. */
  moduleType: string;
  /** What a pack starting with this group is named after (its operation's first tag), if anything. */
  label: (group: ValidatorGroup) => string | undefined;
  /** The most characters of ajv's code a pack's operations may reach together (default `PACK_CHARACTERS`). */
  bound?: number;
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
  /** JavaScript expressions beside it, by property name (e.g. a converter from `int64-converter.ts`). */
  code?: Readonly<Record<string, string>>;
}

/** A plain data export of a module. */
export interface DataExport {
  exportName: string;
  /** The declared type of the export, a type of `src/runtime/operation.ts`. */
  type: string;
  value: Json;
  /** A JavaScript expression written in place of `value` (e.g. a converter from `int64-converter.ts`). */
  code?: string;
}

/** A surface's validators: its modules, and the chunks they share. */
export interface ValidatorFiles {
  /** Per pack, or per group when not packed: ESM JavaScript and its declarations. */
  modules: { name: string; js: string; dts: string }[];
  /** The checks several modules call, each written once (`validators/components/<name>.js`). */
  chunks: { name: string; js: string }[];
  /** The module holding each packed group's part, by the group's name. */
  packOf: Map<string, string>;
}

/** The keywords that need ajv to track evaluated properties or dynamic anchors at run time. */
const DYNAMIC_SCOPE_KEYWORDS = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor"];

/**
 * Compiles ajv standalone validators for a spec, one module per operation, so that an operation's
 * validators are loaded only when it is first called, and the chunks they share.
 *
 * Every schema is registered once, under one root (`schema-definitions.ts`): components, other
 * referred-to schemas, and exports (those with the same schema share one). A spec that asks for
 * speed (see `inlinesReferences`) gets references inlined into each export where ajv can; the
 * others get one function per referenced schema. A function that several modules call is written
 * once, in the chunk of exactly those modules, which import it (`validator-chunks.ts`). Hex
 * patterns are checked by the engine in `hex-patterns.ts`, errors are recorded by the helper in
 * `compact-errors.ts`, a failed `oneOf`/`anyOf` keeps its branches' issues apart
 * (`alternative-issues.ts`), and `x-rule` explains a conditional (`rules.ts`); the helpers are
 * written once per surface (`validator-modules.ts`). Issues carry no messages: the runtime words
 * them from their keyword and params. Each wide integer field (`int64`, `uint120`, …) accepts a
 * JSON integer or a decimal string, the two forms the lossless parser produces (and the runtime
 * sends for `bigint`s), whatever the spec's `type` says, within its own format's range
 * (`integer-formats.ts`).
 *
 * @param file - Spec file name for error messages.
 * @param doc - The parsed spec; `$ref`s were checked already, and its schemas held to the
 *   meta-schema (`checkSchemas`), which is not done again here.
 * @param groups - The modules to emit, each with its validators.
 * @throws {SpecError} When ajv cannot compile a schema, naming where it is written, or when two
 *   module names differ only in case (they would share a file on some systems).
 */
export function buildValidators(
  file: string,
  doc: Json,
  groups: readonly ValidatorGroup[],
  layout?: PackLayout,
): ValidatorFiles {
  checkModuleNames(file, groups);
  const inlineRefs = inlinesReferences(file, doc);
  const definitions = new SchemaDefinitions(doc);
  const components = definitions.components();
  const shared = sharedPointers(doc, groups);
  const compiled = groups.map((group) => ({
    group,
    entries: [...group.entries]
      .sort((a, b) => (a.exportName < b.exportName ? -1 : 1))
      .map((entry) => ({
        entry,
        // A schema written once and used by several operations (a shared error response) is compiled once.
        schema: shared.has(entry.pointer)
          ? { $ref: definitions.refer(entry.pointer) }
          : definitions.prepare(entry.schema),
      })),
  }));
  const written = definitions.writtenSchemas();
  const allSchemas = [
    ...Object.values(components),
    ...Object.values(written),
    ...compiled.flatMap(({ entries }) => entries.map(({ schema }) => schema)),
  ];
  // Surfaces without hex patterns keep ajv's plain RegExps and need no engine.
  const hexShapes = usesHexPatterns(allSchemas);
  const ajv = new Ajv2020({
    code: { source: true, esm: true, lines: true, ...(hexShapes ? { regExp: hexAwarePattern } : {}) },
    allErrors: true,
    // checkSchemas has held every schema of the spec to the meta-schema, with one instance for the
    // run; compiling the meta-schema again in each surface's instance cost ~40 ms apiece.
    validateSchema: false,
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
    // A field named like an Object.prototype member (`constructor`, `toString`) is present only as
    // the value's own property: without this, every object "has" it by inheritance. Only specs that
    // name one pay for the own-property tests.
    ownProperties: namesInheritedMembers(allSchemas),
  });
  addFormats.default(ajv);
  addOwnFormats(ajv);
  ajv.addKeyword(ruleKeyword);
  ajv.addKeyword(integerFormatKeyword);
  if (!usesKeywords(allSchemas, DYNAMIC_SCOPE_KEYWORDS)) withoutDynamicScopes(ajv);
  // Filled below, before anything is compiled: what each `schemas#/$defs/<key>` reference names.
  const registered: Record<string, Json> = {};
  firstMatchAnyOf(ajv, (ref) => registered[ref]);
  for (const format of unknownFormats(ajv, allSchemas)) ajv.addFormat(format, true);

  const ruled = (schema: Json) => rewriteSchema(schema, withRuleKeyword);
  const definitionsOf = (schemas: Record<string, Json>) =>
    Object.fromEntries(Object.entries(schemas).map(([key, schema]) => [key, ruled(schema)]));
  const componentDefinitions = definitionsOf(components);
  // Exports whose schemas are the same (a `{ page, per_page }` query of many operations) share one definition.
  const definitionOf = new Map<string, string>();
  const exportDefinitions: Record<string, Json> = {};
  const exportSchemaKey = new Map<string, string>();
  for (const { group, entries } of compiled) {
    for (const { entry, schema } of entries) {
      const reference = referenceOnly(schema);
      if (reference !== undefined) {
        exportSchemaKey.set(exportKey(group.name, entry.exportName), reference);
        continue;
      }
      const text = JSON.stringify(schema);
      let name = definitionOf.get(text);
      if (name === undefined) {
        name = exportKey(group.name, entry.exportName);
        definitionOf.set(text, name);
        exportDefinitions[name] = ruled(schema);
      }
      exportSchemaKey.set(exportKey(group.name, entry.exportName), definitionKey(name));
    }
  }
  const allDefinitions = { ...componentDefinitions, ...definitionsOf(written), ...exportDefinitions };
  for (const [key, schema] of Object.entries(allDefinitions)) registered[definitionKey(key)] = schema;
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: allDefinitions });
  // A chunk is named after a component it holds: ajv compiles a component's function from this object.
  const componentNames = new Map(
    Object.entries(componentDefinitions).map(([name, schema]) => [schema, name]),
  );
  for (const name of Object.keys(components).sort()) {
    compileOrThrow(file, componentPointer(name), () => ajv.getSchema(definitionKey(name)));
  }
  for (const pointer of Object.keys(written).sort()) {
    compileOrThrow(file, pointer, () => ajv.getSchema(definitionKey(pointer)));
  }
  const compiledModules: ModuleToWrite[] = compiled.map(({ group, entries }) => ({
    group,
    exports: entries.map(({ entry }) => {
      const key = exportSchemaKey.get(exportKey(group.name, entry.exportName)) as string;
      const validate = compileOrThrow(file, entry.pointer, () => ajv.getSchema(key));
      if (!validate) throw new SpecError(file, entry.pointer, "ajv compiled no validator for this schema");
      return { name: entry.exportName, validate };
    }),
  }));
  const functions = new Map(
    compiledModules.flatMap(({ exports }) => exports.flatMap(({ validate }) => reachedFunctions(validate))),
  );
  const sizeOf = (fn: string) => String(functions.get(fn)?.source?.validateCode ?? "").length;
  const modules = layout === undefined ? compiledModules : packedModules(compiledModules, sizeOf, layout);
  const calledBy = (fn: string) =>
    reachedFunctions(functions.get(fn) as AnyValidateFunction).map(([name]) => name);
  const plan = packSmallChunks(
    planChunks(
      HELPERS_CHUNK,
      modules.map(({ exports }) => [
        ...new Set(exports.flatMap(({ validate }) => reachedFunctions(validate).map(([name]) => name))),
      ]),
      (fn) => componentNames.get(functions.get(fn)?.schema as Json),
    ),
    sizeOf,
    calledBy,
  );
  const owner = (fn: string) => plan.owner.get(fn);
  const usedHelpers = new Set<string>();
  const chunks = plan.chunks.map((chunk) => {
    const exports = chunk.functions.map((fn) => ({ validate: functions.get(fn) as AnyValidateFunction }));
    // Within its chunk a function is written out; the chunks it calls are imported.
    const { code, imports } = moduleCode(ajv, exports, (fn) =>
      owner(fn) === chunk.name ? undefined : owner(fn),
    );
    const { js, helpers } = chunkModule(code, chunk.functions);
    for (const helper of helpers) usedHelpers.add(helper);
    return { name: chunk.name, js: withChunkImports(js, imports, helpers, "./") };
  });
  const packOf = new Map<string, string>();
  const built = modules.map(({ group, exports, parts }) => {
    const { code, imports } = moduleCode(ajv, exports, owner);
    const { js, dts, helpers } = validatorModule(code, group);
    for (const helper of helpers) usedHelpers.add(helper);
    const module = { name: group.name, js: withChunkImports(js, imports, helpers, "./components/"), dts };
    if (parts === undefined || layout === undefined) return module;
    for (const part of parts) packOf.set(part.name, group.name);
    return { name: group.name, ...packModule(module, parts, layout.moduleType) };
  });
  const helpers = helpersModule(usedHelpers);
  return {
    modules: built,
    chunks: helpers === undefined ? chunks : [...chunks, { name: HELPERS_CHUNK, js: helpers }],
    packOf,
  };
}

/** A module to write: its group, its compiled exports, and the groups it packs (absent when it is one group's). */
interface ModuleToWrite {
  group: ValidatorGroup;
  exports: { name: string; validate: AnyValidateFunction }[];
  parts?: readonly ValidatorGroup[];
}

/**
 * The groups packed as `layout` says (`operation-packs.ts`), each pack one group whose exports are
 * its operations' under prefixed names (`shared-validators.ts`); groups with a module of their own
 * follow, as they are.
 */
function packedModules(
  compiled: readonly ModuleToWrite[],
  sizeOf: (fn: string) => number,
  layout: PackLayout,
): ModuleToWrite[] {
  const packable = compiled.filter(({ group }) => group.ownModule !== true);
  const alone = compiled.filter(({ group }) => group.ownModule === true);
  const packs = planPacks(
    packable.map(({ exports }) => [
      ...new Set(exports.flatMap(({ validate }) => reachedFunctions(validate).map(([name]) => name))),
    ]),
    sizeOf,
    (index) => layout.label((packable[index] as ModuleToWrite).group),
    alone.map(({ group }) => group.name),
    layout.bound ?? PACK_CHARACTERS,
  );
  const packed = packs.map(({ name, members }) => {
    const parts = members.map((index) => packable[index] as ModuleToWrite);
    return {
      group: mergeGroups(
        parts.map(({ group }) => group),
        name,
      ),
      exports: parts.flatMap(({ group, exports }) =>
        exports.map(({ name: exportName, validate }) => ({
          name: prefixed(group.name, exportName),
          validate,
        })),
      ),
      parts: parts.map(({ group }) => group),
    };
  });
  return [...packed, ...alone];
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

function compileOrThrow<T>(file: string, pointer: string, compile: () => T): T {
  try {
    return compile();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecError(file, pointer, `ajv cannot compile this schema: ${message}`);
  }
}

/**
 * The target of a schema that is nothing but a `$ref`. ajv compiles each such schema it is asked
 * for into a new copy of the target's function (it looks through the reference), so an export of
 * one is given the target's own function instead, which every such export shares.
 */
function referenceOnly(schema: Json): string | undefined {
  if (!isObject(schema) || typeof schema.$ref !== "string") return undefined;
  return Object.keys(schema).length === 1 ? schema.$ref : undefined;
}

/**
 * Where the schemas are written that more than one export checks against as they are (the same
 * response of several operations, through a `$ref` to it): each is compiled once.
 */
function sharedPointers(doc: Json, groups: readonly ValidatorGroup[]): Set<string> {
  const uses = new Map<string, number>();
  for (const { entries } of groups) {
    for (const { schema, pointer } of entries) {
      // Built schemas (a query object) carry their owner's pointer: only a schema written there counts.
      if (isObject(schema) && valueAt(doc, pointer) === schema)
        uses.set(pointer, (uses.get(pointer) ?? 0) + 1);
    }
  }
  return new Set([...uses].filter(([, count]) => count > 1).map(([pointer]) => pointer));
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

/** Whether a schema names a field (`properties`, `required`, `dependentRequired`) that every object inherits. */
function namesInheritedMembers(schemas: readonly Json[]): boolean {
  const inherited = (name: unknown) => typeof name === "string" && name in Object.prototype;
  let found = false;
  for (const schema of schemas) {
    walkSchema(schema, "", ({ schema: node }) => {
      const named = [
        ...(isObject(node.properties) ? Object.keys(node.properties) : []),
        ...(Array.isArray(node.required) ? node.required : []),
        ...(isObject(node.dependentRequired)
          ? Object.entries(node.dependentRequired).flatMap(([key, list]) => [
              key,
              ...(Array.isArray(list) ? list : []),
            ])
          : []),
      ];
      if (named.some(inherited)) found = true;
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
