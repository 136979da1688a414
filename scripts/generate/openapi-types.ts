import type { OpenAPI3 } from "openapi-typescript";
import { integerFormat } from "../../src/runtime/json/integer-format.js";
import { firstExternalRef } from "./bundle-external.js";
import { astToString, openapiTS, ts } from "./commonjs-tools.js";
import { documentTypeNames } from "./component-type-names.js";
import { findInt64Paths, isSecretSchema } from "./field-paths.js";
import { operationTypeNames } from "./generated-names.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { refPointer, valueAt } from "./json-pointer.js";
import { type BodyModel, HTTP_METHODS, type RestOperationModel } from "./openapi-model.js";
import { checkPrototypeKeys } from "./prototype-keys.js";
import { SECRET_IMPORT, SECRET_TYPE } from "./secret-type.js";
import { docComment, sourceLiteral } from "./source-text.js";
import { SpecError } from "./spec-error.js";

const BIGINT = ts.factory.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword);
const SECRET = ts.factory.createTypeReferenceNode(SECRET_TYPE);

/**
 * Writes `types.ts` for an OpenAPI surface: openapi-typescript's `paths`, `components` and
 * `operations` (wide integer fields, `int64`, `uint120`, …, typed `bigint`, `x-secret` fields the runtime's `Secret`), then a
 * friendly alias per component schema and per operation's path params, query, body and success
 * response.
 *
 * @throws {SpecError} When two aliases would get the same name.
 */
export async function openApiTypes(
  file: string,
  doc: Json,
  operations: readonly RestOperationModel[],
): Promise<string> {
  const copy = readableByOpenapiTs(withoutExternalValues(structuredClone(doc)), operations);
  // openapi-typescript resolves `$ref`s itself, reading any file or URL: every one leading out of
  // the document was bundled through the gate before (`ref-confinement.ts`), so none may remain.
  const outside = firstExternalRef(copy);
  if (outside !== undefined) {
    throw new SpecError(
      file,
      outside,
      "this $ref leads out of the document though it was bundled; report it",
    );
  }
  checkPrototypeKeys(file, copy);
  const ast = await openapiTS(withoutDanglingMappings(copy, copy) as unknown as OpenAPI3, {
    silent: true,
    emptyObjectsUnknown: true,
    transform: (schema) =>
      isSecretSchema(schema as unknown as JsonObject)
        ? SECRET
        : integerFormat(schema.format) !== undefined
          ? BIGINT
          : undefined,
  }).catch((error: unknown) => {
    // Our own checks ran first, so this is rare; still report it against the spec, not as a crash.
    throw new SpecError(
      file,
      "",
      `openapi-typescript rejected the spec: ${error instanceof Error ? error.message : error}`,
    );
  });
  const aliases = new Map<string, { text: string; pointer: string }>();
  const add = (name: string, pointer: string, text: string): void => {
    const previous = aliases.get(name);
    if (previous)
      throw new SpecError(file, pointer, `type name "${name}" is also used for ${previous.pointer}`);
    aliases.set(name, { text, pointer });
  };

  for (const [name, type] of documentTypeNames(doc)) {
    const pointer = `/components/schemas/${name}`;
    add(type, pointer, `export type ${type} = components["schemas"][${sourceLiteral(name)}];`);
  }
  for (const operation of operations) {
    const names = operationTypeNames(operation.id);
    const op = `operations[${sourceLiteral(operation.id)}]`;
    const of = `of \`${operation.id}\` (\`${operation.sentMethod} ${operation.path}\`)`;
    if (operation.pathParams.length > 0) {
      add(
        names.pathParams,
        operation.pointer,
        `${docComment(`Path parameters ${of}.`)}\nexport type ${names.pathParams} = ${op}["parameters"]["path"];`,
      );
    }
    if (operation.querystring) {
      const field = sourceLiteral(operation.querystring.name);
      add(
        names.query,
        operation.pointer,
        `${docComment(`The whole query ${of} (\`in: querystring\`, \`${operation.querystring.mediaType}\`).`)}\nexport type ${names.query} = NonNullable<NonNullable<${op}["parameters"]["query"]>[${field}]>;`,
      );
    }
    if (operation.queryParams.length > 0) {
      add(
        names.query,
        operation.pointer,
        `${docComment(`Query parameters ${of}.`)}\nexport type ${names.query} = NonNullable<${op}["parameters"]["query"]>;`,
      );
    }
    for (const [params, alias, where] of [
      [operation.headerParams, names.headers, "header"],
      [operation.cookieParams, names.cookies, "cookie"],
    ] as const) {
      if (params.length === 0) continue;
      add(
        alias,
        operation.pointer,
        `${docComment(`${where === "header" ? "Header" : "Cookie"} parameters ${of}.`)}\nexport type ${alias} = NonNullable<${op}["parameters"][${sourceLiteral(where)}]>;`,
      );
    }
    if (operation.requestBody) {
      add(
        names.body,
        operation.pointer,
        `${docComment(requestBodyDoc(of, operation.requestBody.mediaType))}\nexport type ${names.body} = ${requestBodyType(operation.requestBody, op)};`,
      );
    }
    add(
      names.response,
      operation.pointer,
      `${responseDoc(of, operation, doc)}\nexport type ${names.response} = ${successType(operation, op)};`,
    );
  }
  const aliasText = [...aliases.values()].map((alias) => alias.text).join("\n");
  const types = astToString(ast);
  const imports = new RegExp(`\\b${SECRET_TYPE}\\b`).test(types) ? `${SECRET_IMPORT}\n\n` : "";
  return `${imports}${types}\n${aliasText}\n`;
}

/**
 * The TSDoc of a success response alias. An answer with wide integers (read as `bigint`) says how to
 * write it as JSON, since `JSON.stringify` throws on `bigint`: with the entry's `stringifyJson`.
 */
function responseDoc(of: string, operation: RestOperationModel, doc: Json): string {
  const holdsBigint = operation.responses.some(
    (response) =>
      response.status.startsWith("2") &&
      response.body &&
      findInt64Paths(doc, response.body.schema).length > 0,
  );
  const streamed = operation.responses.find((response) => response.status.startsWith("2"))?.body?.stream;
  const summary = streamed
    ? `Success response ${of}: a stream of items (\`${streamed}\`), each checked against the spec's \`itemSchema\` as it arrives.`
    : `Success response body ${of}.`;
  if (!holdsBigint) return docComment(summary);
  return docComment(
    `${summary}\n\nHolds \`bigint\` fields, which \`JSON.stringify\` throws on: write it with \`stringifyJson\` (exported by\nthe entry), which keeps every integer exact; \`parseJson(text, { bigint: true })\` reads it back.`,
  );
}

/** The doc of a request body alias: its media type, unless it is plain JSON. */
function requestBodyDoc(of: string, mediaType: string): string {
  return mediaType === "application/json" ? `Request body ${of}.` : `Request body ${of} (\`${mediaType}\`).`;
}

/**
 * What a request body is passed as: its schema's type for JSON and form fields, `FormData` for
 * multipart, a string for text, bytes otherwise.
 */
function requestBodyType(body: BodyModel, op: string): string {
  switch (body.kind) {
    case "json":
    case "form":
      return `NonNullable<${op}["requestBody"]>["content"][${sourceLiteral(body.mediaType)}]`;
    case "multipart":
      return "FormData";
    case "text":
      return "string";
    case "binary":
      return "Blob | Uint8Array | ArrayBuffer";
  }
}

/** The union of the 2xx bodies (`void` for a 2xx without one); `void` when no 2xx is documented. */
function successType(operation: RestOperationModel, op: string): string {
  const success = operation.responses.filter((response) => response.status.startsWith("2"));
  const types = success.map((response) => {
    if (!response.body) return "void";
    // Text answers arrive as strings, every other non-JSON answer as bytes (never decoded).
    if (!response.body.stream && (response.body.kind === "text" || response.body.kind === "form"))
      return "string";
    const status = /^[0-9]+$/.test(response.status) ? response.status : sourceLiteral(response.status);
    const content = `${op}["responses"][${status}]["content"][${sourceLiteral(response.body.mediaType)}]`;
    // A stream's media type was given its item schema as `schema` (see `readableByOpenapiTs`).
    if (response.body.stream) return `AsyncIterable<${content}>`;
    if (response.body.kind !== "json") return "Uint8Array";
    return content;
  });
  return types.length === 0 ? "void" : [...new Set(types)].join(" | ");
}

/**
 * The document copy rewritten where openapi-typescript reads no OpenAPI 3.2 yet: a `query` or
 * `additionalOperations` operation is also listed as the `post` of a path item named
 * `"<METHOD> <path>"` (so `operations[id]` exists; no real path has a space before its `/`), an
 * `in: querystring` parameter becomes a query parameter of its own name holding the whole query's
 * schema, and a stream's media type gets the item's schema as its `schema`.
 */
function readableByOpenapiTs(copy: Json, operations: readonly RestOperationModel[]): Json {
  if (!isObject(copy) || !isObject(copy.paths)) return copy;
  const paths = copy.paths;
  for (const operation of operations) {
    const object = valueAt(copy, operation.pointer);
    if (!isObject(object)) continue;
    if (operation.querystring) {
      const parameter = valueAt(
        copy,
        operation.querystring.schemaPointer.replace(/\/content\/[^/]*\/schema$/, ""),
      );
      if (isObject(parameter)) {
        parameter.in = "query";
        parameter.schema = operation.querystring.schema;
        delete parameter.content;
      }
    }
    for (const response of operation.responses) {
      if (!response.body?.stream) continue;
      const media = valueAt(copy, response.body.schemaPointer.replace(/\/itemSchema$/, ""));
      if (!isObject(media)) continue;
      media.schema = response.body.schema;
      delete media.itemSchema;
    }
    if ((HTTP_METHODS as readonly string[]).includes(operation.method)) continue;
    const pathItem = paths[operation.path];
    const listed: JsonObject = { post: object };
    if (isObject(pathItem) && pathItem.parameters !== undefined) listed.parameters = pathItem.parameters;
    paths[`${operation.sentMethod} ${operation.path}`] = listed;
  }
  return copy;
}

/**
 * Drops `discriminator.mapping` entries that resolve to nothing in the document: a bundled spec
 * sometimes keeps them (`models/droplet_actions.yml`) though the file is gone, and openapi-typescript
 * would try to read it. Validators ignore `discriminator`; the types lose only that narrowing hint.
 */
function withoutDanglingMappings(node: Json, doc: Json): Json {
  if (Array.isArray(node)) {
    for (const item of node) withoutDanglingMappings(item, doc);
  } else if (isObject(node)) {
    const mapping = isObject(node.discriminator) ? node.discriminator.mapping : undefined;
    if (isObject(mapping)) {
      for (const [key, target] of Object.entries(mapping)) {
        const pointer =
          typeof target !== "string"
            ? undefined
            : target.startsWith("#")
              ? refPointer(target)
              : `/components/schemas/${target}`;
        if (pointer === undefined || valueAt(doc, pointer) === undefined) delete mapping[key];
      }
    }
    for (const child of Object.values(node)) withoutDanglingMappings(child, doc);
  }
  return node;
}

/** `node` without examples' `externalValue`s: types need no examples, and openapi-typescript would read them. */
function withoutExternalValues(node: Json): Json {
  if (Array.isArray(node)) {
    for (const item of node) withoutExternalValues(item);
  } else if (isObject(node)) {
    if (typeof node.externalValue === "string") delete node.externalValue;
    for (const child of Object.values(node)) withoutExternalValues(child);
  }
  return node;
}
