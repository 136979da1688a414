import { rpcValidatorNames } from "./generated-names.js";
import type { JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import type { ContentDescriptorModel, RpcMethodModel } from "./openrpc-model.js";
import type { ValidatorEntry } from "./validators.js";

/** The validators of JSON-RPC methods: the params tuple and the result. */
export function rpcValidatorEntries(methods: readonly RpcMethodModel[]): ValidatorEntry[] {
  return methods.flatMap((method) => [
    {
      exportName: rpcValidatorNames.params(method.name),
      schema: paramsTupleSchema(method.params),
      pointer: childPointer(method.pointer, "params"),
    },
    {
      exportName: rpcValidatorNames.result(method.name),
      schema: method.result.schema,
      pointer: method.result.schemaPointer,
    },
  ]);
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
