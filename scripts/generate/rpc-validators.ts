import type { JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import type { ContentDescriptorModel, RpcMethodModel } from "./openrpc-model.js";
import type { ValidatorGroup } from "./validators.js";

/**
 * One validators module per JSON-RPC method, exporting what `RpcMethodValidators` (in
 * `src/runtime/operation.ts`) reads: `params` (the tuple) and `result`.
 */
export function rpcValidatorGroups(methods: readonly RpcMethodModel[]): ValidatorGroup[] {
  return methods.map((method) => ({
    name: method.name,
    entries: [
      {
        exportName: "params",
        schema: paramsTupleSchema(method.params),
        pointer: childPointer(method.pointer, "params"),
      },
      { exportName: "result", schema: method.result.schema, pointer: method.result.schemaPointer },
    ],
  }));
}

/** A tuple schema for positional params: optional trailing ones may be left out, nothing may follow. */
function paramsTupleSchema(params: readonly ContentDescriptorModel[]): JsonObject {
  // JSON Schema wants prefixItems non-empty.
  if (params.length === 0) return { type: "array", maxItems: 0 };
  return {
    type: "array",
    prefixItems: params.map((param) => param.schema),
    items: false,
    minItems: params.filter((param) => param.required).length,
  };
}
