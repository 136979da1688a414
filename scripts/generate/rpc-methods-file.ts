import { packedModuleOf, validatorsLoader } from "./generated-names.js";
import { propertyKey } from "./names.js";
import type { RpcMethodModel } from "./openrpc-model.js";
import { docComment, sourceLiteral } from "./source-text.js";
import type { SurfaceNames } from "./surfaces.js";

/** Names exported by an RPC surface's `operations.ts`. */
export function rpcMethodsNames(pascal: string, camel: string): { record: string; nameType: string } {
  return { record: `${camel}Methods`, nameType: `${pascal}MethodName` };
}

/**
 * Writes `operations.ts` for a JSON-RPC surface: one frozen `RpcMethod` per method, only what it
 * takes to send a call (name, retry safety) and the import of the module that packs the method's validators, loaded on its
 * first call. Its validators and the positions of int64 and secret fields in its result are in that
 * module (`rpc-validators.ts`).
 */
export function rpcMethodsFile(
  surface: SurfaceNames,
  methods: readonly RpcMethodModel[],
  packOf: ReadonlyMap<string, string>,
): string {
  const { record, nameType } = rpcMethodsNames(surface.pascal, surface.camel);
  const descriptors = methods.map((method) => {
    const lines = [
      `name: ${sourceLiteral(method.name)}`,
      `idempotent: ${method.idempotent}`,
      `validators: ${validatorsLoader(method.id, packedModuleOf(packOf, method.id))}`,
    ];
    if (method.byName) lines.push(`paramNames: ${sourceLiteral(method.params.map((param) => param.name))}`);
    return `  ${propertyKey(method.name)}: Object.freeze({\n${lines.map((line) => `    ${line},`).join("\n")}\n  }),`;
  });
  return [
    `import type { RpcMethod } from "../../src/runtime/operation.js";`,
    "",
    docComment(`The method names of the ${surface.title}.`),
    `export type ${nameType} =${methods.map((method) => `\n  | ${sourceLiteral(method.name)}`).join("") || " never"};`,
    "",
    docComment(`Every method of the ${surface.title}, keyed by name, as the runtime reads them.`),
    `export const ${record}: Readonly<Record<${nameType}, RpcMethod>> = Object.freeze({`,
    ...descriptors,
    "});",
    "",
  ].join("\n");
}
