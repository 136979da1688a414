import { validatorsModulePath } from "./generated-names.js";
import { generatedHeader } from "./header.js";
import type { RestOperationModel } from "./openapi-model.js";
import type { SurfaceNames } from "./surfaces.js";

/** Names exported by a REST surface's `operations.ts`. */
export function restOperationsNames(pascal: string, camel: string): { record: string; idType: string } {
  return { record: `${camel}Operations`, idType: `${pascal}OperationId` };
}

/**
 * Writes `operations.ts` for a REST surface: one frozen `RestOperation` per operationId, only what it
 * takes to build and send a request (method, path template, retry safety, paging) and the
 * import of the operation's module, loaded on its first call. What the runtime reads once a call is
 * under way (validators, int64 and secret positions, response statuses) is in that module
 * (`rest-validators.ts`), so an entry grows by no more than this per operation, whatever its schemas.
 */
export function restOperationsFile(
  specFile: string,
  surface: SurfaceNames,
  operations: readonly RestOperationModel[],
): string {
  const { record, idType } = restOperationsNames(surface.pascal, surface.camel);
  const descriptors = operations.map((op) => `  ${op.id}: ${descriptor(op)},`);
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

function descriptor(op: RestOperationModel): string {
  const lines = [
    `id: ${JSON.stringify(op.id)}`,
    `method: ${JSON.stringify(op.method.toUpperCase())}`,
    `path: ${JSON.stringify(op.path)}`,
    `idempotent: ${op.idempotent}`,
    `validators: () => import(${JSON.stringify(`./${validatorsModulePath(op.id)}`)})`,
  ];
  // `as const` keeps the paging mode a literal, which tells the runtime's two paging shapes apart.
  if (op.paging) lines.push(`paging: ${JSON.stringify(op.paging)} as const`);
  return `Object.freeze({\n${lines.map((line) => `    ${line},`).join("\n")}\n  })`;
}
