import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { type PagingModel, readPaging } from "./paging.js";
import { follow, optionalString } from "./resolve.js";
import { SpecError } from "./spec-error.js";

/** HTTP methods the runtime contract supports, in the order operations are listed within a path. */
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const UNSUPPORTED_METHODS = ["head", "options", "trace"];

/** One path or query parameter of an operation. */
export interface ParameterModel {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: Json;
  /** Pointer of the parameter's `schema`. */
  schemaPointer: string;
  description?: string;
  example?: Json;
}

/** A JSON request body or response body. */
export interface BodyModel {
  /** The media type the schema belongs to, e.g. `application/json`. */
  mediaType: string;
  schema: Json;
  /** Pointer of the media type's `schema`. */
  schemaPointer: string;
  example?: Json;
}

/** One documented response status. */
export interface ResponseModel {
  /** `"200"`, `"4XX"`, `"default"`… */
  status: string;
  description?: string;
  /** The JSON body, when the response has one. */
  body?: BodyModel;
}

/** One operation of an OpenAPI document, with every `$ref` of parameters, bodies and responses followed. */
export interface RestOperationModel {
  id: string;
  method: (typeof METHODS)[number];
  path: string;
  /** Pointer of the operation object. */
  pointer: string;
  idempotent: boolean;
  summary?: string;
  description?: string;
  deprecated: boolean;
  /** Path parameters in template order. */
  pathParams: ParameterModel[];
  queryParams: ParameterModel[];
  requestBody?: BodyModel & { required: boolean };
  /** Responses sorted by status: exact codes, then ranges (`4XX`), then `default`. */
  responses: ResponseModel[];
  /** How the operation pages (`x-paging`), when it is a paged list. */
  paging?: PagingModel;
}

/**
 * Lists the operations of an OpenAPI 3.1 document in document order.
 *
 * @throws {SpecError} For a missing or duplicate operationId, an unsupported method, path parameters
 * that do not match the path template, or a body that is not JSON.
 */
export function readOpenApiOperations(file: string, doc: Json): RestOperationModel[] {
  if (!isObject(doc)) throw new SpecError(file, "", "the spec must be a YAML mapping");
  if (typeof doc.openapi !== "string" || !doc.openapi.startsWith("3.1")) {
    throw new SpecError(
      file,
      "/openapi",
      `expected openapi: 3.1.x, found ${JSON.stringify(doc.openapi ?? null)}`,
    );
  }
  const paths = doc.paths ?? {};
  if (!isObject(paths)) throw new SpecError(file, "/paths", "paths must be a mapping");
  const operations: RestOperationModel[] = [];
  const firstSeen = new Map<string, string>();
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = follow(file, doc, rawItem, childPointer("/paths", path));
    for (const method of UNSUPPORTED_METHODS) {
      if (item.value[method] !== undefined) {
        throw new SpecError(
          file,
          childPointer(item.pointer, method),
          `method ${method.toUpperCase()} is not supported`,
        );
      }
    }
    for (const method of METHODS) {
      if (item.value[method] === undefined) continue;
      const operation = readOperation(file, doc, path, method, item.value, item.pointer);
      const previous = firstSeen.get(operation.id);
      if (previous !== undefined) {
        throw new SpecError(
          file,
          childPointer(operation.pointer, "operationId"),
          `duplicate operationId "${operation.id}" (also at ${previous})`,
        );
      }
      firstSeen.set(operation.id, operation.pointer);
      operations.push(operation);
    }
  }
  return operations;
}

function readOperation(
  file: string,
  doc: JsonObject,
  path: string,
  method: RestOperationModel["method"],
  pathItem: JsonObject,
  pathItemPointer: string,
): RestOperationModel {
  const { value: op, pointer } = follow(file, doc, pathItem[method], childPointer(pathItemPointer, method));
  const id = optionalString(file, op, "operationId", pointer);
  if (id === undefined)
    throw new SpecError(file, pointer, `${method.toUpperCase()} ${path} has no operationId`);
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(id)) {
    throw new SpecError(
      file,
      childPointer(pointer, "operationId"),
      `operationId "${id}" is not a valid identifier`,
    );
  }
  const parameters = readParameters(file, doc, pathItem, pathItemPointer, op, pointer);
  const templateNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const pathParams = templateNames.map((name) => {
    const param = parameters.find((candidate) => candidate.in === "path" && candidate.name === name);
    if (!param) throw new SpecError(file, pointer, `path parameter "${name}" of ${path} is not declared`);
    return param;
  });
  const stray = parameters.find((param) => param.in === "path" && !templateNames.includes(param.name));
  if (stray) throw new SpecError(file, pointer, `path parameter "${stray.name}" does not appear in ${path}`);
  const idempotent = op["x-idempotent"] === true;
  const summary = optionalString(file, op, "summary", pointer);
  const description = optionalString(file, op, "description", pointer);
  const requestBody = readRequestBody(file, doc, op, pointer);
  const queryParams = parameters.filter((param) => param.in === "query");
  const paging = readPaging(file, op, pointer, queryParams);
  return {
    id,
    method,
    path,
    pointer,
    idempotent,
    ...(summary !== undefined && { summary }),
    ...(description !== undefined && { description }),
    deprecated: op.deprecated === true,
    pathParams,
    queryParams,
    ...(requestBody && { requestBody }),
    responses: readResponses(file, doc, op, pointer),
    ...(paging && { paging }),
  };
}

/** Path-item parameters merged with the operation's (the operation's win), header and cookie ones dropped. */
function readParameters(
  file: string,
  doc: JsonObject,
  pathItem: JsonObject,
  pathItemPointer: string,
  op: JsonObject,
  opPointer: string,
): ParameterModel[] {
  const byKey = new Map<string, ParameterModel>();
  for (const [owner, ownerPointer] of [
    [pathItem, pathItemPointer],
    [op, opPointer],
  ] as const) {
    const list = owner.parameters;
    if (list === undefined) continue;
    const listPointer = childPointer(ownerPointer, "parameters");
    if (!Array.isArray(list)) throw new SpecError(file, listPointer, "parameters must be a list");
    list.forEach((raw, index) => {
      const { value: param, pointer } = follow(file, doc, raw, childPointer(listPointer, index));
      const name = optionalString(file, param, "name", pointer);
      const location = optionalString(file, param, "in", pointer);
      if (name === undefined || location === undefined) {
        throw new SpecError(file, pointer, "a parameter needs a name and an in");
      }
      if (location !== "path" && location !== "query") return;
      if (param.schema === undefined) throw new SpecError(file, pointer, `parameter "${name}" has no schema`);
      const description = optionalString(file, param, "description", pointer);
      const example = firstExample(file, doc, param, pointer);
      byKey.set(`${location} ${name}`, {
        name,
        in: location,
        required: param.required === true,
        schema: param.schema,
        schemaPointer: childPointer(pointer, "schema"),
        ...(description !== undefined && { description }),
        ...(example !== undefined && { example }),
      });
    });
  }
  return [...byKey.values()];
}

function readRequestBody(
  file: string,
  doc: JsonObject,
  op: JsonObject,
  opPointer: string,
): RestOperationModel["requestBody"] {
  if (op.requestBody === undefined) return undefined;
  const { value: body, pointer } = follow(file, doc, op.requestBody, childPointer(opPointer, "requestBody"));
  const media = jsonMedia(file, doc, body, pointer);
  if (!media) throw new SpecError(file, pointer, "the request body has no application/json content");
  return { ...media, required: body.required === true };
}

function readResponses(file: string, doc: JsonObject, op: JsonObject, opPointer: string): ResponseModel[] {
  const responsesPointer = childPointer(opPointer, "responses");
  const responses = op.responses;
  if (!isObject(responses)) throw new SpecError(file, responsesPointer, "an operation needs responses");
  const models: ResponseModel[] = [];
  for (const [status, raw] of Object.entries(responses)) {
    if (!/^([1-5][0-9]{2}|[1-5]XX|default)$/.test(status)) {
      throw new SpecError(
        file,
        childPointer(responsesPointer, status),
        `"${status}" is not a response status`,
      );
    }
    const { value: response, pointer } = follow(file, doc, raw, childPointer(responsesPointer, status));
    const description = optionalString(file, response, "description", pointer);
    const body = jsonMedia(file, doc, response, pointer);
    models.push({ status, ...(description !== undefined && { description }), ...(body && { body }) });
  }
  return models.sort((a, b) => statusRank(a.status) - statusRank(b.status));
}

/** Sort key: exact codes by value, a range after the codes of its hundred, `default` last. */
function statusRank(status: string): number {
  if (status === "default") return 1000;
  if (status.endsWith("XX")) return Number(status[0]) * 100 + 99.5;
  return Number(status);
}

/** The JSON media type (`application/json`, or any `…+json`) of a body or response, if it has one. */
function jsonMedia(
  file: string,
  doc: JsonObject,
  owner: JsonObject,
  ownerPointer: string,
): BodyModel | undefined {
  const content = owner.content;
  if (!isObject(content)) return undefined;
  const type =
    Object.keys(content).find((name) => name === "application/json") ??
    Object.keys(content).find((name) => /^application\/[\w.-]+\+json$/.test(name));
  if (type === undefined) return undefined;
  const { value: media, pointer } = follow(
    file,
    doc,
    content[type],
    childPointer(ownerPointer, "content", type),
  );
  const schema = media.schema ?? {};
  const example = firstExample(file, doc, media, pointer);
  return {
    mediaType: type,
    schema,
    schemaPointer: childPointer(pointer, "schema"),
    ...(example !== undefined && { example }),
  };
}

/** The `example`, or the value of the first entry of `examples`, of a parameter or media type. */
function firstExample(file: string, doc: Json, owner: JsonObject, pointer: string): Json | undefined {
  if (owner.example !== undefined) return owner.example;
  const examples = owner.examples;
  if (!isObject(examples)) return undefined;
  const [first] = Object.entries(examples);
  if (!first) return undefined;
  const { value } = follow(file, doc, first[1], childPointer(pointer, "examples", first[0]));
  return value.value;
}
