import { fieldPositions } from "./field-paths.js";
import type { Int64Converters } from "./int64-converter.js";
import type { Json, JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import type { ParameterModel, RestOperationModel } from "./openapi-model.js";
import type { DataExport, MapMember, ValidatorEntry, ValidatorGroup } from "./validators.js";

/**
 * One module per REST operation, exporting what `RestOperationValidators` (in
 * `src/runtime/operation.ts`) reads: `path`, `query` and `body` validators when the operation has
 * them (which hold each wide integer field to its format's range); where secret fields sit in the
 * request (`requestSecrets`, when there are any); and `responses`, every status the spec describes,
 * each with its body's validator and int64 and secret positions. The runtime needs none of this before the operation's first
 * call, so none of it is in the descriptor.
 *
 * @param doc - The spec, whose `$ref`s the field positions follow.
 * @param operations - The operations.
 * @param converters - The surface's int64 converters, which each status with int64 fields imports.
 */
export function restValidatorGroups(
  doc: Json,
  operations: readonly RestOperationModel[],
  converters: Int64Converters,
): ValidatorGroup[] {
  return operations.map((op) => {
    const imports: string[] = [];
    const entries: ValidatorEntry[] = [];
    const parametersPointer = childPointer(op.pointer, "parameters");
    if (op.pathParams.length > 0) {
      entries.push({
        exportName: "path",
        schema: parameterObjectSchema(op.pathParams),
        pointer: parametersPointer,
      });
    }
    // An `in: querystring` parameter's schema is the whole query's (OpenAPI 3.2).
    const querySchema = op.querystring
      ? op.querystring.schema
      : op.queryParams.length > 0
        ? parameterObjectSchema(op.queryParams)
        : undefined;
    if (querySchema) {
      const pointer = op.querystring ? op.querystring.schemaPointer : parametersPointer;
      entries.push({ exportName: "query", schema: querySchema, pointer });
    }
    for (const [exportName, params] of [
      ["headers", op.headerParams],
      ["cookies", op.cookieParams],
    ] as const) {
      if (params.length > 0)
        entries.push({ exportName, schema: parameterObjectSchema(params), pointer: parametersPointer });
    }
    // Form fields are an object the schema describes; multipart, text and bytes pass as they are.
    if (op.requestBody && (op.requestBody.kind === "json" || op.requestBody.kind === "form")) {
      entries.push({
        exportName: "body",
        schema: op.requestBody.schema,
        pointer: op.requestBody.schemaPointer,
      });
    }
    const responses: MapMember[] = [];
    for (const response of op.responses) {
      // A stream's status describes one item (its `itemSchema`), which the runtime checks as it arrives.
      if (response.body?.kind !== "json" && response.body?.stream === undefined) {
        responses.push({ key: response.status });
        continue;
      }
      const exportName = `response${response.status === "default" ? "Default" : response.status}`;
      entries.push({ exportName, schema: response.body.schema, pointer: response.body.schemaPointer });
      const positions = fieldPositions(doc, response.body.schema);
      const user = response.status === "200" ? op.id : `${op.id}_${response.status}`;
      const converter = positions.int64 && converters.nameFor(positions.int64, user);
      if (converter) imports.push(converters.importLine(converter));
      responses.push({
        key: response.status,
        validator: exportName,
        data: positions,
        ...(converter && { code: { convertInt64: converter } }),
      });
    }
    // The spec's secret fields of a request are those of its body, or of its query without one. A
    // request's wide integers need no positions: the caller passes bigints, the validators check them.
    const { secrets } = fieldPositions(doc, op.requestBody?.schema ?? querySchema);
    const data: DataExport[] = secrets
      ? [{ exportName: "requestSecrets", type: "SecretPaths", value: secrets }]
      : [];
    return {
      name: op.id,
      entries,
      maps: [{ exportName: "responses", memberType: "ResponseDescriptor", members: responses }],
      data,
      ...(imports.length > 0 && { imports: [...new Set(imports)] }),
    };
  });
}
/** A strict object schema over named parameters: the shape the client passes as `path` or `query`. */
export function parameterObjectSchema(params: readonly ParameterModel[]): JsonObject {
  const required = params.filter((param) => param.required || param.in === "path").map((param) => param.name);
  return {
    type: "object",
    properties: Object.fromEntries(params.map((param) => [param.name, param.schema])),
    ...(required.length > 0 && { required }),
    additionalProperties: false,
  };
}
