import { findInt64Paths, findSecretPaths } from "./field-paths.js";
import { validatorsModulePath } from "./generated-names.js";
import { generatedHeader } from "./header.js";
import type { Json } from "./json.js";
import type { RpcMethodModel } from "./openrpc-model.js";
import type { SurfaceNames } from "./surfaces.js";

/** Names exported by an RPC surface's `operations.ts`. */
export function rpcMethodsNames(pascal: string, camel: string): { record: string; nameType: string } {
  return { record: `${camel}Methods`, nameType: `${pascal}MethodName` };
}

/**
 * Writes `operations.ts` for a JSON-RPC surface: one frozen `RpcMethod` per method, the data the
 * runtime needs to call it (retry safety, int64 and secret positions, and the import of its
 * validators module, which is loaded on first use).
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
      `validators: () => import(${JSON.stringify(`./${validatorsModulePath(method.name)}`)})`,
    ];
    const int64 = findInt64Paths(doc, method.result.schema);
    if (int64.length > 0) lines.push(`int64: ${JSON.stringify(int64)}`);
    const secrets = findSecretPaths(doc, method.result.schema);
    if (secrets.length > 0) lines.push(`secrets: ${JSON.stringify(secrets)}`);
    return `  ${method.name}: Object.freeze({\n${lines.map((line) => `    ${line},`).join("\n")}\n  }),`;
  });
  return [
    generatedHeader(specFile),
    "",
    `import type { RpcMethod } from "../../src/runtime/operation.js";`,
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
