import { fieldPositions } from "./field-paths.js";
import type { Int64Converters } from "./int64-converter.js";
import type { Json, JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import type { ContentDescriptorModel, RpcMethodModel } from "./openrpc-model.js";
import type { DataExport, ValidatorGroup } from "./validators.js";

/**
 * One module per JSON-RPC method, exporting what `RpcMethodValidators` (in
 * `src/runtime/operation.ts`) reads: `params` (the tuple) and `result` validators, and where int64
 * and secret fields sit in the result (`int64`, `secrets`, when there are any). The runtime needs
 * none of this before the method's first call, so none of it is in the descriptor.
 *
 * @param doc - The spec, whose `$ref`s the field positions follow.
 * @param methods - The methods.
 * @param converters - The surface's int64 converters, which each result with int64 fields imports.
 */
export function rpcValidatorGroups(
  doc: Json,
  methods: readonly RpcMethodModel[],
  converters: Int64Converters,
): ValidatorGroup[] {
  return methods.map((method) => {
    const result = fieldPositions(doc, method.result.schema);
    const data: DataExport[] = [];
    const imports: string[] = [];
    if (result.int64) {
      data.push({ exportName: "int64", type: "Int64Paths", value: result.int64 });
      const converter = converters.nameFor(result.int64, method.id);
      data.push({ exportName: "convertInt64", type: "Int64Converter", value: null, code: converter });
      imports.push(converters.importLine(converter));
    }
    if (result.secrets) data.push({ exportName: "secrets", type: "SecretPaths", value: result.secrets });
    return {
      name: method.id,
      entries: [
        {
          exportName: "params",
          schema: paramsTupleSchema(method.params),
          pointer: childPointer(method.pointer, "params"),
        },
        { exportName: "result", schema: method.result.schema, pointer: method.result.schemaPointer },
      ],
      data,
      ...(imports.length > 0 && { imports }),
    };
  });
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
