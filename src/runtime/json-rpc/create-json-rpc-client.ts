import type { Auth } from "../credentials/auth.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import type { FieldIssue } from "../errors/request-validation-error.js";
import type { RetryOptions } from "../http/retry-policy.js";
import type { FetchFunction } from "../http/send-request.js";
import { loneSurrogateIssues } from "../json/lone-surrogates.js";
import type { CallOptions, RpcCaller, RpcMethod, RpcMethodValidators } from "../operation.js";
import type { UsageOptions, UsageSnapshot } from "../usage/usage-meter.js";
import { callMode } from "../validation/call-mode.js";
import { type FailedCheck, wordFailedChecks } from "../validation/failed-check.js";
import { loadedValidators, loadValidators } from "../validation/load-validators.js";
import type { ValidationMode, ViolationHandler } from "../validation/validation-violation.js";
import { createBatchQueue } from "./batch-queue.js";
import { failedParams, type PreparedCall, prepareCall, refuseParams } from "./check-rpc-params.js";
import type { RpcSending } from "./exchange-calls.js";
import { createHttpTransport } from "./http-transport.js";
import { checkJsonRpcClientOptions } from "./json-rpc-options.js";
import type { RpcOutcome } from "./read-rpc-response.js";
import { runCalls } from "./run-calls.js";
import type { JsonRpcTransport } from "./transport.js";

/** Automatic batching: calls made within `wait` ms go out together, at most `maxSize` per request. */
export interface BatchOptions {
  /** Most calls in one HTTP request (default 1000); larger batches are split. */
  maxSize?: number;
  /**
   * Milliseconds to collect calls before sending (default 0: the calls made in the same tick, sent
   * on a microtask, so a lone call is not delayed).
   */
  wait?: number;
}

/** Options of {@link createJsonRpcClient}. */
export interface JsonRpcClientOptions {
  /**
   * What carries the requests (e.g. a WebSocket transport). Without it, the client posts over HTTP to
   * `url` + `path`, with `auth`, `fetch` and `headers`.
   */
  transport?: JsonRpcTransport;
  /** The node base URL for HTTP; https, or http only to a loopback host. Not used with `transport`. */
  url?: string;
  /** Path under the node (after the token in token mode), e.g. `"/evm"` (default `""`). HTTP only. */
  path?: string;
  /** How credentials are attached (default: none). HTTP only. */
  auth?: Auth;
  /** The `fetch` to use (default: the global one). HTTP only. */
  fetch?: FetchFunction;
  /** Milliseconds per request (default 30 000). */
  timeout?: number;
  /** The most bytes of one answer to read (default 64 MiB, `DEFAULT_MAX_RESPONSE_BYTES`; `Infinity`: none). */
  maxResponseBytes?: number;
  /** Retry policy for idempotent methods, or `false` for none. */
  retry?: RetryOptions | false;
  /**
   * What is done with results the spec refuses: `"on"` (the default) fails the call with
   * `ResponseValidationError`, `"off"` does not check, `"report"` returns them and hands each
   * violation to `onViolation`. Params the spec refuses are refused in every mode. See
   * docs/validation-report.md.
   */
  validation?: ValidationMode;
  /** Receives each violation in `validation: "report"` mode (required there); secrets never reach it. */
  onViolation?: ViolationHandler;
  /** Check results against the spec (default `true`); the older switch for `validation: "on"` / `"off"`. */
  validateResponse?: boolean;
  /** Automatic batching of calls made in the same tick, or `false` to send each alone (default on). */
  batch?: BatchOptions | false;
  /** Usage counting, and an optional budget that paces requests. */
  usage?: UsageOptions;
  /** Extra headers for every request. HTTP only. */
  headers?: Record<string, string>;
}

/** One entry of {@link JsonRpcClient.batch}. */
export interface RpcBatchCall {
  method: RpcMethod;
  params: readonly unknown[];
}

/** A JSON-RPC client: single calls (batched automatically), explicit batches, usage. */
export interface JsonRpcClient extends RpcCaller {
  /**
   * Calls one method. Calls made in the same tick without a `signal`, `timeout` or
   * `maxResponseBytes` of their own share one HTTP request (unless batching is off).
   * @throws {RequestValidationError} (pointer `/params/<i>/…`) before sending when params are invalid.
   * @throws {JsonRpcError | RateLimitError | HttpError | ResponseValidationError | TimeoutError | NetworkError | AbortError}
   */
  call(method: RpcMethod, params: readonly unknown[], options?: CallOptions): Promise<unknown>;
  /**
   * Sends calls as one JSON-RPC batch (split past `maxSize`) and returns one outcome per call, in
   * order: `{ result }` or `{ error }`. Rate-limited entries of idempotent methods are retried.
   * @throws {RequestValidationError} (pointer `/<k>/params/<i>/…`) before sending when any params are invalid.
   * @throws {HttpError | RateLimitError | TimeoutError | NetworkError | AbortError} when the request as a whole fails.
   */
  batch(calls: readonly RpcBatchCall[], options?: CallOptions): Promise<RpcOutcome[]>;
  /**
   * Checks params against the method's spec without sending anything (loading the method's
   * validators first when needed), e.g. to refuse a bad subscription filter before subscribing.
   *
   * @returns The issues, with pointers under `pointer` (default `/params`); empty when the params are valid.
   */
  checkParams(method: RpcMethod, params: readonly unknown[], pointer?: string): Promise<FieldIssue[]>;
  /** Requests and weight spent so far (a batch is one request). */
  usage(): UsageSnapshot;
}

/**
 * Creates the JSON-RPC 2.0 client that generated EVM clients run on: increasing ids, id echo
 * checked, params checked before sending (each method's validators are loaded on its first call;
 * calls of one tick still share one batch), results validated, int64 fields converted and secret
 * fields wrapped, automatic and explicit batching, retries of idempotent methods on network errors,
 * 429, 502/503/504 and -32005 (also inside HTTP 200, waiting `data.try_again_in`). The transport
 * only carries requests, so all of this works the same over HTTP (the default) and over a WebSocket.
 * Each step is a function of its own file in this folder; `call` and `batch` below read in their order.
 *
 * @param options - Transport (or HTTP URL, path, auth, fetch, headers), timeout, retry, validation,
 *   batching, usage.
 * @returns The client. Inspecting or serializing it shows no credentials.
 * @throws {ConfigurationError} when the URL is insecure or options are malformed.
 * @example
 * const rpc = createJsonRpcClient({ url: "https://nd-1.example.com", path: "/evm", auth: nodeAuth({ token }) });
 * const { eth_blockNumber, eth_chainId } = evmMethods;
 * const [a, b] = await Promise.all([rpc.call(eth_blockNumber, []), rpc.call(eth_chainId, [])]); // one HTTP request
 */
export function createJsonRpcClient(options: JsonRpcClientOptions): JsonRpcClient {
  const transport = options.transport ?? httpTransportOf(options);
  const { policy, meter, timeout, maxResponseBytes, batching, validation } =
    checkJsonRpcClientOptions(options);
  const checked = { validates: true };
  const reported = { validates: true, onViolation: validation.onViolation };
  const unchecked = { validates: false };
  const maxSize = batching?.maxSize ?? 1000;
  const sending: RpcSending = { transport, meter, timeout, maxResponseBytes, nextId: 1 };

  /** Checks a call's params and decides, from its options, whether its result is checked. */
  function prepare(
    method: RpcMethod,
    validators: RpcMethodValidators,
    params: readonly unknown[],
    pointer: string,
    callOptions: CallOptions,
  ) {
    const mode = callMode(validation.mode, callOptions);
    const reading = mode === "on" ? checked : mode === "report" ? reported : unchecked;
    return prepareCall(method, validators, params, pointer, reading);
  }

  const run = (calls: readonly PreparedCall[], asBatch: boolean, callOptions: CallOptions = {}) =>
    runCalls(sending, policy, calls, asBatch, callOptions);

  const queue =
    batching &&
    createBatchQueue({
      maxSize,
      wait: batching.wait ?? 0,
      prepare: (method, validators, params, callOptions) =>
        prepare(method, validators, params, "/params", callOptions),
      run,
    });

  // A plain function, not an async one: a batched call's promise is the queue's own, with no
  // promise and no microtask turns of its own on top, which counts when a thousand calls share a tick.
  function call(method: RpcMethod, params: readonly unknown[], callOptions: CallOptions = NO_OPTIONS) {
    const batchable =
      callOptions.signal === undefined &&
      callOptions.timeout === undefined &&
      callOptions.maxResponseBytes === undefined;
    if (!queue || !batchable) return callAlone(method, params, callOptions);
    const validators = loadedValidators(method);
    // Queued unchecked: the flush loads and checks it, and it still joins this tick's batch.
    if (validators === undefined) return queue.enqueue(undefined, method, params, callOptions);
    try {
      const { call: prepared, failed } = prepare(method, validators, params, "/params", callOptions);
      if (failed) return refuseParams(method.name, [failed]).then((error) => Promise.reject(error));
      return queue.enqueue(prepared, method, params, callOptions);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A call sent as a request of its own: batching is off, or its options are its own. */
  async function callAlone(method: RpcMethod, params: readonly unknown[], callOptions: CallOptions) {
    const validators = loadedValidators(method) ?? (await loadValidators(method));
    const { call: prepared, failed } = prepare(method, validators, params, "/params", callOptions);
    if (failed) throw await refuseParams(method.name, [failed]);
    const [outcome] = await run([prepared], false, callOptions);
    if (outcome === undefined || "error" in outcome) throw outcome?.error;
    return outcome.result;
  }

  async function batch(calls: readonly RpcBatchCall[], callOptions: CallOptions = {}) {
    const loaded = await Promise.all(
      calls.map((entry) => loadedValidators(entry.method) ?? loadValidators(entry.method)),
    );
    const failed: FailedCheck[] = [];
    const prepared = calls.map((entry, k) => {
      const validators = loaded[k] as RpcMethodValidators;
      const result = prepare(entry.method, validators, entry.params, `/${k}/params`, callOptions);
      if (result.failed) failed.push(result.failed);
      return result.call;
    });
    if (failed.length > 0) throw await refuseParams("batch", failed);
    const chunks: PreparedCall[][] = [];
    for (let start = 0; start < prepared.length; start += maxSize)
      chunks.push(prepared.slice(start, start + maxSize));
    const results = await Promise.all(chunks.map((chunk) => run(chunk, true, callOptions)));
    return results.flat();
  }

  async function checkParams(method: RpcMethod, params: readonly unknown[], pointer = "/params") {
    const validators = loadedValidators(method) ?? (await loadValidators(method));
    const failed = failedParams(validators, params, pointer);
    return failed ? wordFailedChecks([failed]) : loneSurrogateIssues(params, pointer);
  }

  return { call, batch, checkParams, usage: () => meter.snapshot() };
}

// The options of a call given none: read, never written, so one object serves every such call.
const NO_OPTIONS: CallOptions = Object.freeze({});

function httpTransportOf(options: JsonRpcClientOptions): JsonRpcTransport {
  if (options.url === undefined) throw new ConfigurationError("url", "is required (or give a transport)");
  return createHttpTransport(options as JsonRpcClientOptions & { url: string });
}
