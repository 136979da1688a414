import { findInt64Paths, findSecretPaths } from "./field-paths.js";
import { validatorsModulePath } from "./generated-names.js";
import { generatedHeader } from "./header.js";
import type { Json } from "./json.js";
import { propertyKey } from "./names.js";
import type { RestOperationModel } from "./openapi-model.js";
import { parameterObjectSchema } from "./rest-validators.js";
import type { SurfaceNames } from "./surfaces.js";

/** Names exported by a REST surface's `operations.ts`. */
export function restOperationsNames(pascal: string, camel: string): { record: string; idType: string } {
  return { record: `${camel}Operations`, idType: `${pascal}OperationId` };
}

/**
 * Writes `operations.ts` for a REST surface: one frozen `RestOperation` per operationId, the data the
 * runtime needs to call it (method, path, retry safety, int64 and secret positions, and the import
 * of its validators module, which is loaded on first use).
 */
export function restOperationsFile(
  specFile: string,
  doc: Json,
  surface: SurfaceNames,
  operations: readonly RestOperationModel[],
): string {
  const { record, idType } = restOperationsNames(surface.pascal, surface.camel);
  const descriptors = operations.map((op) => `  ${op.id}: ${descriptor(doc, op)},`);
  return [
    generatedHeader(specFile),
    "",
    `import type { RestOperation } from "../../src/runtime/operation.js";`,
    "",
    `/** The operationIds of the ${surface.title}. */`,
    `export type ${idType} =${operations.map((op) => `\n  | ${JSON.stringify(op.id)}`).join("") || " never"};`,
    "",
    `/** Every operation of the ${surface.title}, keyed by operationId, as the runtime reads them. */`,
    `export const ${record}: Readonly<Record<${idType}, RestOperation>> = Object.freeze({`,
    ...descriptors,
    "});",
    "",
  ].join("\n");
}

function descriptor(doc: Json, op: RestOperationModel): string {
  const lines = [
    `id: ${JSON.stringify(op.id)}`,
    `method: ${JSON.stringify(op.method.toUpperCase())}`,
    `path: ${JSON.stringify(op.path)}`,
    `idempotent: ${op.idempotent}`,
    `pathParams: ${JSON.stringify(op.pathParams.map((param) => param.name))}`,
  ];
  lines.push(`validators: () => import(${JSON.stringify(`./${validatorsModulePath(op.id)}`)})`);
  const requestSchema =
    op.requestBody?.schema ?? (op.queryParams.length > 0 ? parameterObjectSchema(op.queryParams) : undefined);
  const requestInt64 = requestSchema === undefined ? [] : findInt64Paths(doc, requestSchema);
  if (requestInt64.length > 0) lines.push(`requestInt64: ${JSON.stringify(requestInt64)}`);
  const requestSecrets = requestSchema === undefined ? [] : findSecretPaths(doc, requestSchema);
  if (requestSecrets.length > 0) lines.push(`requestSecrets: ${JSON.stringify(requestSecrets)}`);
  const responses = op.responses.map((response) => {
    const fields: string[] = [];
    if (response.body) {
      const int64 = findInt64Paths(doc, response.body.schema);
      if (int64.length > 0) fields.push(`int64: ${JSON.stringify(int64)}`);
      const secrets = findSecretPaths(doc, response.body.schema);
      if (secrets.length > 0) fields.push(`secrets: ${JSON.stringify(secrets)}`);
    }
    return `      ${propertyKey(response.status)}: ${fields.length > 0 ? `{ ${fields.join(", ")} }` : "{}"},`;
  });
  lines.push(`responses: {\n${responses.join("\n")}\n    }`);
  if (op.paging) lines.push(`paging: ${JSON.stringify(op.paging)}`);
  return `Object.freeze({\n${lines.map((line) => `    ${line},`).join("\n")}\n  })`;
}
