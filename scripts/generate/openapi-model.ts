import type { StreamFormat } from "../../src/runtime/operation.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer, refPointer, valueAt } from "./json-pointer.js";
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

/** Where a parameter goes; `querystring` (OpenAPI 3.2) is the whole query as one schema. */
export type ParameterLocation = "path" | "query" | "querystring" | "header" | "cookie";

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
  /** The media type of an `in: querystring` parameter's `content` (form fields or JSON). */
  mediaType?: string;
}

/** A request body or response body. */
export interface BodyModel {
  /** The media type the schema belongs to, e.g. `application/json`. */
  mediaType: string;
  /** How it travels: JSON, form fields, multipart, text or bytes. */
  kind: MediaKind;
  /** Its schema; for a stream, the schema of one item, as the client reads it. */
  schema: Json;
  /** Pointer of the media type's `schema` (a stream's `itemSchema`). */
  schemaPointer: string;
  example?: Json;
  /** Present when the body is a stream of items (OpenAPI 3.2 `itemSchema`): how it is framed. */
  stream?: StreamFormat;
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
  /** Lower case: `get`, `query` (OpenAPI 3.2), or an `additionalOperations` method such as `link`. */
  method: string;
  /** The method as sent: upper case, or an `additionalOperations` key as the spec writes it. */
  sentMethod: string;
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
  /** The `in: querystring` parameter (OpenAPI 3.2), which then stands for the whole query. */
  querystring?: ParameterModel;
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
 * Lists the operations of an OpenAPI 3.1 or 3.2 document in document order (a 3.0 one is upgraded
 * first, `upgrade-openapi-30.ts`), 3.2's `query` and `additionalOperations` after a path's fixed
 * methods. TRACE operations, which fetch cannot send, are left out and reported through `note`.
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
    for (const site of operationSites(file, item.value, item.pointer)) {
      const operation = readOperation(file, doc, path, site, item.value, item.pointer);
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

/** Where an operation sits in its path item, and the method it is sent with. */
interface OperationSite {
  method: string;
  sentMethod: string;
  raw: Json;
  pointer: string;
}

/**
 * A path item's operations: the fixed methods, then OpenAPI 3.2's `query`, then its
 * `additionalOperations` (`LINK`, `COPY`…), each sent with its key as written.
 *
 * @throws {SpecError} For an `additionalOperations` key that names a fixed method (3.2 forbids it).
 */
function operationSites(file: string, pathItem: JsonObject, pointer: string): OperationSite[] {
  const sites: OperationSite[] = [];
  for (const method of [...HTTP_METHODS, "query"]) {
    if (pathItem[method] === undefined) continue;
    sites.push({
      method,
      sentMethod: method.toUpperCase(),
      raw: pathItem[method],
      pointer: childPointer(pointer, method),
    });
  }
  const additional = pathItem.additionalOperations;
  if (additional === undefined) return sites;
  const additionalPointer = childPointer(pointer, "additionalOperations");
  if (!isObject(additional))
    throw new SpecError(file, additionalPointer, "additionalOperations must be a mapping");
  for (const [method, raw] of Object.entries(additional)) {
    const at = childPointer(additionalPointer, method);
    const fixed = [...HTTP_METHODS, "query", "trace"].find((name) => name === method.toLowerCase());
    if (fixed !== undefined)
      throw new SpecError(file, at, `${method} is a fixed method: write it as the path item's "${fixed}"`);
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method))
      throw new SpecError(
        file,
        at,
        `"${method}" is not an HTTP method name (letters, digits and !#$%&'*+.^_\`|~-)`,
      );
    sites.push({ method: method.toLowerCase(), sentMethod: method, raw, pointer: at });
  }
  return sites;
}

function readOperation(
  file: string,
  doc: JsonObject,
  path: string,
  site: OperationSite,
  pathItem: JsonObject,
  pathItemPointer: string,
): RestOperationModel {
  const { method, sentMethod } = site;
  const { value: op, pointer } = follow(file, doc, site.raw, site.pointer);
  const id = optionalString(file, op, "operationId", pointer);
  if (id === undefined) throw new SpecError(file, pointer, `${sentMethod} ${path} has no operationId`);
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
  const querystring = parameters.find((param) => param.in === "querystring");
  if (querystring && queryParams.length > 0) {
    throw new SpecError(
      file,
      pointer,
      `in: querystring "${querystring.name}" describes the whole query, so "${queryParams[0]?.name}" cannot be in: query beside it (OpenAPI 3.2); move it into the querystring's schema`,
    );
  }
  const headerParams = parameters.filter((param) => param.in === "header");
  const cookieParams = parameters.filter((param) => param.in === "cookie");
  const paging = readPaging(file, op, pointer, queryParams);
  return {
    id,
    method,
    sentMethod,
    path,
    pointer,
    idempotent,
    ...(summary !== undefined && { summary }),
    ...(description !== undefined && { description }),
    deprecated: op.deprecated === true,
    pathParams,
    queryParams,
    ...(querystring && { querystring }),
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
      if (!["path", "query", "querystring", "header", "cookie"].includes(location)) {
        throw new SpecError(
          file,
          childPointer(pointer, "in"),
          `"${location}" is not a parameter location (path, query, querystring, header, cookie)`,
        );
      }
      if (location === "querystring") {
        byKey.set("querystring", querystringParameter(file, param, name, pointer));
        return;
      }
      if (location === "header" && IGNORED_HEADERS.has(name.toLowerCase())) return;
      const schemaAt = parameterSchema(param, pointer);
      const description = optionalString(file, param, "description", pointer);
      const example = firstExample(file, doc, param, pointer);
      const serialization = nonDefaultStyle(location as Exclude<ParameterLocation, "querystring">, param);
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
    types.find(
      (name) =>
        streamFormat(name) !== undefined && isObject(content[name]) && content[name].itemSchema !== undefined,
    ) ??
    types[0];
  if (type === undefined) return undefined;
  const { value: media, pointer } = follow(
    file,
    doc,
    content[type],
    childPointer(ownerPointer, "content", type),
  );
  const example = firstExample(file, doc, media, pointer);
  const format = streamFormat(type);
  if (format !== undefined && media.itemSchema !== undefined) {
    const item = streamedItem(doc, format, media.itemSchema);
    return {
      mediaType: type,
      kind: mediaKind(type),
      schema: item.schema,
      schemaPointer: childPointer(pointer, "itemSchema"),
      stream: item.format,
      ...(example !== undefined && { example }),
    };
  }
  const schema = media.schema ?? {};
  return {
    mediaType: type,
    kind: mediaKind(type),
    schema,
    schemaPointer: childPointer(pointer, "schema"),
    ...(example !== undefined && { example }),
  };
}

/** The stream framing of a sequential media type (OpenAPI 3.2), when it is one the runtime reads. */
function streamFormat(mediaType: string): StreamFormat | undefined {
  const type = mediaType.split(";")[0]?.trim().toLowerCase();
  if (type === "text/event-stream") return "sse";
  if (type === "application/jsonl" || type === "application/x-ndjson") return "jsonl";
  if (type === "application/json-seq") return "json-seq";
  return undefined;
}

/**
 * The item a stream's `itemSchema` describes, as the client reads it. A server-sent event is the
 * object `{ data, event, id?, retry? }` (OpenAPI 3.2 models events that way): its `data` is parsed
 * as JSON unless the schema says it is a string; a string `data` with a `contentSchema` (and
 * `contentMediaType: application/json`) is parsed and checked against that `contentSchema`.
 */
function streamedItem(
  doc: JsonObject,
  format: StreamFormat,
  itemSchema: Json,
): { schema: Json; format: StreamFormat } {
  if (format !== "sse") return { schema: itemSchema, format };
  const event = resolvedSchema(doc, itemSchema);
  const properties = isObject(event) && isObject(event.properties) ? event.properties : undefined;
  const data = properties === undefined ? undefined : resolvedSchema(doc, properties.data ?? {});
  if (!isObject(data) || !isObject(event) || properties === undefined) return { schema: itemSchema, format };
  if (data.contentSchema !== undefined) {
    return { schema: { ...event, properties: { ...properties, data: data.contentSchema } }, format: "sse" };
  }
  return { schema: itemSchema, format: data.type === "string" ? "sse-text" : "sse" };
}

/** A schema with a top-level `$ref` into the document followed (one level, as far as it goes). */
function resolvedSchema(doc: JsonObject, schema: Json): Json {
  let current = schema;
  for (let hops = 0; hops < 16 && isObject(current) && typeof current.$ref === "string"; hops++) {
    const pointer = refPointer(current.$ref);
    const target = pointer === undefined ? undefined : valueAt(doc, pointer);
    if (target === undefined) return current;
    current = target;
  }
  return current;
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

/**
 * An `in: querystring` parameter (OpenAPI 3.2): one `content` entry whose schema describes the whole
 * query, sent as form fields (`application/x-www-form-urlencoded`) or as JSON text.
 */
function querystringParameter(
  file: string,
  param: JsonObject,
  name: string,
  pointer: string,
): ParameterModel {
  const content = isObject(param.content) ? Object.entries(param.content) : [];
  const [entry] = content;
  const mediaType = entry?.[0];
  const kind = mediaType === undefined ? undefined : mediaKind(mediaType);
  if (content.length !== 1 || (kind !== "form" && kind !== "json")) {
    throw new SpecError(
      file,
      childPointer(pointer, "content"),
      "an in: querystring parameter needs one content entry: application/x-www-form-urlencoded (the query's fields) or a JSON media type (the query as JSON text)",
    );
  }
  const { schema, pointer: schemaPointer } = parameterSchema(param, pointer);
  const description = optionalString(file, param, "description", pointer);
  return {
    name,
    in: "querystring",
    required: param.required === true,
    schema,
    schemaPointer,
    mediaType: mediaType as string,
    ...(description !== undefined && { description }),
  };
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
const DEFAULT_STYLE: Record<Exclude<ParameterLocation, "querystring">, string> = {
  path: "simple",
  query: "form",
  header: "simple",
  cookie: "form",
};

/** The parameter's `style` and `explode`, when either differs from its location's default. */
function nonDefaultStyle(
  location: Exclude<ParameterLocation, "querystring">,
  param: JsonObject,
): { style?: string; explode?: boolean } {
  const style = typeof param.style === "string" ? param.style : DEFAULT_STYLE[location];
  const explode = typeof param.explode === "boolean" ? param.explode : style === "form";
  if (style === DEFAULT_STYLE[location] && explode === (style === "form")) return {};
  return { style, explode };
}
