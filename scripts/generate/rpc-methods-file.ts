import { rpcValidatorNames } from "./generated-names.js";
import { generatedHeader } from "./header.js";
import { findInt64Paths } from "./int64-paths.js";
import type { Json } from "./json.js";
import type { RpcMethodModel } from "./openrpc-model.js";
import type { SurfaceNames } from "./surfaces.js";

/** Names exported by an RPC surface's `operations.ts`. */
export function rpcMethodsNames(pascal: string, camel: string): { record: string; nameType: string } {
  return { record: `${camel}Methods`, nameType: `${pascal}MethodName` };
}

/**
 * Writes `operations.ts` for a JSON-RPC surface: one frozen `RpcMethod` per method, the data the
 * runtime needs to call it (retry safety, params and result validators, int64 positions).
 */
export function rpcMethodsFile(
  specFile: string,
  doc: Json,
  surface: SurfaceNames,
  methods: readonly RpcMethodModel[],
): string {
  const { record, nameType } = rpcMethodsNames(surface.pascal, surface.camel);
  const descriptors = methods.map((method) => {
    const lines = [
      `name: ${JSON.stringify(method.name)}`,
      `idempotent: ${method.idempotent}`,
      `validateParams: validators.${rpcValidatorNames.params(method.name)}`,
      `validateResult: validators.${rpcValidatorNames.result(method.name)}`,
    ];
    const int64 = findInt64Paths(doc, method.result.schema);
    if (int64.length > 0) lines.push(`int64: ${JSON.stringify(int64)}`);
    return `  ${method.name}: Object.freeze({\n${lines.map((line) => `    ${line},`).join("\n")}\n  }),`;
  });
  return [
    generatedHeader(specFile),
    "",
    `import type { RpcMethod } from "../../src/runtime/operation.js";`,
    `import * as validators from "./validators.js";`,
    "",
    `/** The method names of the ${surface.title}. */`,
    `export type ${nameType} =${methods.map((method) => `\n  | ${JSON.stringify(method.name)}`).join("") || " never"};`,
    "",
    `/** Every method of the ${surface.title}, keyed by name, as the runtime reads them. */`,
    `export const ${record}: Readonly<Record<${nameType}, RpcMethod>> = Object.freeze({`,
    ...descriptors,
    "});",
    "",
  ].join("\n");
}
