import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { type MediaKind, mediaKind } from "./media-kind.js";
import { type PagingModel, readPaging } from "./paging.js";
import { follow, optionalString } from "./resolve.js";
import { SpecError } from "./spec-error.js";

/** HTTP methods the runtime contract supports, in the order operations are listed within a path. */
export const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options"] as const;
/** fetch refuses to send TRACE: such operations are left out, with a note. */
const UNSENDABLE_METHODS = ["trace"];
/** Header parameters OpenAPI says to ignore: the body's media types and the security scheme set them. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** Where a parameter goes. */
export type ParameterLocation = "path" | "query" | "header" | "cookie";

/** One parameter of an operation. */
export interface ParameterModel {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** `style` and `explode` when they differ from the location's default (OpenAPI's serialization rules). */
  style?: string;
  explode?: boolean;
  schema: Json;
  /** Pointer of the parameter's `schema`. */
  schemaPointer: string;
  description?: string;
  example?: Json;
}

/** A request body or response body. */
export interface BodyModel {
  /** The media type the schema belongs to, e.g. `application/json`. */
  mediaType: string;
  /** How it travels: JSON, form fields, multipart, text or bytes. */
  kind: MediaKind;
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
  /** The body (its JSON media type when it has one, else its first), when the response has one. */
  body?: BodyModel;
}

/** One operation of an OpenAPI document, with every `$ref` of parameters, bodies and responses followed. */
export interface RestOperationModel {
  id: string;
  method: (typeof HTTP_METHODS)[number];
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
  /** Header parameters (names as the spec writes them). */
  headerParams: ParameterModel[];
  cookieParams: ParameterModel[];
  requestBody?: BodyModel & { required: boolean };
  /** Responses sorted by status: exact codes, then ranges (`4XX`), then `default`. */
  responses: ResponseModel[];
  /** How the operation pages (`x-paging`), when it is a paged list. */
  paging?: PagingModel;
}

/**
 * Lists the operations of an OpenAPI 3.1 document in document order (a 3.0 one is upgraded first,
 * `upgrade-openapi-30.ts`). TRACE operations, which fetch cannot send, are left out and reported
 * through `note`.
 *
 * @throws {SpecError} For a missing or duplicate operationId, or path parameters that do not match
 * the path template.
 */
export function readOpenApiOperations(
  file: string,
  doc: Json,
  note: (line: string) => void = () => {},
): RestOperationModel[] {
  if (!isObject(doc)) throw new SpecError(file, "", "the spec must be a YAML mapping");
  // 3.2 is 3.1 plus new fields (`spec-dialect.ts`); the emitters read what both carry.
  if (typeof doc.openapi !== "string" || !/^3\.[12]\./.test(doc.openapi)) {
    throw new SpecError(
      file,
      "/openapi",
      `expected openapi: 3.1.x or 3.2.x, found ${JSON.stringify(doc.openapi ?? null)}`,
    );
  }
  const paths = doc.paths ?? {};
  if (!isObject(paths)) throw new SpecError(file, "/paths", "paths must be a mapping");
  const operations: RestOperationModel[] = [];
  const firstSeen = new Map<string, string>();
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = follow(file, doc, rawItem, childPointer("/paths", path));
    for (const method of UNSENDABLE_METHODS) {
      if (item.value[method] !== undefined) {
        note(
          `${file}#${childPointer(item.pointer, method)}: left out: fetch cannot send ${method.toUpperCase()}`,
        );
      }
    }
    for (const method of notGeneratedMethods(item.value)) {
      note(
        `${file}#${item.pointer}: left out: ${method} operations (OpenAPI 3.2) are not generated yet; the portal documents them`,
      );
    }
    for (const method of HTTP_METHODS) {
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

/** OpenAPI 3.2's `query` method and `additionalOperations` (`COPY`, `LINK`…), upper-cased. */
function notGeneratedMethods(pathItem: JsonObject): string[] {
  const additional = isObject(pathItem.additionalOperations)
    ? Object.keys(pathItem.additionalOperations)
    : [];
  return [...(pathItem.query === undefined ? [] : ["query"]), ...additional].map((method) =>
    method.toUpperCase(),
  );
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
  const headerParams = parameters.filter((param) => param.in === "header");
  const cookieParams = parameters.filter((param) => param.in === "cookie");
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
    headerParams,
    cookieParams,
    ...(requestBody && { requestBody }),
    responses: readResponses(file, doc, op, pointer),
    ...(paging && { paging }),
  };
}

/**
 * Path-item parameters merged with the operation's (the operation's win). A parameter described by
 * `content` instead of `schema` takes the schema of its media type; `Accept`, `Content-Type` and
 * `Authorization` headers are left to the runtime, as OpenAPI says.
 */
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
      if (location === "querystring") {
        throw new SpecError(
          file,
          childPointer(pointer, "in"),
          "in: querystring (OpenAPI 3.2, the whole query string as one schema) is not generated yet; describe the query's fields as in: query parameters",
        );
      }
      if (!["path", "query", "header", "cookie"].includes(location)) {
        throw new SpecError(
          file,
          childPointer(pointer, "in"),
          `"${location}" is not a parameter location (path, query, header, cookie)`,
        );
      }
      if (location === "header" && IGNORED_HEADERS.has(name.toLowerCase())) return;
      const schemaAt = parameterSchema(param, pointer);
      const description = optionalString(file, param, "description", pointer);
      const example = firstExample(file, doc, param, pointer);
      const serialization = nonDefaultStyle(location as ParameterLocation, param);
      byKey.set(`${location} ${location === "header" ? name.toLowerCase() : name}`, {
        name,
        in: location as ParameterLocation,
        required: param.required === true,
        ...serialization,
        schema: schemaAt.schema,
        schemaPointer: schemaAt.pointer,
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
  const media = preferredMedia(file, doc, body, pointer);
  if (!media) return undefined;
  return { ...media, required: body.required === true };
}

function readResponses(file: string, doc: JsonObject, op: JsonObject, opPointer: string): ResponseModel[] {
  const responsesPointer = childPointer(opPointer, "responses");
  const responses = op.responses ?? {};
  if (!isObject(responses)) throw new SpecError(file, responsesPointer, "responses must be a mapping");
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
    const body = preferredMedia(file, doc, response, pointer);
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

/**
 * The media type of a body or response the client deals in: `application/json`, else any JSON
 * one (`…+json`), else the first listed (form, multipart, text or bytes).
 */
function preferredMedia(
  file: string,
  doc: JsonObject,
  owner: JsonObject,
  ownerPointer: string,
): BodyModel | undefined {
  const content = owner.content;
  if (!isObject(content)) return undefined;
  const types = Object.keys(content);
  const type =
    types.find((name) => name === "application/json") ??
    types.find((name) => mediaKind(name) === "json") ??
    types[0];
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
    kind: mediaKind(type),
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

/** A parameter's schema and where it is written: its `schema`, or that of its one `content` entry. */
function parameterSchema(param: JsonObject, pointer: string): { schema: Json; pointer: string } {
  if (param.schema !== undefined) return { schema: param.schema, pointer: childPointer(pointer, "schema") };
  const content = isObject(param.content) ? param.content : {};
  const [entry] = Object.entries(content);
  if (entry && isObject(entry[1]) && entry[1].schema !== undefined) {
    return { schema: entry[1].schema, pointer: childPointer(pointer, "content", entry[0], "schema") };
  }
  return { schema: {}, pointer };
}

/** OpenAPI's default `style` per location; `explode` defaults to true for `form` only. */
const DEFAULT_STYLE: Record<ParameterLocation, string> = {
  path: "simple",
  query: "form",
  header: "simple",
  cookie: "form",
};

/** The parameter's `style` and `explode`, when either differs from its location's default. */
function nonDefaultStyle(
  location: ParameterLocation,
  param: JsonObject,
): { style?: string; explode?: boolean } {
  const style = typeof param.style === "string" ? param.style : DEFAULT_STYLE[location];
  const explode = typeof param.explode === "boolean" ? param.explode : style === "form";
  if (style === DEFAULT_STYLE[location] && explode === (style === "form")) return {};
  return { style, explode };
}
