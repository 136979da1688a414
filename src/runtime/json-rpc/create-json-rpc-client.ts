import type { Auth } from "../credentials/auth.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { RateLimitError } from "../errors/rate-limit-error.js";
import { type FieldIssue, RequestValidationError } from "../errors/request-validation-error.js";
import { isRetryable, nextRetryDelay, type RetryOptions, retryHint } from "../http/retry-policy.js";
import type { FetchFunction } from "../http/send-request.js";
import { sleep } from "../http/sleep.js";
import { loneSurrogateIssues } from "../json/lone-surrogates.js";
import { wireValue } from "../json/wire-value.js";
import { resolveMaxResponseBytes } from "../max-response-bytes.js";
import type {
  CallOptions,
  RpcCaller,
  RpcMethod,
  RpcMethodValidators,
  ValidationIssue,
} from "../operation.js";
import type { UsageOptions, UsageSnapshot } from "../usage/usage-meter.js";
import { type FailedCheck, failedCheck, wordFailedChecks } from "../validation/failed-check.js";
import { loadedValidators, loadValidators } from "../validation/load-validators.js";
import { createHttpTransport } from "./http-transport.js";
import { checkJsonRpcClientOptions } from "./json-rpc-options.js";
import {
  isRefused,
  matchResponses,
  type ResultReading,
  type RpcOutcome,
  readRpcOutcome,
  wordRefusedOutcomes,
} from "./read-rpc-response.js";
import type { JsonRpcTransport, RpcEnvelope } from "./transport.js";

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
  /** Check results against the spec (default `true`). */
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

/** A checked call, with how to read its result. */
interface PreparedCall extends ResultReading {
  method: RpcMethod;
  params: readonly unknown[];
}

interface QueuedCall {
  /** The checked call; `undefined` while its method's validators are still loading. */
  call: PreparedCall | undefined;
  method: RpcMethod;
  params: readonly unknown[];
  callOptions: CallOptions;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Creates the JSON-RPC 2.0 client that generated EVM clients run on: increasing ids, id echo
 * checked, params checked before sending (each method's validators are loaded on its first call;
 * calls of one tick still share one batch), results validated, int64 fields converted and secret
 * fields wrapped, automatic and explicit batching, retries of idempotent methods on network errors,
 * 429, 502/503/504 and -32005 (also inside HTTP 200, waiting `data.try_again_in`). The transport
 * only carries requests, so all of this works the same over HTTP (the default) and over a WebSocket.
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
  const {
    policy,
    meter,
    timeout: clientTimeout,
    maxResponseBytes: clientMaxBytes,
    batching,
  } = checkJsonRpcClientOptions(options);
  const clientValidates = options.validateResponse ?? true;
  const maxSize = batching?.maxSize ?? 1000;
  let nextId = 1;

  function failedParams(
    validators: RpcMethodValidators,
    params: readonly unknown[],
    pointer: string,
  ): FailedCheck | undefined {
    return Array.isArray(params)
      ? failedCheck(validators.params, wireValue(params), pointer)
      : { prefix: pointer, issues: [NOT_AN_ARRAY] };
  }

  async function checkParams(method: RpcMethod, params: readonly unknown[], pointer = "/params") {
    const validators = loadedValidators(method) ?? (await loadValidators(method));
    const failed = failedParams(validators, params, pointer);
    return failed ? wordFailedChecks([failed]) : loneSurrogateIssues(params, pointer);
  }

  /** Checks a call's params with its method's loaded validators. */
  function prepare(
    method: RpcMethod,
    validators: RpcMethodValidators,
    params: readonly unknown[],
    pointer: string,
    callOptions: CallOptions,
  ) {
    const failed = failedParams(validators, params, pointer);
    // Beyond the spec: JSON would carry a lone surrogate as the escape `\ud800`, which a node
    // rejects or reads as something else, so text that is not valid Unicode is refused here.
    const issues = failed ? [] : loneSurrogateIssues(params, pointer);
    if (issues.length > 0) throw new RequestValidationError(method.name, issues);
    const validates = callOptions.validateResponse ?? clientValidates;
    const call: PreparedCall = { method, params, validators, validates };
    return { call, failed };
  }

  /** One exchange for these calls; throws when the request as a whole fails. */
  async function sendOnce(calls: readonly PreparedCall[], asBatch: boolean, callOptions: CallOptions) {
    const ids = calls.map(() => nextId++);
    const envelopes: RpcEnvelope[] = calls.map((call, i) => ({
      jsonrpc: "2.0",
      id: ids[i] as number,
      method: call.method.name,
      params: call.method.paramNames ? paramsByName(call.params, call.method.paramNames) : call.params,
    }));
    const { signal } = callOptions;
    // A meter without a budget counts at once: no promise turn before the request goes.
    if (signal?.aborted || !meter.tryAcquire?.(1)) await meter.acquire(1, signal);
    const operation = asBatch
      ? calls.map((call) => call.method.name).join(",")
      : (calls[0]?.method.name ?? "");
    const { body, status } = await transport.exchange(asBatch ? envelopes : (envelopes[0] as RpcEnvelope), {
      timeout: callOptions.timeout ?? clientTimeout,
      maxResponseBytes: resolveMaxResponseBytes(callOptions.maxResponseBytes, clientMaxBytes),
      signal,
      operation,
    });
    const matched = matchResponses(body, ids, asBatch, operation, status);
    const context = { status, url: transport.shown.url, redact: transport.shown.redact };
    const outcomes = calls.map((call, i) =>
      readRpcOutcome(call.method, ids[i] as number, matched[i], call, context),
    );
    // Results the spec refuses are worded here, the only step that waits for the wording to load.
    return outcomes.some(isRefused) ? wordRefusedOutcomes(outcomes) : (outcomes as RpcOutcome[]);
  }

  /**
   * Runs calls to completion: the whole request is retried on retryable failures when every call
   * is idempotent; rate-limited entries of idempotent methods are re-sent until retries run out.
   */
  async function execute(calls: readonly PreparedCall[], asBatch: boolean, callOptions: CallOptions) {
    const outcomes: RpcOutcome[] = new Array(calls.length);
    let pending = calls.map((_, index) => index);
    const started = Date.now();
    for (let retry = 0; ; retry++) {
      const group = pending.map((index) => calls[index] as PreparedCall);
      let results: RpcOutcome[];
      try {
        results = await sendOnce(group, asBatch, callOptions);
      } catch (error) {
        const idempotent = group.every((call) => call.method.idempotent);
        const delay =
          idempotent && isRetryable(error)
            ? nextRetryDelay(policy, retry, Date.now() - started, retryHint(error))
            : undefined;
        if (delay === undefined) throw error;
        await sleep(delay, callOptions.signal);
        continue;
      }
      const limited: number[] = [];
      let hint: number | undefined;
      results.forEach((outcome, k) => {
        const index = pending[k] as number;
        outcomes[index] = outcome;
        if (
          "error" in outcome &&
          outcome.error instanceof RateLimitError &&
          calls[index]?.method.idempotent
        ) {
          limited.push(index);
          const wait = outcome.error.retryAfter;
          if (wait !== undefined) hint = Math.max(hint ?? 0, wait); // no hint at all: back off instead
        }
      });
      if (limited.length === 0) return outcomes;
      const delay = nextRetryDelay(policy, retry, Date.now() - started, hint);
      if (delay === undefined) return outcomes;
      await sleep(delay, callOptions.signal);
      pending = limited;
    }
  }

  let queue: QueuedCall[] = [];
  let flushScheduled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Sends the queue when the calls of this tick are in: on a microtask when `wait` is 0 (a lone
   * call then goes out at once, where a zero timer would hold it about 1 ms), else on a timer.
   */
  function scheduleFlush(wait: number) {
    if (flushScheduled) return;
    flushScheduled = true;
    if (wait === 0) queueMicrotask(flush);
    else timer = setTimeout(flush, wait);
  }

  function flush() {
    flushScheduled = false;
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const taken = queue;
    queue = [];
    const loading = taken.filter((queued) => queued.call === undefined);
    if (loading.length === 0) sendQueued(taken);
    // Calls whose validators were not loaded yet wait for them; the batch waits with them, whole.
    else void Promise.all(loading.map(checkWhenLoaded)).then(() => sendQueued(taken.filter(isChecked)));
  }

  /** Loads a queued call's validators and checks it; a call that fails is settled and left out. */
  async function checkWhenLoaded(queued: QueuedCall): Promise<void> {
    try {
      const validators = await loadValidators(queued.method);
      const { call: prepared, failed } = prepare(
        queued.method,
        validators,
        queued.params,
        "/params",
        queued.callOptions,
      );
      if (failed) queued.reject(await refuseParams(queued.method.name, [failed]));
      else queued.call = prepared;
    } catch (error) {
      queued.reject(error);
    }
  }

  function sendQueued(taken: readonly QueuedCall[]) {
    for (let start = 0; start < taken.length; start += maxSize) {
      const chunk = taken.slice(start, start + maxSize);
      // A lone call goes as a plain request; several as a batch.
      execute(
        chunk.map((queued) => queued.call as PreparedCall),
        chunk.length > 1,
        {},
      ).then(
        (outcomes) =>
          outcomes.forEach((outcome, i) => {
            const queued = chunk[i] as QueuedCall;
            if ("error" in outcome) queued.reject(outcome.error);
            else queued.resolve(outcome.result);
          }),
        (error: unknown) => {
          for (const queued of chunk) queued.reject(error);
        },
      );
    }
  }

  async function call(method: RpcMethod, params: readonly unknown[], callOptions: CallOptions = {}) {
    const unbatched =
      !batching ||
      callOptions.signal !== undefined ||
      callOptions.timeout !== undefined ||
      callOptions.maxResponseBytes !== undefined;
    let validators = loadedValidators(method);
    if (validators === undefined) {
      // Queued unchecked: the flush loads and checks it, and it still joins this tick's batch.
      if (!unbatched) return enqueue(undefined, method, params, callOptions);
      validators = await loadValidators(method);
    }
    const { call: prepared, failed } = prepare(method, validators, params, "/params", callOptions);
    if (failed) throw await refuseParams(method.name, [failed]);
    if (unbatched) {
      const [outcome] = await execute([prepared], false, callOptions);
      if (outcome === undefined || "error" in outcome) throw outcome?.error;
      return outcome.result;
    }
    return enqueue(prepared, method, params, callOptions);
  }

  function enqueue(
    prepared: PreparedCall | undefined,
    method: RpcMethod,
    params: readonly unknown[],
    callOptions: CallOptions,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      queue.push({ call: prepared, method, params, callOptions, resolve, reject });
      if (queue.length >= maxSize) flush();
      else scheduleFlush(batching ? (batching.wait ?? 0) : 0);
    });
  }

  async function batch(calls: readonly RpcBatchCall[], callOptions: CallOptions = {}) {
    const loaded = await Promise.all(
      calls.map((entry) => loadedValidators(entry.method) ?? loadValidators(entry.method)),
    );
    const failed: FailedCheck[] = [];
    const prepared = calls.map((entry, k) => {
      const result = prepare(
        entry.method,
        loaded[k] as RpcMethodValidators,
        entry.params,
        `/${k}/params`,
        callOptions,
      );
      if (result.failed) failed.push(result.failed);
      return result.call;
    });
    if (failed.length > 0) throw await refuseParams("batch", failed);
    const chunks: PreparedCall[][] = [];
    for (let start = 0; start < prepared.length; start += maxSize)
      chunks.push(prepared.slice(start, start + maxSize));
    const results = await Promise.all(chunks.map((chunk) => execute(chunk, true, callOptions)));
    return results.flat();
  }

  return { call, batch, checkParams, usage: () => meter.snapshot() };
}

/** What a validator reports for params that are not an array (worded "must be an array"). */
const NOT_AN_ARRAY: ValidationIssue = {
  instancePath: "",
  schemaPath: "#/type",
  keyword: "type",
  params: { type: "array" },
};

/** The error for params the spec refuses, once their issues are worded. */
async function refuseParams(operation: string, failed: readonly FailedCheck[]) {
  return new RequestValidationError(operation, await wordFailedChecks(failed));
}

function httpTransportOf(options: JsonRpcClientOptions): JsonRpcTransport {
  if (options.url === undefined) throw new ConfigurationError("url", "is required (or give a transport)");
  return createHttpTransport(options as JsonRpcClientOptions & { url: string });
}

function isChecked(queued: QueuedCall): boolean {
  return queued.call !== undefined;
}

/** Params of a by-name method (OpenRPC `paramStructure: by-name`) as the object sent, left-out ones omitted. */
function paramsByName(params: readonly unknown[], names: readonly string[]): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  names.forEach((name, index) => {
    if (params[index] !== undefined) named[name] = params[index];
  });
  return named;
}
