import { bundleSpec } from "./bundle-spec.js";
import { checkRefs } from "./check-refs.js";
import { checkSchemas, findSchemaSites } from "./check-schemas.js";
import { numberedComponentNotes } from "./component-type-names.js";
import { FieldPathsLimitError } from "./field-paths.js";
import { validatorsChunkPath, validatorsModulePath } from "./generated-names.js";
import { generatedHeader, generatedNote, OWN_REGENERATE_COMMAND } from "./header.js";
import { Int64Converters } from "./int64-converter.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { refPointer, valueAt } from "./json-pointer.js";
import { pascalCase } from "./names.js";
import { readOpenApiOperations } from "./openapi-model.js";
import { openApiTypes } from "./openapi-types.js";
import { readOpenRpcMethods } from "./openrpc-model.js";
import { SHARED_MODULE } from "./pack-modules.js";
import { readSpec } from "./read-spec.js";
import type { RefPolicy } from "./ref-confinement.js";
import { restClientFile } from "./rest-client-file.js";
import { restOperationsFile } from "./rest-operations-file.js";
import { restValidatorGroups } from "./rest-validators.js";
import { rpcClientFile } from "./rpc-client-file.js";
import { rpcMethodsFile } from "./rpc-methods-file.js";
import { openRpcTypes } from "./rpc-types.js";
import { rpcValidatorGroups } from "./rpc-validators.js";
import { checkRules } from "./rules.js";
import { checkSelfReference } from "./self-reference.js";
import { checkSlowPatterns, type PatternPolicy } from "./slow-patterns.js";
import { docComment } from "./source-text.js";
import { SpecError } from "./spec-error.js";
import { type SpecLimits, specLimits } from "./spec-limits.js";
import type { Surface, SurfaceNames } from "./surfaces.js";
import { buildValidators, type PackLayout, type ValidatorFiles } from "./validators.js";
import { channelsFile, channelValidatorGroup, readWebSocket } from "./websocket-channels.js";

/** Generated files of one surface: path relative to its output folder (`/`-separated) → content. */
export type SurfaceFiles = Map<string, string>;

/**
 * How strictly a spec is read, and what `spec.json` holds; `allowSlowPatterns` names the patterns
 * that may backtrack super-linearly all the same (`slow-patterns.ts`).
 */
export interface GenerateOptions extends PatternPolicy {
  /**
   * chainkit's own specs (default): every operation names its operationId and every schema keyword
   * is known (a typo is an error). Without it, ids are made up where missing (`operation-ids.ts`)
   * and unknown keywords are kept and ignored by validation.
   */
  strict?: boolean;
  /** Keep `spec.json`'s `$ref`s instead of inlining them (the portal and sandbox read them inlined). */
  keepRefs?: boolean;
  /** Where notes go (operations left out, identifiers made up). */
  note?: (line: string) => void;
  /**
   * One validators module for the whole surface (`validators/shared.js`) instead of packs of a
   * bounded size (`operation-packs.ts`): one file, at the price of loading every operation's
   * validators on the first call.
   */
  sharedValidators?: boolean;
  /**
   * What every file says made it (`header.ts`): default, chainkit's own `npm run generate` and the
   * surface's spec file; `chainkit generate` passes the command the user ran.
   */
  generatedNote?: string;
  /** Which folders and origins beyond the spec's own folder its `$ref`s may reach (default: none). */
  refPolicy?: RefPolicy;
  /** How deep, aliased and large the spec may be (`spec-limits.ts`; default: its defaults). */
  limits?: Partial<SpecLimits>;
}

/**
 * Reads and checks one spec, then renders every file of its surface (nothing is written here).
 *
 * @param surface - Which surface, and where its spec is.
 * @param specPath - Where to read the spec from (defaults to `surface.specFile`; tests pass fixtures).
 * @throws {SpecError} When the spec is broken; the message names the file and the JSON pointer.
 */
export async function generateSurface(
  surface: Pick<Surface, "name" | "specFile" | "kind">,
  specPath = surface.specFile,
  options: GenerateOptions = {},
): Promise<SurfaceFiles> {
  const file = surface.specFile;
  const strict = options.strict ?? true;
  const note = options.note ?? (() => {});
  const { doc, inOriginal } = await readSpec(file, specPath, surface.kind, strict, note, {
    refPolicy: options.refPolicy ?? {},
    limits: specLimits(options.limits),
  });
  try {
    return await renderSurface(surface, doc, options);
  } catch (thrown) {
    // The field search knows the place, not the file; it is a SpecError like every other refusal.
    const error =
      thrown instanceof FieldPathsLimitError ? new SpecError(file, thrown.pointer, thrown.problem) : thrown;
    // A converted Swagger 2.0 spec's errors point into the file the user wrote, not the conversion.
    if (error instanceof SpecError && inOriginal) throw inOriginal(error);
    throw error;
  }
}

/** Every file of a surface from its spec, read into one OpenAPI 3.1 or OpenRPC document. */
async function renderSurface(
  surface: Pick<Surface, "name" | "specFile" | "kind">,
  doc: Json,
  options: GenerateOptions,
): Promise<SurfaceFiles> {
  const file = surface.specFile;
  const strict = options.strict ?? true;
  const note = options.note ?? (() => {});
  const shared = options.sharedValidators ?? false;
  checkRefs(file, doc);
  checkSelfReference(file, doc);
  const sites = findSchemaSites(doc);
  checkSchemas(file, sites, strict);
  checkSlowPatterns(file, sites, options, note);
  checkRules(file, sites);
  for (const line of numberedComponentNotes(file, doc)) note(line);
  const names = surfaceNames(surface, doc);
  const files: SurfaceFiles = new Map();
  if (surface.kind === "openapi") {
    const operations = readOpenApiOperations(file, doc, note);
    const converters = new Int64Converters();
    const groups = restValidatorGroups(doc, operations, converters);
    // The WebSocket's channels (`x-websocket`): their own types file and validators module, so only
    // code that opens the socket loads them; compiled with the operations' validators, whose
    // component chunks they share.
    const websocket = readWebSocket(file, doc);
    const channels = websocket ? [channelValidatorGroup(websocket)] : [];
    files.set("types.ts", await openApiTypes(file, doc, operations));
    const pointers = new Map(operations.map((op) => [op.id, op.pointer]));
    const validators = buildValidators(
      file,
      doc,
      [...groups, ...channels],
      packLayout(doc, pointers, shared, "RestOperationValidators"),
    );
    addValidatorFiles(files, validators);
    addConverterFiles(files, converters);
    files.set("operations.ts", restOperationsFile(names, operations, validators.packOf));
    files.set("client.ts", restClientFile(doc, names, operations));
    if (websocket) files.set("channels.ts", channelsFile(names, websocket));
  } else {
    const methods = readOpenRpcMethods(file, doc, { skip: !strict, note });
    const converters = new Int64Converters();
    const groups = rpcValidatorGroups(doc, methods, converters);
    files.set("types.ts", openRpcTypes(file, doc, names, methods));
    const pointers = new Map(methods.map((method) => [method.id, method.pointer]));
    const validators = buildValidators(
      file,
      doc,
      groups,
      packLayout(doc, pointers, shared, "RpcMethodValidators"),
    );
    addValidatorFiles(files, validators);
    addConverterFiles(files, converters);
    files.set("operations.ts", rpcMethodsFile(names, methods, validators.packOf));
    files.set("client.ts", rpcClientFile(doc, names, methods));
  }
  files.set("index.ts", indexFile(names));
  // One note, written into every file in one place, so no file can say otherwise.
  const madeBy = options.generatedNote ?? generatedNote(file, OWN_REGENERATE_COMMAND);
  const headed = withHeaders(files, generatedHeader(madeBy));
  headed.set(
    "spec.json",
    options.keepRefs
      ? `${JSON.stringify({ "x-generated": madeBy, ...(doc as JsonObject) })}\n`
      : bundleSpec(doc, madeBy),
  );
  return headed;
}

/** Every file with `header` as its first line. */
export function withHeaders(files: SurfaceFiles, header: string): SurfaceFiles {
  return new Map([...files].map(([path, content]) => [path, `${header}\n\n${content}`]));
}

/**
 * How the operations' validators share modules: in packs of a bounded size, each named after its
 * first operation's first tag (`operation-packs.ts`), or all in one (`validators/shared.js`).
 *
 * @param pointers - Where each operation (by its group's name) is written in the spec.
 */
function packLayout(
  doc: Json,
  pointers: ReadonlyMap<string, string>,
  shared: boolean,
  moduleType: string,
): PackLayout {
  if (shared) return { moduleType, label: () => SHARED_MODULE, bound: Number.POSITIVE_INFINITY };
  return { moduleType, label: (group) => firstTag(doc, pointers.get(group.name)) };
}

/** An operation's first tag: a name (OpenAPI), or a tag object's `name` (OpenRPC, `$ref`s followed). */
function firstTag(doc: Json, pointer: string | undefined): string | undefined {
  const operation = pointer === undefined ? undefined : valueAt(doc, pointer);
  let tag = isObject(operation) && Array.isArray(operation.tags) ? operation.tags[0] : undefined;
  const target = isObject(tag) && typeof tag.$ref === "string" ? refPointer(tag.$ref) : undefined;
  if (target !== undefined) tag = valueAt(doc, target);
  if (isObject(tag)) tag = tag.name;
  return typeof tag === "string" && tag.trim() !== "" ? tag.trim() : undefined;
}

/** `validators/<module>.js` and `.d.ts` per module, and `validators/components/<chunk>.js`. */
function addValidatorFiles(files: SurfaceFiles, validators: ValidatorFiles): void {
  for (const module of validators.modules) {
    files.set(validatorsModulePath(module.name), module.js);
    files.set(validatorsModulePath(module.name, ".d.ts"), module.dts);
  }
  for (const chunk of validators.chunks) files.set(validatorsChunkPath(chunk.name), chunk.js);
}

/** `validators/int64/<name>.js`: the int64 converters the surface's modules import. */
function addConverterFiles(files: SurfaceFiles, converters: Int64Converters): void {
  for (const { path, js } of converters.files()) files.set(path, js);
}

function surfaceNames(surface: Pick<Surface, "name">, doc: Json): SurfaceNames {
  const info = isObject(doc) ? doc.info : undefined;
  const title = isObject(info) && typeof info.title === "string" ? info.title : `${surface.name} API`;
  return { camel: surface.name, pascal: pascalCase(surface.name), title };
}

function indexFile(names: SurfaceNames): string {
  return [
    docComment(`The generated ${names.title}: typed functions, operation descriptors and types.`),
    `export * from "./client.js";`,
    `export * from "./operations.js";`,
    `export type * from "./types.js";`,
    "",
  ].join("\n");
}
