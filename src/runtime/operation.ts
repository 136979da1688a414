/**
 * The data the generator emits for each operation, and the runtime reads to call it.
 * This file is the contract between `generated/` and `src/runtime/`: generated clients hold no
 * transport logic, only these descriptors and thin typed wrappers around a caller.
 */

/** One error reported by a validator (the shape ajv produces). */
export interface ValidationIssue {
  /** JSON pointer to the failing value, e.g. `/body/region` or `/0`. */
  instancePath: string;
  /** JSON pointer into the schema. */
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** An ajv standalone validator: returns whether `data` is valid, and leaves the reasons in `errors`. */
export interface Validator {
  (data: unknown): boolean;
  errors?: ValidationIssue[] | null;
}

/**
 * Where `format: int64` values sit inside a value, as key paths. `"*"` stands for every array
 * element or every property value. The runtime converts each to `bigint` after validation.
 */
export type Int64Paths = readonly (readonly string[])[];

/** How the runtime should treat one response status of a REST operation. */
export interface ResponseDescriptor {
  /** Validates the parsed body; absent when the spec gives no schema. */
  validate?: Validator;
  /** Positions of int64 fields in the body. */
  int64?: Int64Paths;
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
  /** Validates the query object. */
  validateQuery?: Validator;
  /** Validates the path parameters object. */
  validatePath?: Validator;
  /** Validates the JSON request body. */
  validateBody?: Validator;
  /** Positions of int64 fields in the request body or query (sent as JSON integers / decimal strings). */
  requestInt64?: Int64Paths;
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
  /** Validates the params array (a tuple). */
  validateParams: Validator;
  /** Validates the result (including `null` where the spec allows it). */
  validateResult: Validator;
  /** Positions of int64 fields in the result. */
  int64?: Int64Paths;
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
