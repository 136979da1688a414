import { packLoaders } from "./generated-names.js";
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
 * takes to send a call (name, retry safety, the names of by-name params) and the import of the
 * module that packs the method's validators, loaded on its first call. Its validators and the
 * positions of int64 and secret fields in its result are in that module (`rpc-validators.ts`).
 *
 * As in `rest-operations-file.ts`, the descriptors are calls of one local `method` function and
 * each pack's `import()` is written once: the table loads up front with the client, and an object
 * literal with its own loader per method made the EVM's about 0.2 KB gzip larger.
 */
export function rpcMethodsFile(
  surface: SurfaceNames,
  methods: readonly RpcMethodModel[],
  packOf: ReadonlyMap<string, string>,
): string {
  const { record, nameType } = rpcMethodsNames(surface.pascal, surface.camel);
  const packs = packLoaders(packOf);
  const descriptors = methods.map((method) => {
    const args = [sourceLiteral(method.name), String(method.idempotent), packs.nameOf(method.id)];
    // The pack's export is the method's identifier, which differs from its wire name only when the
    // name is no identifier (`eth.call` is `eth_call`); by-name params then come last.
    if (method.id !== method.name || method.byName) args.push(sourceLiteral(method.id));
    if (method.byName) args.push(sourceLiteral(method.params.map((param) => param.name)));
    return `  ${propertyKey(method.name)}: method(${args.join(", ")}),`;
  });
  return [
    `import type { RpcMethod, RpcMethodValidators } from "../../src/runtime/operation.js";`,
    "",
    docComment(`The method names of the ${surface.title}.`),
    `export type ${nameType} =${methods.map((method) => `\n  | ${sourceLiteral(method.name)}`).join("") || " never"};`,
    "",
    docComment("A module of packed validators: each method's part is the export named after its identifier."),
    "type Pack = () => Promise<Readonly<Record<string, RpcMethodValidators>>>;",
    "",
    ...packs.lines(),
    "",
    docComment(
      "One frozen descriptor; its validators are its pack's export `part`, imported on its first call.",
    ),
    "function method(",
    "  name: string,",
    "  idempotent: boolean,",
    "  pack: Pack,",
    "  part = name,",
    "  paramNames?: readonly string[],",
    "): RpcMethod {",
    "  const validators = () => pack().then((module) => module[part] as RpcMethodValidators);",
    "  return Object.freeze(",
    "    paramNames === undefined ? { name, idempotent, validators } : { name, idempotent, validators, paramNames },",
    "  );",
    "}",
    "",
    docComment(`Every method of the ${surface.title}, keyed by name, as the runtime reads them.`),
    `export const ${record}: Readonly<Record<${nameType}, RpcMethod>> = Object.freeze({`,
    ...descriptors,
    "});",
    "",
  ].join("\n");
}
