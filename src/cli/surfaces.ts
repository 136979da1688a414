/**
 * The surfaces `chainkit call` can reach, read from `generated/`: each folder's operation
 * descriptors and bundled spec. A spec's new operation (or a new surface's folder) is callable as
 * soon as it is generated, with no change here.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { RestOperation, RpcMethod } from "../runtime/operation.js";
import { alignColumns } from "./text-layout.js";
import { UsageError } from "./usage-error.js";

/** The generated folder, beside `src/` in the repository and beside `dist/src/` in the package. */
const GENERATED = new URL("../../generated/", import.meta.url);

/** A JSON Schema as the bundled specs hold it (only the keys the CLI reads are typed). */
export interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
}

/** One input of an operation, as `--param name=value` sets it. */
export interface CallParameter {
  name: string;
  /** Where it goes: path, query, a body property, the whole body, or a JSON-RPC position. */
  in: "path" | "query" | "body" | "whole-body" | "position";
  required: boolean;
  schema: Schema;
  description?: string;
  /** The one value the schema allows (a `const`, or an `enum` of one): filled in when not given. */
  constant?: { value: unknown };
}

/** How a surface takes credentials, read from its spec. */
export type SurfaceAuthKind = "bearer" | "node" | "none";

interface SurfaceBase {
  name: string;
  auth: SurfaceAuthKind;
  /** The spec's one-line title. */
  title: string;
}

/** A REST surface: operations by operationId. */
export interface RestSurface extends SurfaceBase {
  kind: "rest";
  operations: Readonly<Record<string, RestOperation>>;
  spec: BundledOpenApi;
}

/** A JSON-RPC surface: methods by name, served under `path` (after the token). */
export interface RpcSurface extends SurfaceBase {
  kind: "rpc";
  operations: Readonly<Record<string, RpcMethod>>;
  /** The JSON-RPC path after the node credentials, e.g. `/evm`. */
  path: string;
  spec: BundledOpenRpc;
}

export type CallSurface = RestSurface | RpcSurface;

interface BundledOpenApi {
  info?: { title?: string };
  servers?: { url: string }[];
  components?: { securitySchemes?: Record<string, { type?: string; scheme?: string }> };
  paths?: Record<string, OpenApiPathItem>;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  description?: string;
}

/** A path of the spec: its operations by method, and the parameters they all share. */
type OpenApiPathItem = { parameters?: OpenApiParameter[] } & {
  [method in Lowercase<RestOperation["method"]>]?: OpenApiOperation;
};

interface OpenApiOperation {
  summary?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
}

interface BundledOpenRpc {
  openrpc: string;
  info?: { title?: string };
  servers?: { url: string }[];
  methods?: {
    name: string;
    summary?: string;
    params?: { name: string; required?: boolean; schema?: Schema; description?: string }[];
  }[];
}

/**
 * The names of the surfaces that have generated descriptors.
 *
 * @example
 * surfaceNames(); // ["evm", "exchange", "indexer", "platform", "wallet"]
 */
export function surfaceNames(): string[] {
  return readdirSync(GENERATED, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Loads one surface: its descriptors (the generated `operations` module) and its bundled spec.
 *
 * @param name - The surface, e.g. `platform`.
 * @returns The surface.
 * @throws {UsageError} when no such surface was generated (the message lists those that were).
 * @example
 * const platform = await loadSurface("platform");
 * Object.keys(platform.operations); // ["getOrganization", "listNodes", …]
 */
export async function loadSurface(name: string): Promise<CallSurface> {
  const names = surfaceNames();
  if (!names.includes(name)) {
    throw new UsageError(`unknown surface "${name}"; use one of ${names.join(", ")}`);
  }
  const spec = JSON.parse(readFileSync(new URL(`${name}/spec.json`, GENERATED), "utf8")) as
    | BundledOpenApi
    | BundledOpenRpc;
  const module = (await import(new URL(`${name}/operations.js`, GENERATED).href)) as Record<string, unknown>;
  const operations = Object.values(module).find(isDescriptorRecord);
  if (operations === undefined)
    throw new Error(`generated/${name}/operations.js holds no operation descriptors`);
  const title = spec.info?.title ?? name;
  if ("openrpc" in spec) {
    return {
      kind: "rpc",
      name,
      title,
      auth: spec.servers?.some((server) => server.url.includes("{auth_token}")) ? "node" : "none",
      path: rpcPath(spec),
      operations: operations as Record<string, RpcMethod>,
      spec,
    };
  }
  return {
    kind: "rest",
    name,
    title,
    auth: restAuth(spec),
    operations: operations as Record<string, RestOperation>,
    spec,
  };
}

function isDescriptorRecord(value: unknown): value is Record<string, RestOperation | RpcMethod> {
  if (value === null || typeof value !== "object") return false;
  const entries = Object.values(value);
  return (
    entries.length > 0 &&
    entries.every(
      (entry) =>
        entry !== null &&
        typeof entry === "object" &&
        ("path" in entry && "method" in entry
          ? true
          : typeof (entry as { name?: unknown }).name === "string"),
    )
  );
}

/** Bearer when the spec has an http bearer scheme; node credentials when a server has a token segment. */
function restAuth(spec: BundledOpenApi): SurfaceAuthKind {
  const schemes = Object.values(spec.components?.securitySchemes ?? {});
  if (schemes.some((scheme) => scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer")) {
    return "bearer";
  }
  return spec.servers?.some((server) => server.url.includes("{auth_token}")) ? "node" : "none";
}

/** The path after the token in the first server (`https://{node_host}/{auth_token}/evm` -> `/evm`). */
function rpcPath(spec: BundledOpenRpc): string {
  const url = spec.servers?.[0]?.url ?? "";
  const after = url.split("{auth_token}")[1];
  return after === undefined || after === "/" ? "" : after;
}

/**
 * The inputs of one operation, from the spec: path and query parameters and body properties (REST),
 * or positional params (JSON-RPC).
 *
 * @example
 * const surface = await loadSurface("platform");
 * parametersOf(surface, "listNodes").map((p) => p.name); // ["page", "order_by", …]
 */
export function parametersOf(surface: CallSurface, operationId: string): CallParameter[] {
  if (surface.kind === "rpc") {
    const method = surface.spec.methods?.find((candidate) => candidate.name === operationId);
    return (method?.params ?? []).map((param) => ({
      name: param.name,
      in: "position",
      required: param.required === true,
      schema: param.schema ?? {},
      description: param.description,
    }));
  }
  const operation = surface.operations[operationId] as RestOperation;
  const pathItem = surface.spec.paths?.[operation.path];
  const spec = operationSpec(surface, operation);
  const parameters: CallParameter[] = mergedParameters(pathItem?.parameters, spec?.parameters)
    .filter((param) => param.in === "path" || param.in === "query")
    .map((param) => ({
      name: param.name,
      in: param.in as "path" | "query",
      required: param.required === true,
      schema: param.schema ?? {},
      description: param.description,
      ...withConstant(param.schema),
    }));
  const body = spec?.requestBody?.content?.["application/json"]?.schema;
  if (body === undefined) return parameters;
  const properties = body.properties;
  if (properties === undefined) {
    parameters.push({
      name: "body",
      in: "whole-body",
      required: spec?.requestBody?.required === true,
      schema: body,
    });
    return parameters;
  }
  for (const [name, schema] of Object.entries(properties)) {
    parameters.push({
      name,
      in: "body",
      required: body.required?.includes(name) === true,
      schema,
      description: schema.description,
      ...withConstant(schema),
    });
  }
  return parameters;
}

/**
 * An operation's parameters: those of its path item (shared by every method of the path), each
 * replaced by the operation's own parameter of the same name and location, as OpenAPI says.
 */
function mergedParameters(
  shared: readonly OpenApiParameter[] = [],
  own: readonly OpenApiParameter[] = [],
): OpenApiParameter[] {
  const overridden = (param: OpenApiParameter) =>
    own.some((candidate) => candidate.name === param.name && candidate.in === param.in);
  return [...shared.filter((param) => !overridden(param)), ...own];
}

/**
 * The one value a schema allows (`const`, or an `enum` of one), which the CLI fills in when an input
 * is not given; `undefined` when it allows more.
 *
 * @example
 * constantOf({ type: "string", const: "meta" }); // { value: "meta" }
 */
export function constantOf(schema: Schema | undefined): { value: unknown } | undefined {
  if (schema === undefined) return undefined;
  if ("const" in schema) return { value: schema.const };
  if (schema.enum?.length === 1) return { value: schema.enum[0] };
  return undefined;
}

function withConstant(schema: Schema | undefined): { constant?: { value: unknown } } {
  const constant = constantOf(schema);
  return constant === undefined ? {} : { constant };
}

/** The spec entry of a REST operation. */
function operationSpec(surface: RestSurface, operation: RestOperation): OpenApiOperation | undefined {
  const method = operation.method.toLowerCase() as Lowercase<RestOperation["method"]>;
  return surface.spec.paths?.[operation.path]?.[method];
}

/**
 * One line per operation, for `chainkit call <surface> --help`.
 *
 * @example
 * console.log(operationList(await loadSurface("evm")));
 */
export function operationList(surface: CallSurface): string {
  const rows = Object.keys(surface.operations).map((id) => [id, operationSummary(surface, id) ?? ""]);
  return alignColumns(rows).join("\n");
}

/**
 * The spec's one-line summary of an operation or method.
 *
 * @example
 * operationSummary(await loadSurface("platform"), "getNode"); // "Get a node"
 */
export function operationSummary(surface: CallSurface, id: string): string | undefined {
  if (surface.kind === "rpc") return surface.spec.methods?.find((method) => method.name === id)?.summary;
  return operationSpec(surface, surface.operations[id] as RestOperation)?.summary;
}
