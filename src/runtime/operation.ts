/**
 * The data the generator emits for each operation, and the runtime reads to call it.
 * This file is the contract between `generated/` and `src/runtime/`: generated clients hold no
 * transport logic, only these descriptors and thin typed wrappers around a caller.
 *
 * Validators are not part of a descriptor: each operation's validators are a module of their own
 * (`generated/<surface>/validators/<operation>.js`) that the descriptor's `validators` function
 * imports on first use, so an entry does not grow with the number of operations. Read them through
 * `loadValidators` / `loadedValidators` (`src/runtime/validation/load-validators.ts`).
 */

/** One error reported by a validator (the shape ajv produces). */
export interface ValidationIssue {
  /** JSON pointer to the failing value, e.g. `/body/region` or `/0`. */
  instancePath: string;
  /** JSON pointer into the schema. */
  schemaPath: string;
  keyword: string;
  /**
   * What the keyword asked for (`allowedValues`, `pattern`, `missingProperty`, …). A failed
   * `oneOf`/`anyOf` of a generated validator also carries `branches`, each branch's issues.
   */
  params: Record<string, unknown>;
  /** ajv's own wording; generated validators leave it out, as the runtime words issues itself. */
  message?: string;
}

/** An ajv standalone validator: returns whether `data` is valid, and leaves the reasons in `errors`. */
export interface Validator {
  (data: unknown): boolean;
  errors?: ValidationIssue[] | null;
}

/**
 * Where fields of one kind sit inside a value, as key paths. `"*"` stands for every array element
 * or every property value; an empty path is the value itself.
 */
export type FieldPaths = readonly (readonly string[])[];

/**
 * Where `format: int64` values sit inside a value (see {@link FieldPaths}). The runtime converts
 * each to `bigint` after validation.
 */
export type Int64Paths = FieldPaths;

/**
 * Where `x-secret: true` strings sit inside a value (see {@link FieldPaths}). The runtime wraps each
 * answered one in a `Secret` after validation, and sends the value of a `Secret` found there in a
 * request.
 */
export type SecretPaths = FieldPaths;

/** The validators of one REST operation: the exports of its generated validators module. */
export interface RestOperationValidators {
  /** Validates the path parameters object. */
  readonly path?: Validator;
  /** Validates the query object. */
  readonly query?: Validator;
  /** Validates the JSON request body. */
  readonly body?: Validator;
  /** Validates a parsed response body, by the status keys of {@link RestOperation.responses}. */
  readonly responses: Readonly<Record<string, Validator>>;
}

/** The validators of one JSON-RPC method: the exports of its generated validators module. */
export interface RpcMethodValidators {
  /** Validates the params array (a tuple). */
  readonly params: Validator;
  /** Validates the result (including `null` where the spec allows it). */
  readonly result: Validator;
}

/**
 * Imports an operation's validators module. The runtime calls it once per operation and keeps
 * the module (see `loadValidators`); generated descriptors hold `() => import("./validators/<op>.js")`.
 */
export type ValidatorsLoader<T> = () => Promise<T>;

/** How the runtime should treat one response status of a REST operation. */
export interface ResponseDescriptor {
  /** Positions of int64 fields in the body. */
  int64?: Int64Paths;
  /** Positions of secret fields in the body. */
  secrets?: SecretPaths;
}

/** How a list operation pages by `limit` and `offset` (the spec's `x-paging`). */
export interface PagingDescriptor {
  /** The property of the answer that holds the page's items, e.g. `transactions`. */
  items: string;
  /** The item properties that together identify an item, used to drop repeats across pages. */
  key: readonly string[];
  /** The largest `limit` the service takes. */
  maxLimit: number;
}

/** One REST operation, as its spec describes it. */
export interface RestOperation {
  /** The spec's operationId, e.g. `getOrganization`. */
  id: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path template relative to the surface's base URL, e.g. `/v1/nodes/{id}/`. */
  path: string;
  /** `x-idempotent: true` in the spec: safe to retry. */
  idempotent: boolean;
  /** Names of path parameters, in template order. */
  pathParams: readonly string[];
  /** Imports the operation's validators (path, query, body, and one per response with a JSON body). */
  validators: ValidatorsLoader<RestOperationValidators>;
  /** Positions of int64 fields in the request body, or the query without one (sent as JSON integers). */
  requestInt64?: Int64Paths;
  /** Positions of secret fields in the request body, or the query without one (a `Secret` there is sent as its value). */
  requestSecrets?: SecretPaths;
  /** Responses by status code (`"200"`, `"201"`, `"4XX"`, `"default"`). */
  responses: Readonly<Record<string, ResponseDescriptor>>;
  /** Present on list operations that page by `limit`/`offset` (`x-paging` in the spec). */
  paging?: PagingDescriptor;
}

/** One JSON-RPC method, as the OpenRPC document describes it. */
export interface RpcMethod {
  /** The JSON-RPC method name, e.g. `eth_getBlockByHash`. */
  name: string;
  /** Read-only methods are safe to retry. */
  idempotent: boolean;
  /** Imports the method's validators (params and result). */
  validators: ValidatorsLoader<RpcMethodValidators>;
  /** Positions of int64 fields in the result. */
  int64?: Int64Paths;
  /** Positions of secret fields in the result. */
  secrets?: SecretPaths;
}

/** Per-call options every generated function accepts as its last argument. */
export interface CallOptions {
  /** Aborts the call (and any retry wait). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call, in milliseconds. */
  timeout?: number;
  /** Overrides the client's response validation for this call. */
  validateResponse?: boolean;
  /** Overrides the client's `maxResponseBytes` for this call: the most bytes of answer to read. */
  maxResponseBytes?: number;
}

/** The input of a REST call: path parameters, query and body, each optional. */
export interface RestInput {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** What a generated REST client calls. The runtime's transport implements it. */
export interface RestCaller {
  call(operation: RestOperation, input: RestInput, options?: CallOptions): Promise<unknown>;
}

/** What a generated JSON-RPC client calls. The runtime's JSON-RPC client implements it. */
export interface RpcCaller {
  call(method: RpcMethod, params: readonly unknown[], options?: CallOptions): Promise<unknown>;
}
