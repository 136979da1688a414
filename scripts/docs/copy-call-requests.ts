/**
 * The HTTP request behind each operation or method of a spec, as the "Copy a call" tabs show it: the
 * URL with the spec's example values and the credentials placed where the surface takes them, the
 * headers and the JSON body. Secrets are placeholders (`YOUR_API_KEY`, …), never a real key.
 */

import { type Json as GeneratorJson, isObject, type JsonObject as Json } from "../generate/json.js";
import { type RestOperationModel, readOpenApiOperations } from "../generate/openapi-model.js";
import { readOpenRpcMethods } from "../generate/openrpc-model.js";
import type { LoadedSpec } from "./load-specs.js";

/** The placeholders a copied call holds where a secret goes: the reader puts their own in. */
export const CALL_PLACEHOLDERS = {
  apiKey: "YOUR_API_KEY",
  token: "YOUR_AUTH_TOKEN",
  username: "YOUR_USERNAME",
  password: "YOUR_PASSWORD",
  /** A node's HTTPS endpoint (`details.https_endpoint` of a platform node), as the specs' examples write it. */
  nodeUrl: "https://nd-123-456-789.p2pify.com",
} as const;

/** A team spec with no server gets this base URL in its copied calls. */
const NO_SERVER_URL = "https://api.example.com";

/** One request, ready to be written as curl or fetch. */
export interface CallRequest {
  method: string;
  /** Absolute URL with the example's path and query values (and a node's token, in token mode). */
  url: string;
  /** Headers in the order they are written, credentials included. */
  headers: [name: string, value: string][];
  /** `user:password` for basic auth (curl's `-u`; fetch gets the header). */
  basicAuth?: string;
  /** The JSON body, when the operation sends one. */
  body?: unknown;
  /** Where the credentials went, in one sentence for the reader. */
  credentialsNote: string;
}

/**
 * Each operation's request, keyed as the reference pages find operations: `GET /v1/nodes/` for an
 * OpenAPI operation, the wire name for a JSON-RPC method.
 *
 * @param spec - A loaded spec (chainkit's or a team's).
 * @returns The requests; an operation the generator's model cannot read is left out.
 * @example callRequests(spec).get("GET /v1/organization/")?.url // "https://api.chainstack.com/v1/organization/"
 */
export function callRequests(spec: LoadedSpec): Map<string, CallRequest> {
  const requests = new Map<string, CallRequest>();
  const doc = spec.doc as GeneratorJson;
  if (spec.surface.kind === "openrpc") {
    const endpoint = rpcEndpoint(spec);
    for (const method of readOpenRpcMethods(spec.path, doc)) {
      const params = method.examples[0]?.params ?? [];
      const body = {
        jsonrpc: "2.0",
        id: 1,
        method: method.name,
        params: method.byName
          ? Object.fromEntries(method.params.map((param, index) => [param.name, params[index]]))
          : params,
      };
      requests.set(method.name, {
        method: "POST",
        url: endpoint.url,
        headers: [["Content-Type", "application/json"], ...endpoint.headers],
        ...(endpoint.basicAuth !== undefined && { basicAuth: endpoint.basicAuth }),
        body,
        credentialsNote: endpoint.note,
      });
    }
    return requests;
  }
  for (const operation of readOpenApiOperations(spec.path, doc)) {
    requests.set(`${operation.method.toUpperCase()} ${operation.path}`, restRequest(spec, operation));
  }
  return requests;
}

interface Credentials {
  /** The URL up to the operation's path. */
  url: string;
  headers: [string, string][];
  query: [string, string][];
  basicAuth?: string;
  note: string;
}

function restRequest(spec: LoadedSpec, operation: RestOperationModel): CallRequest {
  const credentials = restCredentials(spec, operation);
  // A fragment tells apart operations that share a path (`/info#meta`); it never goes on the wire.
  let path = operation.path.replace(/#.*$/, "");
  for (const param of operation.pathParams) {
    path = path.replace(`{${param.name}}`, encodeURIComponent(exampleText(param.example, param.name)));
  }
  const query = new URLSearchParams(credentials.query);
  for (const param of operation.queryParams) {
    if (param.example === undefined && !param.required) continue;
    const values = Array.isArray(param.example) ? param.example : [param.example];
    for (const value of values) query.append(param.name, exampleText(value, param.name));
  }
  const headers: [string, string][] = [...credentials.headers];
  for (const param of operation.headerParams) {
    if (param.example !== undefined || param.required)
      headers.push([param.name, exampleText(param.example, param.name)]);
  }
  const body = operation.requestBody;
  const sendsJson = body !== undefined && body.kind === "json";
  if (sendsJson) headers.unshift(["Content-Type", body.mediaType]);
  const search = query.toString();
  return {
    method: operation.method.toUpperCase(),
    url: `${credentials.url}${path}${search ? `?${search}` : ""}`,
    headers,
    ...(credentials.basicAuth !== undefined && { basicAuth: credentials.basicAuth }),
    ...(sendsJson && { body: body.example ?? {} }),
    credentialsNote: credentials.note,
  };
}

/** A parameter's example as it goes in a URL or header; a placeholder named after it when the spec has none. */
function exampleText(value: unknown, name: string): string {
  if (value === undefined || value === null) return `YOUR_${name.toUpperCase().replace(/\W+/g, "_")}`;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function restCredentials(spec: LoadedSpec, operation: RestOperationModel): Credentials {
  const rule = spec.surface.baseUrl;
  if ("node" in rule) {
    return {
      url: `${CALL_PLACEHOLDERS.nodeUrl}/${CALL_PLACEHOLDERS.token}`,
      headers: [],
      query: [],
      note: NODE_NOTE,
    };
  }
  const base = rule.service || firstServerUrl(spec.doc);
  return { ...schemeCredentials(spec.doc, operationSecurity(spec.doc, operation)), url: base };
}

const NODE_NOTE =
  "The node's auth token is the first path segment (token mode). With basic auth instead, drop that " +
  "segment and send `Authorization: Basic` (curl: `-u YOUR_USERNAME:YOUR_PASSWORD`).";

function rpcEndpoint(spec: LoadedSpec): Credentials {
  const rule = spec.surface.baseUrl;
  if ("node" in rule) {
    return {
      url: `${CALL_PLACEHOLDERS.nodeUrl}/${CALL_PLACEHOLDERS.token}${rule.node}`,
      headers: [],
      query: [],
      note: NODE_NOTE,
    };
  }
  const security = isObject(spec.doc["x-security"]) ? undefined : spec.doc.security;
  return { ...schemeCredentials(spec.doc, security), url: rule.service || firstServerUrl(spec.doc) };
}

/** The operation's security requirement, or the document's. */
function operationSecurity(doc: Json, operation: RestOperationModel): unknown {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const item = paths[operation.path];
  const op = isObject(item) ? item[operation.method] : undefined;
  return isObject(op) && op.security !== undefined ? op.security : doc.security;
}

/** Where the first security requirement's schemes put their credentials (bearer, basic, API key). */
function schemeCredentials(doc: Json, security: unknown): Omit<Credentials, "url"> {
  const requirement = Array.isArray(security) ? security.find(isObject) : undefined;
  const components = isObject(doc.components) ? doc.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const out: Omit<Credentials, "url"> = { headers: [], query: [], note: "" };
  const said: string[] = [];
  for (const name of Object.keys(requirement ?? {})) {
    const scheme = schemes[name];
    if (!isObject(scheme)) continue;
    const kind = String(scheme.scheme ?? "").toLowerCase();
    if (scheme.type === "http" && kind === "bearer") {
      out.headers.push(["Authorization", `Bearer ${CALL_PLACEHOLDERS.apiKey}`]);
      said.push("a bearer key in the `Authorization` header");
    } else if (scheme.type === "http" && kind === "basic") {
      out.basicAuth = `${CALL_PLACEHOLDERS.username}:${CALL_PLACEHOLDERS.password}`;
      said.push("basic auth");
    } else if (scheme.type === "apiKey" && typeof scheme.name === "string") {
      if (scheme.in === "query") out.query.push([scheme.name, CALL_PLACEHOLDERS.apiKey]);
      else if (scheme.in === "cookie")
        out.headers.push(["Cookie", `${scheme.name}=${CALL_PLACEHOLDERS.apiKey}`]);
      else out.headers.push([scheme.name, CALL_PLACEHOLDERS.apiKey]);
      said.push(`an API key in the \`${scheme.name}\` ${String(scheme.in ?? "header")}`);
    } else {
      said.push(`the \`${name}\` scheme (see Authentication)`);
    }
  }
  out.note =
    said.length > 0
      ? `Credentials: ${said.join(" and ")}; replace the \`YOUR_…\` placeholders with your own.`
      : "No credentials: this operation needs none.";
  return out;
}

/** The spec's first server URL with each `{variable}` at its default. */
function firstServerUrl(doc: Json): string {
  const [server] = Array.isArray(doc.servers) ? doc.servers.filter(isObject) : [];
  if (!server || typeof server.url !== "string") return NO_SERVER_URL;
  const variables = isObject(server.variables) ? server.variables : {};
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === "string" ? variable.default : whole;
  });
  return /^https?:\/\//.test(url) ? url.replace(/\/$/, "") : NO_SERVER_URL;
}
