import type { JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import type { ParameterModel, RestOperationModel } from "./openapi-model.js";
import type { ValidatorEntry, ValidatorGroup } from "./validators.js";

/**
 * One validators module per REST operation, exporting what `RestOperationValidators` (in
 * `src/runtime/operation.ts`) reads: `path`, `query` and `body` when the operation has them, and
 * `responses`, one validator per status with a JSON body.
 */
export function restValidatorGroups(operations: readonly RestOperationModel[]): ValidatorGroup[] {
  return operations.map((op) => {
    const entries: ValidatorEntry[] = [];
    const parametersPointer = childPointer(op.pointer, "parameters");
    if (op.pathParams.length > 0) {
      entries.push({
        exportName: "path",
        schema: parameterObjectSchema(op.pathParams),
        pointer: parametersPointer,
      });
    }
    if (op.queryParams.length > 0) {
      entries.push({
        exportName: "query",
        schema: parameterObjectSchema(op.queryParams),
        pointer: parametersPointer,
      });
    }
    if (op.requestBody) {
      entries.push({
        exportName: "body",
        schema: op.requestBody.schema,
        pointer: op.requestBody.schemaPointer,
      });
    }
    const responses: [string, string][] = [];
    for (const response of op.responses) {
      if (!response.body) continue;
      const exportName = `response${response.status === "default" ? "Default" : response.status}`;
      entries.push({ exportName, schema: response.body.schema, pointer: response.body.schemaPointer });
      responses.push([response.status, exportName]);
    }
    return { name: op.id, entries, maps: [{ exportName: "responses", members: responses }] };
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
