import { existsSync } from "node:fs";
import { bundleSpec } from "./bundle-spec.js";
import { checkRefs } from "./check-refs.js";
import { checkSchemas, findSchemaSites } from "./check-schemas.js";
import { validatorsModulePath } from "./generated-names.js";
import { generatedHeader } from "./header.js";
import { isObject, type Json } from "./json.js";
import { loadSpec } from "./load-spec.js";
import { pascalCase } from "./names.js";
import { readOpenApiOperations } from "./openapi-model.js";
import { openApiTypes } from "./openapi-types.js";
import { readOpenRpcMethods } from "./openrpc-model.js";
import { restClientFile } from "./rest-client-file.js";
import { restOperationsFile } from "./rest-operations-file.js";
import { restValidatorGroups } from "./rest-validators.js";
import { rpcClientFile } from "./rpc-client-file.js";
import { rpcMethodsFile } from "./rpc-methods-file.js";
import { openRpcTypes } from "./rpc-types.js";
import { rpcValidatorGroups } from "./rpc-validators.js";
import { checkRules } from "./rules.js";
import { SpecError } from "./spec-error.js";
import type { Surface, SurfaceNames } from "./surfaces.js";
import { buildValidators, type ValidatorFiles } from "./validators.js";

/** Generated files of one surface: path relative to its output folder (`/`-separated) → content. */
export type SurfaceFiles = Map<string, string>;

/**
 * Reads and checks one spec, then renders every file of its surface (nothing is written here).
 *
 * @param surface - Which surface, and where its spec is.
 * @param specPath - Where to read the spec from (defaults to `surface.specFile`; tests pass fixtures).
 * @throws {SpecError} When the spec is broken; the message names the file and the JSON pointer.
 */
export async function generateSurface(surface: Surface, specPath = surface.specFile): Promise<SurfaceFiles> {
  const file = surface.specFile;
  if (!existsSync(specPath)) throw new SpecError(file, "", "spec file not found");
  const doc = await loadSpec(specPath);
  checkRefs(file, doc);
  const sites = findSchemaSites(doc);
  checkSchemas(file, sites);
  checkRules(file, sites);
  const names = surfaceNames(surface, doc);
  const files: SurfaceFiles = new Map();
  if (surface.kind === "openapi") {
    const operations = readOpenApiOperations(file, doc);
    const validators = buildValidators(file, doc, restValidatorGroups(doc, operations));
    files.set("types.ts", `${generatedHeader(file)}\n\n${await openApiTypes(file, doc, operations)}`);
    addValidatorFiles(files, file, validators);
    files.set("operations.ts", restOperationsFile(file, names, operations));
    files.set("client.ts", restClientFile(file, doc, names, operations));
  } else {
    const methods = readOpenRpcMethods(file, doc);
    const validators = buildValidators(file, doc, rpcValidatorGroups(doc, methods));
    files.set("types.ts", openRpcTypes(file, doc, names, methods));
    addValidatorFiles(files, file, validators);
    files.set("operations.ts", rpcMethodsFile(file, names, methods));
    files.set("client.ts", rpcClientFile(file, doc, names, methods));
  }
  files.set("index.ts", indexFile(file, names));
  files.set("spec.json", bundleSpec(doc, generatedHeader(file).replace(/^\/\/ /, "")));
  return files;
}

/** `validators/<operation>.js` and `.d.ts` per operation. */
function addValidatorFiles(files: SurfaceFiles, specFile: string, validators: ValidatorFiles): void {
  const header = generatedHeader(specFile);
  for (const module of validators.modules) {
    files.set(validatorsModulePath(module.name), `${header}\n\n${module.js}`);
    files.set(validatorsModulePath(module.name, ".d.ts"), `${header}\n\n${module.dts}`);
  }
}

function surfaceNames(surface: Surface, doc: Json): SurfaceNames {
  const info = isObject(doc) ? doc.info : undefined;
  const title = isObject(info) && typeof info.title === "string" ? info.title : `${surface.name} API`;
  return { camel: surface.name, pascal: pascalCase(surface.name), title };
}

function indexFile(specFile: string, names: SurfaceNames): string {
  return [
    generatedHeader(specFile),
    "",
    `/** The generated ${names.title}: typed functions, operation descriptors and types. */`,
    `export * from "./client.js";`,
    `export * from "./operations.js";`,
    `export type * from "./types.js";`,
    "",
  ].join("\n");
}
