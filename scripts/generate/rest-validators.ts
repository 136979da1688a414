import { restValidatorNames } from "./generated-names.js";
import type { JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import type { ParameterModel, RestOperationModel } from "./openapi-model.js";
import type { ValidatorEntry } from "./validators.js";

/** The validators of REST operations: path params, query, body and every response with a JSON body. */
export function restValidatorEntries(operations: readonly RestOperationModel[]): ValidatorEntry[] {
  const entries: ValidatorEntry[] = [];
  for (const op of operations) {
    const parametersPointer = childPointer(op.pointer, "parameters");
    if (op.pathParams.length > 0) {
      entries.push({
        exportName: restValidatorNames.path(op.id),
        schema: parameterObjectSchema(op.pathParams),
        pointer: parametersPointer,
      });
    }
    if (op.queryParams.length > 0) {
      entries.push({
        exportName: restValidatorNames.query(op.id),
        schema: parameterObjectSchema(op.queryParams),
        pointer: parametersPointer,
      });
    }
    if (op.requestBody) {
      entries.push({
        exportName: restValidatorNames.body(op.id),
        schema: op.requestBody.schema,
        pointer: op.requestBody.schemaPointer,
      });
    }
    for (const response of op.responses) {
      if (!response.body) continue;
      entries.push({
        exportName: restValidatorNames.response(op.id, response.status),
        schema: response.body.schema,
        pointer: response.body.schemaPointer,
      });
    }
  }
  return entries;
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
