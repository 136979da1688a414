/**
 * The data the generator emits for each operation, and the runtime reads to call it.
 * This file is the contract between `generated/` and `src/runtime/`: generated clients hold no
 * transport logic, only these descriptors and thin typed wrappers around a caller.
 *
 * A descriptor holds only what it takes to build and send a request (`RestOperation`, `RpcMethod`),
 * so that an entry does not grow with the size of its operations' schemas. Everything else is in
 * the operation's own module (`generated/<surface>/validators/<operation>.js`), which the
 * descriptor's `validators` function imports on its first call: the validators, and what the
 * runtime reads with them once a call is under way (where int64 and secret fields sit, the
 * response statuses). Read it through `loadValidators` / `loadedValidators`
 * (`src/runtime/validation/load-validators.ts`).
 */

/** One error reported by a validator (the shape ajv produces). */
export interface ValidationIssue {
  /** JSON pointer to the failing value, e.g. `/body/region` or `/0`. */
  instancePath: string;
  /** JSON pointer into the schema; generated validators leave it out, as nothing reads it. */
  schemaPath?: string;
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
 * Where wide integers (`format: int64`, `uint120`, … see `integerFormat`) sit inside a value (see
 * {@link FieldPaths}). The runtime converts each to `bigint` after validation, which held each to
 * its own format's range.
 */
export type Int64Paths = FieldPaths;

/**
 * The generator's code for one set of {@link Int64Paths}: converts the fields at those paths in
 * place with `leaf`, running `each` over every array element or property value (`"*"`), and
 * returns the value (a new one only when the root itself converts). See `convertInt64`.
 */
export type Int64Converter = (
  value: unknown,
  leaf: (field: unknown) => unknown,
  each: (container: object, convert: (item: unknown) => unknown) => void,
) => unknown;

/**
 * Where `x-secret: true` strings sit inside a value (see {@link FieldPaths}). The runtime wraps each
 * answered one in a `Secret` after validation, and sends the value of a `Secret` found there in a
 * request.
 */
export type SecretPaths = FieldPaths;

/**
 * How the runtime reads one response status of a REST operation: checks the body, then turns its
 * int64 fields into `bigint`s and wraps its secret fields in `Secret`s.
 */
export interface ResponseDescriptor {
  /** Validates the parsed body; absent when the status has no JSON body. */
  readonly validate?: Validator;
  /** Positions of int64 fields in the body. */
  readonly int64?: Int64Paths;
  /** Converts the int64 fields of the body (the generator's code for `int64`). */
  readonly convertInt64?: Int64Converter;
  /** Positions of secret fields in the body. */
  readonly secrets?: SecretPaths;
}

/**
 * One REST operation's module, loaded on its first call: its validators, and what the runtime
 * reads with them.
 */
export interface RestOperationValidators {
  /** Validates the path parameters object. */
  readonly path?: Validator;
  /** Validates the query object. */
  readonly query?: Validator;
  /** Validates the JSON request body (or the form fields of a form body). */
  readonly body?: Validator;
  /** Validates the header parameters object. */
  readonly headers?: Validator;
  /** Validates the cookie parameters object. */
  readonly cookies?: Validator;
  /** Positions of secret fields in the request body, or the query without one (a `Secret` there is sent as its value). */
  readonly requestSecrets?: SecretPaths;
  /**
   * Every response status the spec describes (`"200"`, `"201"`, `"4XX"`, `"default"`), with how to
   * read its body; a status without a JSON body has nothing to read (`{}`).
   */
  readonly responses: Readonly<Record<string, ResponseDescriptor>>;
}

/**
 * A WebSocket's channels module (the spec's `x-websocket`), loaded when a socket opens: by
 * subscription type, the validator of its subscription object and of each message's `data`.
 */
export interface ChannelValidators {
  readonly subscriptions: Readonly<Record<string, ResponseDescriptor>>;
  readonly messages: Readonly<Record<string, ResponseDescriptor>>;
}

/** One JSON-RPC method's module, loaded on its first call: its validators, and how to read its result. */
export interface RpcMethodValidators {
  /** Validates the params array (a tuple). */
  readonly params: Validator;
  /** Validates the result (including `null` where the spec allows it). */
  readonly result: Validator;
  /** Positions of int64 fields in the result. */
  readonly int64?: Int64Paths;
  /** Converts the int64 fields of the result (the generator's code for `int64`). */
  readonly convertInt64?: Int64Converter;
  /** Positions of secret fields in the result. */
  readonly secrets?: SecretPaths;
}

/**
 * Imports an operation's module. The runtime calls it once per operation and keeps the module (see
 * `loadValidators`); generated descriptors hold `() => import("./validators/<op>.js")`.
 */
export type ValidatorsLoader<T> = () => Promise<T>;

/** How a list operation pages by `limit` and `offset` (the spec's `x-paging`, default mode). */
export interface PagingDescriptor {
  /** Absent in this mode, so that `mode === "page"` tells the two apart. */
  mode?: undefined;
  /** The property of the answer that holds the page's items, e.g. `transactions`. */
  items: string;
  /** The item properties that together identify an item, used to drop repeats across pages. */
  key: readonly string[];
  /** The largest `limit` the service takes. */
  maxLimit: number;
}

/** How a list operation pages by number: `page` from 1, until the answer's `next` is `null` (`x-paging` with `mode: page`). */
export interface PageNumberPagingDescriptor {
  mode: "page";
  /** The property of the answer that holds the page's items, e.g. `results`. */
  items: string;
  /** The item properties that together identify an item, used to drop repeats across pages. */
  key: readonly string[];
}

/** One REST operation: what it takes to build and send a request. */
export interface RestOperation {
  /** The spec's operationId, e.g. `getOrganization`. */
  id: string;
  /**
   * The HTTP method: OpenAPI's fixed ones, 3.2's `QUERY`, or a method of 3.2's `additionalOperations`
   * (`LINK`, `COPY`…), sent as the spec writes it.
   */
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS" | "QUERY" | (string & {});
  /** Path template relative to the surface's base URL, e.g. `/v1/nodes/{id}/`; it names the path parameters. */
  path: string;
  /** `x-idempotent: true` in the spec: safe to retry. */
  idempotent: boolean;
  /** Imports the operation's module: its validators, request field positions and responses. */
  validators: ValidatorsLoader<RestOperationValidators>;
  /**
   * Present on paged list operations (`x-paging` in the spec): by `limit`/`offset`, or by page number. It stays
   * here rather than in the module: a client reads it when it is made (which lists page) and before
   * the first request (the page size).
   */
  paging?: PagingDescriptor | PageNumberPagingDescriptor;
  /**
   * The request body's media type when it is not JSON: form fields (`application/x-www-form-urlencoded`,
   * an object), `multipart/…` (a `FormData`), text (a string) or bytes (`Blob`, `Uint8Array`, `ArrayBuffer`).
   */
  requestMedia?: string;
  /** How a success answer is read when it is not JSON: as `text`, or as `binary` bytes (a `Uint8Array`, never decoded). */
  responseKind?: "text" | "binary";
  /** The `Accept` header of an operation whose success answer is not JSON. */
  accept?: string;
  /**
   * Present when the success answer is a stream of items (OpenAPI 3.2 `itemSchema`): the call then
   * resolves to an async iterable of checked items (see {@link StreamFormat}), and the answer's
   * response descriptor describes one item.
   */
  stream?: StreamFormat;
  /**
   * `json` when the query is one `in: querystring` parameter of a JSON media type (OpenAPI 3.2): the
   * query object is sent as its JSON text. A form-encoded one needs no mark: its fields are sent as
   * query fields.
   */
  querystring?: "json";
  /** Parameters serialized other than by OpenAPI's default for their location, by location and name. */
  styles?: Readonly<Partial<Record<ParameterLocation, Readonly<Record<string, ParameterStyle>>>>>;
}

/**
 * How a streamed answer is framed: `sse` (`text/event-stream`, each event's `data` JSON), `sse-text`
 * (the same, `data` left a string because the item schema says it is one), `jsonl`
 * (`application/jsonl`, `application/x-ndjson`: a JSON text per line) or `json-seq`
 * (`application/json-seq`, RFC 7464).
 */
export type StreamFormat = "sse" | "sse-text" | "jsonl" | "json-seq";

/** Where a REST parameter goes. */
export type ParameterLocation = "path" | "query" | "header" | "cookie";

/** OpenAPI's serialization of one parameter (`style: deepObject`, `explode: false`, …). */
export interface ParameterStyle {
  style: string;
  explode: boolean;
}

/** One JSON-RPC method: what it takes to build and send a call. */
export interface RpcMethod {
  /** The JSON-RPC method name, e.g. `eth_getBlockByHash`. */
  name: string;
  /** Read-only methods are safe to retry. */
  idempotent: boolean;
  /** Imports the method's module: its validators and the positions of int64 and secret fields in its result. */
  validators: ValidatorsLoader<RpcMethodValidators>;
  /** Present when the method takes its params by name: the names, in the order of the params tuple. */
  paramNames?: readonly string[];
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

/** A path parameter's value: arrays and objects are written comma-separated (OpenAPI's `simple` style). */
export type PathValue =
  | string
  | number
  | bigint
  | boolean
  | readonly (string | number | bigint | boolean)[]
  | { readonly [key: string]: unknown };

/** The input of a REST call: path parameters, query, body, headers and cookies, each optional. */
export interface RestInput {
  // `| undefined` spelled out: a generated function passes its optional arguments on as they came,
  // which projects with `exactOptionalPropertyTypes` (on in `tsc --init`'s config) must accept.
  path?: Record<string, PathValue> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  /** Header parameters by name. */
  headers?: Record<string, unknown> | undefined;
  /** Cookie parameters by name. */
  cookies?: Record<string, unknown> | undefined;
}

/** What a generated REST client calls. The runtime's transport implements it. */
export interface RestCaller {
  call(operation: RestOperation, input: RestInput, options?: CallOptions): Promise<unknown>;
}

/** What a generated JSON-RPC client calls. The runtime's JSON-RPC client implements it. */
export interface RpcCaller {
  call(method: RpcMethod, params: readonly unknown[], options?: CallOptions): Promise<unknown>;
}
