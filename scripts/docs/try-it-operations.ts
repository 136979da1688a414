/**
 * What the portal's try-it form of each operation needs, read from the spec at build time and written
 * as one JSON file per surface (`try-it/<surface>.json`), which the page fetches only when a reader
 * opens a form: the parameters and body with the spec's example filled in, where requests may go,
 * how credentials are placed, the generated validator module that checks the exchange, and, for what
 * a browser cannot do (an action signed with a private key), why there is no form.
 */

import { isSecretSchema } from "../generate/field-paths.js";
import { isObject, type JsonObject as Json } from "../generate/json.js";
import { anchorId } from "./anchors.js";
import type { LoadedSpec } from "./load-specs.js";
import { deref, derefObject } from "./refs.js";
import type { ValidatorModule } from "./try-it-modules.js";

/** How a credential is placed on a request, or why the page cannot place it. */
export type TryItScheme =
  | { type: "bearer" }
  | { type: "basic" }
  | { type: "header"; name: string }
  | { type: "unusable"; why: string };

/** One parameter's field. */
export interface TryItParam {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  /** The schema's type, so the page reads `5` as a number where the spec wants one. */
  type?: string;
  /** The spec's example, as the field's text. */
  example: string;
  /** A secret (`x-secret: true`, `format: password`): its field is masked on screen. */
  secret?: true;
}

/** One REST operation's form. */
export interface TryItRestOperation {
  method: string;
  /** The spec's path template (a `#fragment` that keeps operations apart is not sent). */
  path: string;
  /** The generated validator module, under `try-it/<surface>/`, and its export when shared. */
  module?: ValidatorModule;
  /** Names of the schemes the request carries (one of the spec's security requirements). */
  schemes: string[];
  params: TryItParam[];
  body?: { mediaType: string; required: boolean; example: string };
  /** Why the page shows no form. */
  blocked?: string;
}

/** One JSON-RPC method's form. */
export interface TryItRpcMethod {
  method: string;
  module?: ValidatorModule;
  byName: boolean;
  params: { name: string; required: boolean; example: string }[];
  blocked?: string;
}

/** Everything the try-it forms of one surface need. */
export interface TryItSurface {
  surface: string;
  kind: "openapi" | "openrpc";
  /** Where requests may go besides a URL the reader types: the spec's servers, variables at their defaults. */
  servers: string[];
  /** For a node the reader runs: the JSON-RPC path under the node's URL (`/evm`), `""` for REST. */
  nodePath?: string;
  schemes: Record<string, TryItScheme>;
  /** What a browser can and cannot send on this surface, said at the top of each form; absent when it can send everything. */
  browserNote?: string;
  /** By the operation's anchor id on its page (`op-getNode`, `method-eth_chainId`). */
  operations: Record<string, TryItRestOperation | TryItRpcMethod>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];

/** The basic-auth scheme of a node surface (see {@link NODE_AUTH_WHY}). */
const NODE_BASIC = "nodeBasicAuth";

/**
 * Why a node surface's form asks for the node's username and password and not its token: the token
 * is a path segment, so a request carrying it puts the credential in the URL, where the browser's
 * history, the network panel and any proxy log keep it. Basic auth travels in a header.
 */
export const NODE_AUTH_WHY =
  "The page sends the node's username and password as basic auth (an Authorization header), never the token-in-the-URL form: a URL with the token in it is kept in history and logs.";

/** Why an action signed with a private key has no form. */
const SIGNED_WHY =
  "This action carries a signature made with a private key over the action and a nonce. A web page must never hold the key, not even the sandbox's demo key, so it cannot be sent from here: use the chainkit client (it signs where the key is) or chainkit call (with the sandbox: chainkit call --env sandbox.env).";

/** Why a method served only over a WebSocket has no form. */
const WEBSOCKET_WHY =
  "This method works only on a WebSocket connection (its servers are ws:// or wss://), which keeps the connection open for what the node pushes; the page sends one HTTP request per call, so it cannot be tried here. Use the chainkit client's subscribe, or see the WebSocket guide.";

/** What a JSON-RPC surface's forms can send. */
const RPC_NOTE =
  "From this page: any method the node answers over HTTP, with the sandbox's demo credentials or your node's. The page holds no private key and signs nothing: a method that takes a signed transaction needs one signed elsewhere, pasted as its param. Methods served only over a WebSocket (subscriptions) cannot be tried here.";

/** What a REST surface with signed actions can send. */
const SIGNED_NOTE =
  "From this page: the reads and every operation that needs no signature. The actions signed with a private key cannot be sent from a browser (each says why); the page never holds a key, not even the sandbox's demo key.";

/**
 * Reads the try-it forms of a spec's operations or methods.
 *
 * @param spec - The loaded spec.
 * @param modules - Validator module names by `METHOD path` or method name (`try-it-modules.ts`).
 * @returns The surface's forms.
 * @example tryItSurface(spec, validatorModules(operationsTs))
 */
export function tryItSurface(spec: LoadedSpec, modules: ReadonlyMap<string, ValidatorModule>): TryItSurface {
  const { doc, surface } = spec;
  const node = "node" in surface.baseUrl ? surface.baseUrl.node : undefined;
  const base = {
    surface: surface.id,
    kind: surface.kind,
    servers: node === undefined ? serverUrls(doc.servers) : [],
    ...(node !== undefined && { nodePath: surface.kind === "openrpc" ? node : "" }),
    schemes: node === undefined ? schemesOf(doc) : { [NODE_BASIC]: { type: "basic" as const } },
  };
  if (surface.kind === "openrpc") {
    return { ...base, browserNote: RPC_NOTE, operations: rpcMethods(doc, modules) };
  }
  const operations = restOperations(doc, modules, node !== undefined);
  const someSigned = Object.values(operations).some((operation) => operation.blocked === SIGNED_WHY);
  return { ...base, ...(someSigned && { browserNote: SIGNED_NOTE }), operations };
}

function rpcMethods(doc: Json, modules: ReadonlyMap<string, ValidatorModule>): TryItSurface["operations"] {
  const operations: TryItSurface["operations"] = {};
  for (const raw of Array.isArray(doc.methods) ? doc.methods : []) {
    const method = derefObject(doc, raw, "method");
    const name = String(method.name);
    const params = (Array.isArray(method.params) ? method.params : []).map((param) =>
      derefObject(doc, param, `param of ${name}`),
    );
    const pairing = Array.isArray(method.examples)
      ? derefObject(doc, method.examples[0] ?? {}, "example")
      : {};
    const examples = (Array.isArray(pairing.params) ? pairing.params : []).map((param) =>
      derefObject(doc, param, "example param"),
    );
    const module = modules.get(name);
    operations[anchorId("method", name)] = {
      method: name,
      ...(module !== undefined && { module }),
      byName: method.paramStructure === "by-name",
      ...(webSocketOnly(method.servers) && { blocked: WEBSOCKET_WHY }),
      params: params.map((param) => {
        const example = examples.find((candidate) => candidate.name === param.name);
        const value = example && "value" in example ? example.value : schemaExample(doc, param.schema);
        return {
          name: String(param.name),
          required: param.required === true,
          example: value === undefined ? "" : JSON.stringify(value),
        };
      }),
    };
  }
  return operations;
}

function restOperations(
  doc: Json,
  modules: ReadonlyMap<string, ValidatorModule>,
  nodeSurface: boolean,
): TryItSurface["operations"] {
  const operations: TryItSurface["operations"] = {};
  const topSecurity = doc.security;
  for (const [path, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const pathItem = derefObject(doc, rawItem, `path ${path}`);
    for (const method of METHODS) {
      const op = pathItem[method];
      if (!isObject(op)) continue;
      const id = typeof op.operationId === "string" ? op.operationId : `${method}-${path}`;
      const module = modules.get(`${method.toUpperCase()} ${path}`);
      const body = requestBody(doc, op.requestBody);
      operations[anchorId("op", id)] = {
        method: method.toUpperCase(),
        path,
        ...(module !== undefined && { module }),
        schemes: nodeSurface ? [NODE_BASIC] : requirementSchemes(op.security ?? topSecurity),
        params: parameters(doc, pathItem.parameters, op.parameters),
        ...(body !== undefined && { body }),
        ...(signed(doc, op.requestBody) && { blocked: SIGNED_WHY }),
      };
    }
  }
  return operations;
}

/** Whether a method names servers of its own and every one is a WebSocket (`ws://`, `wss://`). */
function webSocketOnly(servers: unknown): boolean {
  const urls = (Array.isArray(servers) ? servers : [])
    .filter(isObject)
    .map((server) => String(server.url ?? ""));
  return urls.length > 0 && urls.every((url) => /^wss?:\/\//i.test(url));
}

/** Path, query and header parameters, the operation's own over its path's; cookies a page cannot set. */
function parameters(doc: Json, shared: unknown, own: unknown): TryItParam[] {
  const byKey = new Map<string, TryItParam>();
  for (const list of [shared, own]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const parameter = derefObject(doc, raw, "parameter");
      const where = parameter.in;
      if (where !== "path" && where !== "query" && where !== "header") continue;
      const schema = isObject(deref(doc, parameter.schema)) ? (deref(doc, parameter.schema) as Json) : {};
      const value = parameterExample(doc, parameter) ?? schemaExample(doc, schema);
      byKey.set(`${where}:${String(parameter.name)}`, {
        name: String(parameter.name),
        in: where,
        required: parameter.required === true,
        ...(typeof schema.type === "string" && { type: schema.type }),
        example: value === undefined ? "" : fieldText(value),
        ...(isSecretSchema(schema) && { secret: true as const }),
      });
    }
  }
  return [...byKey.values()];
}

function parameterExample(doc: Json, parameter: Json): unknown {
  if ("example" in parameter) return parameter.example;
  return firstNamedExample(doc, parameter.examples);
}

/** The body's first JSON media type (else the first), with its example as the text to edit. */
function requestBody(doc: Json, raw: unknown): TryItRestOperation["body"] {
  if (raw === undefined) return undefined;
  const body = derefObject(doc, raw, "request body");
  const content = isObject(body.content) ? Object.entries(body.content) : [];
  const [mediaType, rawMedia] = content.find(([type]) => /json/i.test(type)) ?? content[0] ?? [];
  if (mediaType === undefined) return undefined;
  const media = isObject(rawMedia) ? rawMedia : {};
  const example =
    "example" in media
      ? media.example
      : (firstNamedExample(doc, media.examples) ?? schemaExample(doc, media.schema));
  const text =
    example === undefined
      ? ""
      : typeof example === "string" && !/json/i.test(mediaType)
        ? example
        : JSON.stringify(example, null, 2);
  return { mediaType, required: body.required === true, example: text };
}

/** Whether the body carries a signature the service checks (the exchange's signed actions). */
function signed(doc: Json, raw: unknown): boolean {
  if (raw === undefined) return false;
  const body = derefObject(doc, raw, "request body");
  return Object.values(isObject(body.content) ? body.content : {}).some((media) => {
    const schema = isObject(media) ? deref(doc, media.schema) : undefined;
    return isObject(schema) && Array.isArray(schema.required) && schema.required.includes("signature");
  });
}

function firstNamedExample(doc: Json, examples: unknown): unknown {
  if (!isObject(examples)) return undefined;
  const first = Object.values(examples)[0];
  const example = first === undefined ? undefined : deref(doc, first);
  return isObject(example) && "value" in example ? example.value : undefined;
}

function schemaExample(doc: Json, raw: unknown): unknown {
  const schema = deref(doc, raw);
  if (!isObject(schema)) return undefined;
  if ("example" in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("default" in schema) return schema.default;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return undefined;
}

/** A parameter's value as a field's text: strings as they are, lists comma-separated, the rest as JSON. */
function fieldText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== "object")) return value.join(",");
  return JSON.stringify(value);
}

/** The spec's servers as URLs: variables at their defaults; relative ones (the page's own site) left out. */
function serverUrls(servers: unknown): string[] {
  const urls = (Array.isArray(servers) ? servers : []).filter(isObject).map((server) => {
    const variables = isObject(server.variables) ? server.variables : {};
    return String(server.url ?? "").replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const variable = variables[name];
      return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole;
    });
  });
  return urls.filter((url) => /^https?:\/\/[^{}]+$/.test(url));
}

/** How the page places each security scheme of an OpenAPI spec. */
function schemesOf(doc: Json): Record<string, TryItScheme> {
  const components = isObject(doc.components) ? doc.components : {};
  const schemes: Record<string, TryItScheme> = {};
  for (const [name, raw] of Object.entries(
    isObject(components.securitySchemes) ? components.securitySchemes : {},
  )) {
    const scheme = derefObject(doc, raw, `security scheme ${name}`);
    const type = String(scheme.type ?? "").toLowerCase();
    const httpScheme = String(scheme.scheme ?? "").toLowerCase();
    if (type === "http" && httpScheme === "basic") schemes[name] = { type: "basic" };
    else if (type === "http" && httpScheme === "bearer") schemes[name] = { type: "bearer" };
    else if (type === "oauth2" || type === "openidconnect") schemes[name] = { type: "bearer" };
    else if (type === "apikey" && scheme.in === "header")
      schemes[name] = { type: "header", name: String(scheme.name) };
    else if (type === "apikey") {
      schemes[name] = {
        type: "unusable",
        why: `This key goes in the ${String(scheme.in)} (${String(scheme.name)}), where the page would have to put it in the URL or a cookie; it keeps credentials in headers only. Use curl or the generated client.`,
      };
    } else {
      schemes[name] = { type: "unusable", why: `The page cannot place a ${type} credential.` };
    }
  }
  return schemes;
}

/** The schemes of the first security requirement (an empty one, or none, means no credentials). */
function requirementSchemes(security: unknown): string[] {
  if (!Array.isArray(security)) return [];
  const first = security.find(isObject);
  return first === undefined ? [] : Object.keys(first);
}
