/**
 * The sandbox checks both directions of every exchange against our own specs, through the generated
 * descriptors: a bad request gets the real service's error form for its surface, and a response that
 * would not match the spec is a sandbox bug (thrown, so the core answers 500 and tests fail).
 */
import { readFileSync } from "node:fs";
import type { FieldIssue } from "../runtime/errors/request-validation-error.js";
import { selectResponse } from "../runtime/http/select-response.js";
import { parseJson } from "../runtime/json/parse-json.js";
import { stringifyJson } from "../runtime/json/stringify-json.js";
import type { RestOperation, RpcMethod, RpcMethodValidators, Validator } from "../runtime/operation.js";
import { checkValue, type DescribedIssue, describeIssues } from "../runtime/validation/field-issues.js";
import { loadedValidators, loadValidators } from "../runtime/validation/load-validators.js";
import type { SandboxRequest, SandboxResponse, SurfaceHandler, SurfaceName } from "./surface.js";

/** The REST surfaces (the EVM speaks JSON-RPC, see {@link RpcContract}). */
export type RestSurfaceName = Exclude<SurfaceName, "evm">;

/** A JSON Schema as found in a bundled spec (only the keys coercion reads are typed). */
export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  [key: string]: unknown;
}

/** One OpenAPI parameter of a bundled (dereferenced) spec. */
export interface ParameterSpec {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

/**
 * Thrown when the sandbox is about to answer something its own spec does not allow. It is a bug in
 * the sandbox, never the caller's fault; the HTTP core turns it into a 500.
 */
export class SandboxContractError extends Error {
  override readonly name = "SandboxContractError";
}

const specCache = new Map<SurfaceName, BundledSpec>();

interface BundledSpec {
  paths?: Record<string, Record<string, { parameters?: ParameterSpec[] } | ParameterSpec[] | undefined>>;
}

/**
 * Reads `generated/<surface>/spec.json`, the bundled and dereferenced spec (once per surface).
 *
 * @param surface - The surface whose spec to read.
 * @returns The parsed spec.
 * @throws {Error} when the generated spec is missing (run `npm run generate`).
 * @example
 * const spec = loadBundledSpec("platform");
 */
export function loadBundledSpec(surface: SurfaceName): BundledSpec {
  let spec = specCache.get(surface);
  if (!spec) {
    const file = new URL(`../../generated/${surface}/spec.json`, import.meta.url);
    spec = JSON.parse(readFileSync(file, "utf8")) as BundledSpec;
    specCache.set(surface, spec);
  }
  return spec;
}

/** Every JSON type a schema (or its anyOf/oneOf/allOf branches, enum or const) admits. */
function schemaTypes(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  if (!schema) return types;
  if (typeof schema.type === "string") types.add(schema.type);
  if (Array.isArray(schema.type)) for (const type of schema.type) types.add(type);
  for (const value of [...(schema.enum ?? []), ...("const" in schema ? [schema.const] : [])]) {
    types.add(typeof value === "number" ? "number" : typeof value);
  }
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const type of schemaTypes(branch)) types.add(type);
  }
  return types;
}

const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function coerceScalar(text: string, types: Set<string>): unknown {
  if (types.has("string")) return text;
  if ((types.has("integer") || types.has("number")) && NUMBER_TEXT.test(text)) {
    const value = Number(text);
    // An integer beyond 2^53 stays text so the validator refuses it instead of silently rounding.
    if (!types.has("number") && !Number.isSafeInteger(value)) return text;
    return value;
  }
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.has("null") && text === "null") return null;
  return text;
}

/**
 * Turns a query string into the object the generated query validator expects: each value is
 * converted to the type its parameter schema asks for (integer, number, boolean; arrays from repeated
 * keys). Values that do not convert stay strings so validation names them; keys the spec does not
 * list are dropped, as the real services ignore them.
 *
 * @param query - The query as received.
 * @param parameters - The operation's parameters from the bundled spec.
 * @returns The query object.
 * @example
 * const parameters: ParameterSpec[] = [{ name: "limit", in: "query", schema: { type: "integer" } }, { name: "sort", in: "query", schema: { type: "string" } }];
 * coerceQuery(new URLSearchParams("limit=5&sort=asc"), parameters); // { limit: 5, sort: "asc" }
 */
export function coerceQuery(
  query: URLSearchParams,
  parameters: readonly ParameterSpec[],
): Record<string, unknown> {
  const byName = new Map(parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema]));
  const result: Record<string, unknown> = {};
  for (const name of new Set(query.keys())) {
    if (!byName.has(name)) continue;
    const schema = byName.get(name);
    const types = schemaTypes(schema);
    if (types.has("array")) {
      const itemTypes = schemaTypes(schema?.items);
      result[name] = query.getAll(name).map((text) => coerceScalar(text, itemTypes));
    } else {
      result[name] = coerceScalar(query.get(name) ?? "", types);
    }
  }
  return result;
}

/** What a REST operation handler receives: the request, checked and converted. */
export interface RestInput {
  operation: RestOperation;
  pathParams: Record<string, string>;
  query: Record<string, unknown>;
  /** The parsed JSON body (integers beyond 2^53 as decimal strings), or undefined without one. */
  body: unknown;
  request: SandboxRequest;
}

/** One operation's implementation. Its answer is checked against the spec before it is sent. */
export type RestOperationHandler = (input: RestInput) => SandboxResponse | Promise<SandboxResponse>;

/** The outcome of reading a request: its input, or the surface's refusal. */
export type ReadRequestResult = { ok: true; input: RestInput } | { ok: false; response: SandboxResponse };

interface Route {
  operation: RestOperation;
  pattern: RegExp;
  parameters: ParameterSpec[];
}

function templatePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith("{") ? "([^/]+)" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

/** Where an issue's pointer lands in a flat field map: `/body/configuration/archive` -> `configuration.archive`. */
function fieldName(pointer: string): string {
  const parts = pointer.split("/").slice(2);
  return parts.length > 0 ? parts.join(".").replace(/~1/g, "/").replace(/~0/g, "~") : "non_field_errors";
}

/** The part of the request a refusal is about. */
export type RequestPart = "path" | "query" | "body" | "json";

/**
 * The real service's answer to a bad request, per surface (FACTS.md): platform 400 with per-field
 * messages, exchange 422 plain text, wallet HTTP 200 with `{Error}`, indexer 422 `{error, code}`.
 *
 * @param surface - The surface refusing.
 * @param part - `json` when the body is not JSON at all, else the part that failed validation.
 * @param issues - What is wrong (for `json`, one issue carrying the parser's message).
 * @param query - The coerced query, to quote the refused value where the real service does.
 * @param body - The parsed body, likewise.
 * @returns The refusal.
 * @example
 * refusal("indexer", "query", [{ pointer: "/query/limit", message: "must be <= 1000" }], { limit: 2000 });
 * // { status: 422, body: { error: "limit is not allowed: 2000 > 1000", code: 422 } }
 */
export function refusal(
  surface: RestSurfaceName,
  part: RequestPart,
  issues: readonly (FieldIssue | DescribedIssue)[],
  query: Record<string, unknown> = {},
  body: unknown = undefined,
): SandboxResponse {
  const first = issues[0] ?? { pointer: "", message: "is invalid" };
  const summary = `${first.pointer || "(root)"} ${first.message}`;
  switch (surface) {
    case "platform": {
      if (part === "json") {
        return {
          status: 400,
          body: { error: { code: "parse_error", message: `JSON parse error - ${first.message}` } },
        };
      }
      // A Map, so a field named `__proto__`, `constructor` or `toString` is a field like any other.
      const fields = new Map<string, string[]>();
      for (const issue of platformIssues(issues, part === "query" ? query : body)) {
        const name = fieldName(issue.pointer);
        const messages = fields.get(name) ?? [];
        // A value can break two rules the platform words alike (an unknown region is also one its provider lacks).
        if (!messages.includes(issue.message)) fields.set(name, [...messages, issue.message]);
      }
      return {
        status: 400,
        body: { error: { code: "validation_error", message: "Invalid input.", fields: asRecord(fields) } },
      };
    }
    case "exchange":
      return { status: 422, body: `Failed to deserialize the JSON body into the target type: ${summary}` };
    case "wallet":
      return {
        status: 200,
        body: {
          Error:
            part === "json"
              ? `class org.tron.json.JSONException : ${first.message}`
              : `class java.lang.IllegalArgumentException : ${summary}`,
        },
      };
    case "indexer": {
      const name = fieldName(first.pointer);
      let message = `${name}: ${first.message}`;
      if (name === "limit" && typeof query.limit === "number" && query.limit > 1000) {
        message = `limit is not allowed: ${query.limit} > 1000`;
      } else if (name === "sort") {
        message = "wrong value for sort parameter";
      }
      return { status: 422, body: { error: message, code: 422 } };
    }
  }
}

/** A Map as a plain object whose own keys are the Map's, `__proto__` included. */
function asRecord(map: ReadonlyMap<string, string[]>): Record<string, string[]> {
  const record: Record<string, string[]> = {};
  for (const [key, value] of map) {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return record;
}

/** Keywords whose issue the platform (Django REST framework) words as a refused choice. */
const CHOICE_KEYWORDS = new Set(["enum", "x-rule"]);

/**
 * Issues worded as the platform (Django REST framework) words them: a refused choice of a
 * top-level field (an enum, or a region its provider does not serve) quotes the value.
 */
function platformIssues(issues: readonly (FieldIssue | DescribedIssue)[], values: unknown): FieldIssue[] {
  return issues.map((issue) => {
    const name = issue.pointer.split("/")[2];
    const value =
      name !== undefined && values !== null && typeof values === "object" && Object.hasOwn(values, name)
        ? (values as Record<string, unknown>)[name]
        : undefined;
    const choice = "keyword" in issue && CHOICE_KEYWORDS.has(issue.keyword);
    if (issue.pointer.split("/").length === 3 && typeof value === "string" && choice) {
      return { pointer: issue.pointer, message: `"${value}" is not a valid choice.` };
    }
    return { pointer: issue.pointer, message: issue.message };
  });
}

function notFound(surface: RestSurfaceName, method: string, path: string, allowed: boolean): SandboxResponse {
  const status = allowed ? 405 : 404;
  const message = allowed ? `Method "${method}" not allowed.` : "Not found.";
  if (surface === "platform") {
    return { status, body: { error: { code: allowed ? "method_not_allowed" : "not_found", message } } };
  }
  if (surface === "exchange") return { status, body: `${message} ${method} ${path}` };
  return { status, body: { error: `${message} ${method} ${path}`, code: status } };
}

/**
 * One REST surface's contract: routes requests to operations, checks them against the generated
 * validators (refusing in the surface's real error form), and checks every answer.
 *
 * @example
 * const contract = new RestContract("platform", platformOperations);
 * const handler = contract.handler({ getOrganization: () => ({ status: 200, body: { id: "RG-100-001", name: "Sandbox" } }) });
 */
export class RestContract {
  readonly surface: RestSurfaceName;
  readonly #routes: Route[];

  /**
   * @param surface - The surface (its bundled spec is read from `generated/<surface>/spec.json`).
   * @param operations - The surface's generated descriptors, keyed by operationId.
   */
  constructor(surface: RestSurfaceName, operations: Readonly<Record<string, RestOperation>>) {
    this.surface = surface;
    const spec = loadBundledSpec(surface);
    this.#routes = Object.values(operations).map((operation) => {
      const pathItem = spec.paths?.[operation.path] ?? {};
      const shared = (pathItem.parameters ?? []) as ParameterSpec[];
      const own = (pathItem[operation.method.toLowerCase()] as { parameters?: ParameterSpec[] } | undefined)
        ?.parameters;
      return { operation, pattern: templatePattern(operation.path), parameters: [...shared, ...(own ?? [])] };
    });
  }

  /**
   * Routes and checks a request (loading the operation's validators on its first request).
   *
   * @param request - The request as the HTTP core passes it.
   * @returns The checked input, or the response that refuses the request.
   */
  async read(request: SandboxRequest): Promise<ReadRequestResult> {
    const method = request.method.toUpperCase();
    const onPath = this.#routes.filter((route) => route.pattern.test(request.path));
    const route = onPath.find((candidate) => candidate.operation.method === method);
    if (!route)
      return { ok: false, response: notFound(this.surface, method, request.path, onPath.length > 0) };
    const { operation } = route;

    const values = route.pattern.exec(request.path)?.slice(1) ?? [];
    const pathParams = Object.fromEntries(
      operation.pathParams.map((name, index) => [name, decodeURIComponent(values[index] ?? "")]),
    );
    const query = coerceQuery(request.query, route.parameters);
    const validators = loadedValidators(operation) ?? (await loadValidators(operation));
    let body: unknown;
    const refuse = async (part: RequestPart, issues: readonly (FieldIssue | DescribedIssue)[]) => ({
      ok: false as const,
      response: await this.#checked(operation, refusal(this.surface, part, issues, query, body)),
    });

    if (validators.path) {
      const issues = issuesOf(validators.path, pathParams, "/path");
      if (issues.length > 0) return refuse("path", issues);
    }
    if (validators.query) {
      const issues = issuesOf(validators.query, query, "/query");
      if (issues.length > 0) return refuse("query", issues);
    }

    if (validators.body) {
      try {
        body = parseJson(request.body);
      } catch (error) {
        return refuse("json", [{ pointer: "/body", message: (error as Error).message }]);
      }
      const issues = issuesOf(validators.body, body, "/body");
      if (issues.length > 0) return refuse("body", issues);
    }
    return { ok: true, input: { operation, pathParams, query, body, request } };
  }

  /**
   * Checks an answer against the operation's responses in the spec.
   *
   * @param operation - The operation answered.
   * @param response - The answer.
   * @returns The same answer.
   * @throws {SandboxContractError} when the spec does not list the status or the body does not match.
   */
  check(operation: RestOperation, response: SandboxResponse): Promise<SandboxResponse> {
    return this.#checked(operation, response);
  }

  /**
   * A surface handler built from one implementation per operation: requests are read and checked
   * first, answers checked before they leave.
   *
   * @param handlers - Implementations keyed by operationId; an operation without one answers 501.
   * @returns The handler to give to `serveSurface`.
   * @throws {SandboxContractError} (inside the handler) on an answer the spec does not allow.
   */
  handler(handlers: Readonly<Record<string, RestOperationHandler>>): SurfaceHandler {
    return async (request) => {
      const read = await this.read(request);
      if (!read.ok) return read.response;
      const implementation = handlers[read.input.operation.id];
      if (!implementation) {
        throw new SandboxContractError(`${this.surface}: no implementation for ${read.input.operation.id}`);
      }
      return this.#checked(read.input.operation, await implementation(read.input));
    };
  }

  async #checked(operation: RestOperation, response: SandboxResponse): Promise<SandboxResponse> {
    const status = String(response.status);
    const key = selectResponse(operation.responses, response.status);
    if (key === undefined) {
      throw new SandboxContractError(`${operation.id} answered ${status}, which the spec does not list`);
    }
    const validate = (loadedValidators(operation) ?? (await loadValidators(operation))).responses[key];
    if (validate) {
      if (typeof response.body === "string" || response.body === undefined) {
        throw new SandboxContractError(`${operation.id} ${status}: the spec asks for a JSON body`);
      }
      // Validate what a client will parse: the written JSON read back losslessly.
      assertValid(validate, parseJson(stringifyJson(response.body)), `${operation.id} ${status}`);
    } else if (response.status === 204 && response.body !== undefined) {
      throw new SandboxContractError(`${operation.id} 204 must have no body`);
    }
    return response;
  }
}

/** The issues of a value, with their keywords (the platform words some of them its own way). */
function issuesOf(validate: Validator, value: unknown, prefix: string): DescribedIssue[] {
  if (validate(value)) return [];
  const issues = describeIssues(validate.errors ?? [], prefix);
  return issues.length > 0 ? issues : [{ pointer: prefix, message: "does not match the spec", keyword: "" }];
}

function assertValid(validate: Validator, value: unknown, what: string): void {
  const issues = checkValue(validate, value, "");
  if (issues.length > 0) {
    const listed = issues.slice(0, 3).map((issue) => `${issue.pointer || "(root)"} ${issue.message}`);
    throw new SandboxContractError(`${what} does not match the spec: ${listed.join("; ")}`);
  }
}

/** A JSON-RPC error object, as a node answers it. */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * The EVM surface's contract: checks params of the methods our OpenRPC spec describes, and their
 * results before they leave. Methods outside the spec are not checked here. Every method's
 * validators are loaded when the contract is made, so that the checks answer at once.
 *
 * @example
 * const contract = await RpcContract.load(evmMethods);
 * const refused = contract.checkParams("eth_getProof", [address, [], "latest"]); // undefined, or an Invalid params error
 */
export class RpcContract {
  readonly #methods: Readonly<Record<string, RpcMethod>>;
  readonly #validators: ReadonlyMap<string, RpcMethodValidators>;

  private constructor(
    methods: Readonly<Record<string, RpcMethod>>,
    validators: ReadonlyMap<string, RpcMethodValidators>,
  ) {
    this.#methods = methods;
    this.#validators = validators;
  }

  /**
   * Makes the contract of these methods, with their validators loaded.
   *
   * @param methods - The generated method descriptors, keyed by method name.
   * @returns The contract.
   */
  static async load(methods: Readonly<Record<string, RpcMethod>>): Promise<RpcContract> {
    const entries = await Promise.all(
      Object.entries(methods).map(async ([name, method]) => [name, await loadValidators(method)] as const),
    );
    return new RpcContract(methods, new Map(entries));
  }

  /** The descriptor of a method in the spec, or undefined. */
  method(name: string): RpcMethod | undefined {
    return Object.hasOwn(this.#methods, name) ? this.#methods[name] : undefined;
  }

  /**
   * Checks a call's params against the method's params schema.
   *
   * @param name - The method name.
   * @param params - The params as received (`undefined` reads as `[]`).
   * @returns `-32602 Invalid params` naming the first bad param, or undefined when they are valid or the
   *   method is not in the spec.
   */
  checkParams(name: string, params: unknown): RpcErrorObject | undefined {
    const validators = this.method(name) && this.#validators.get(name);
    if (!validators) return undefined;
    const issues = checkValue(validators.params, params ?? [], "/params");
    if (issues.length === 0) return undefined;
    const first = issues[0] ?? { pointer: "/params", message: "is invalid" };
    return { code: -32602, message: "Invalid params", data: `${first.pointer} ${first.message}` };
  }

  /**
   * Checks a result against the method's result schema.
   *
   * @param name - The method name.
   * @param result - The result about to be sent.
   * @throws {SandboxContractError} when a method in the spec would answer outside its schema.
   */
  checkResult(name: string, result: unknown): void {
    const validators = this.method(name) && this.#validators.get(name);
    if (!validators) return;
    assertValid(validators.result, parseJson(stringifyJson(result ?? null)), `${name} result`);
  }
}
