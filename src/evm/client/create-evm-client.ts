import {
  createEvmMethods,
  type EvmMethodMap,
  type EvmMethodName,
  type EvmMethods,
  evmMethods,
} from "../../../generated/evm/index.js";
import { nodeAuth } from "../../runtime/credentials/auth.js";
import type { NodeCredentials } from "../../runtime/credentials/node-credentials.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { RetryOptions } from "../../runtime/http/retry-policy.js";
import type { FetchFunction } from "../../runtime/http/send-request.js";
import { type BatchOptions, createJsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import type { CallOptions } from "../../runtime/operation.js";
import type { UsageBudget, UsageSnapshot } from "../../runtime/usage/usage-meter.js";
import type { VerifiedProofOptions, VerifiedProofResult } from "../verify/verified-proof.js";
import type { EvmBatchCall, EvmBatchOutcomes } from "./batch-types.js";
import { checkingLogRange } from "./log-range-rule.js";
import { namedBatch } from "./named-batch.js";
import { unvalidatedMethod } from "./unvalidated-method.js";

/** Options of {@link createEvmClient}. */
export interface EvmClientOptions {
  /** The node base URL, e.g. a platform node's `details.https_endpoint`; https, or http to loopback only. */
  url: string;
  /** `{ token }` (sent in the path: `{url}/{token}{path}`) or `{ username, password }` (basic auth). Bearer keys are refused. */
  credentials: NodeCredentials;
  /** The JSON-RPC path under the node (default `"/evm"`; `""` for a plain Ethereum node). */
  path?: string;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchFunction;
  /** Milliseconds per HTTP request (default 30 000). */
  timeout?: number;
  /** The most bytes of one answer to read, past which the call fails with `ResponseTooLargeError` (default 64 MiB; `Infinity`: none). */
  maxResponseBytes?: number;
  /** Retries of read-only methods on network errors, 429, 502/503/504 and -32005, or `false` for none. */
  retry?: RetryOptions | false;
  /** Check every result against the spec (default `true`). */
  validateResponse?: boolean;
  /** Batching of calls made in the same tick (default on, up to 1000 per request), or `false`. */
  batch?: BatchOptions | false;
  /** Requests per interval to keep under: calls wait for room instead of running into 429. */
  budget?: UsageBudget;
}

/** Per-call options of {@link EvmClient.getVerifiedProof}. */
export interface EvmVerifiedProofOptions extends VerifiedProofOptions {
  /** Aborts the batch under way. */
  signal?: AbortSignal;
}

/** Per-call options of {@link EvmClient.unvalidatedRequest}. */
export interface UnvalidatedRequestOptions extends Omit<CallOptions, "validateResponse"> {
  /**
   * Whether the method only reads, so a request that failed on the way (network error, 429,
   * 502/503/504, -32005) may be sent again. Default `false`: the request is sent once.
   */
  idempotent?: boolean;
}

/** The EVM node client: one typed function per method of the spec, plus requests, batches and proofs. */
export interface EvmClient extends EvmMethods {
  /**
   * Calls a method by name, typed by the spec's method map.
   *
   * @throws {RequestValidationError} before sending when the method is not in the spec or the params are invalid.
   * @example
   * const proof = await evm.request("eth_getProof", [address, [], "latest"]);
   */
  request<M extends EvmMethodName>(
    method: M,
    params: EvmMethodMap[M]["params"],
    options?: CallOptions,
  ): Promise<EvmMethodMap[M]["result"]>;
  /**
   * Sends any JSON-RPC method, including ones the spec does not describe (`debug_*`, `trace_*`, a
   * provider's own), with the client's credentials. **Unvalidated**: neither the params nor the
   * result are checked against anything, and the result comes back as the node sent it, typed as
   * the `T` you name. It joins automatic batching like the typed methods, and is retried after a
   * failed exchange only when `idempotent: true` says the method only reads.
   *
   * Prefer the typed methods for anything the spec lists: they check what you send and what comes back.
   *
   * @throws {RequestValidationError} before sending when `method` is not a non-empty string or `params` is not an array.
   * @throws {JsonRpcError | RateLimitError | HttpError | TimeoutError | NetworkError | AbortError}
   * @example
   * const trace = await evm.unvalidatedRequest("debug_traceTransaction", [hash, { tracer: "callTracer" }], {
   *   idempotent: true,
   * });
   */
  unvalidatedRequest<T = unknown>(
    method: string,
    params?: readonly unknown[],
    options?: UnvalidatedRequestOptions,
  ): Promise<T>;
  /**
   * Sends calls as one JSON-RPC batch (one HTTP request, split past the batch size) and returns one
   * outcome per call, in order: `{ result }` or `{ error }`. One failing entry does not fail the others.
   *
   * @throws {RequestValidationError} before sending when any params are invalid (pointer `/<entry>/params/…`).
   * @throws {HttpError | RateLimitError | TimeoutError | NetworkError | AbortError} when the request as a whole fails.
   * @example
   * const [version, chainId] = await evm.batch([
   *   { method: "web3_clientVersion", params: [] },
   *   { method: "eth_chainId", params: [] },
   * ] as const);
   */
  batch<const C extends readonly EvmBatchCall[]>(
    calls: C,
    options?: CallOptions,
  ): Promise<EvmBatchOutcomes<C>>;
  /**
   * Fetches an account proof (and storage slots) at the chain head and verifies it against a header
   * whose hash it recomputes, all from one batch (see `getVerifiedProof` in `chainkit/evm`). Slot keys
   * may be short quantities (`"0x0"`); they are sent as 32-byte hex, as `eth_getProof` takes them.
   *
   * @throws {RequestValidationError} for a bad address or slot key, before sending.
   * @throws {ProofError} when the proof or the header does not verify.
   * @example
   * const { blockNumber, proof } = await evm.getVerifiedProof(address, ["0x0"]);
   */
  getVerifiedProof(
    address: string,
    storageKeys?: readonly string[],
    options?: EvmVerifiedProofOptions,
  ): Promise<VerifiedProofResult>;
  /** Requests sent so far (a batch counts once, each retry counts). */
  usage(): UsageSnapshot;
}

/**
 * Creates a client for an EVM node's JSON-RPC API.
 *
 * Calls made in the same tick share one HTTP request (a JSON-RPC batch) unless `batch: false`;
 * params are checked before sending and results validated against the spec (quantities stay hex
 * strings, `null` comes back for unknown blocks and transactions). Read-only methods are retried on
 * rate limits, including `-32005` inside HTTP 200, waiting `data.try_again_in`.
 * Inspecting or serialising the client shows no token or password.
 *
 * @param options - Node URL, credentials, path and transport options.
 * @returns The client.
 * @throws {ConfigurationError} when the URL is not https (loopback excepted), or the credentials are
 *   empty, mixed or a bearer key.
 * @example
 * const evm = createEvmClient({ url: "https://nd-123-456-789.p2pify.com", credentials: { token } });
 * const block = await evm.eth_getBlockByHash(hash, false);
 */
export function createEvmClient(options: EvmClientOptions): EvmClient {
  const jsonRpc = createJsonRpcClient({
    url: options.url,
    path: options.path ?? "/evm",
    auth: nodeAuth(options.credentials),
    fetch: options.fetch,
    timeout: options.timeout,
    maxResponseBytes: options.maxResponseBytes,
    retry: options.retry,
    validateResponse: options.validateResponse,
    batch: options.batch,
    usage: { budget: options.budget },
  });
  // The spec's validators check each param; the one rule relating two fields is checked here.
  const rpc = checkingLogRange(jsonRpc);

  const request = <M extends EvmMethodName>(
    method: M,
    params: EvmMethodMap[M]["params"],
    callOptions?: CallOptions,
  ) => {
    const descriptor = Object.hasOwn(evmMethods, method) ? evmMethods[method] : undefined;
    if (descriptor === undefined) {
      return Promise.reject(
        new RequestValidationError(String(method), [
          { pointer: "/method", message: "is not a method of the EVM spec" },
        ]),
      );
    }
    return rpc.call(descriptor, params, callOptions) as Promise<EvmMethodMap[M]["result"]>;
  };

  // async, so a malformed call rejects like every other failure instead of throwing synchronously.
  const batch = async <const C extends readonly EvmBatchCall[]>(calls: C, callOptions?: CallOptions) =>
    (await namedBatch(rpc, callOptions).batch(
      calls.map((call) => ({ method: call.method, params: [...call.params] })),
    )) as EvmBatchOutcomes<C>;

  const unvalidatedRequest = async <T>(
    method: string,
    params: readonly unknown[] = [],
    requestOptions: UnvalidatedRequestOptions = {},
  ) => {
    if (typeof method !== "string" || method === "") {
      throw new RequestValidationError(String(method), [
        { pointer: "/method", message: "must be a non-empty method name" },
      ]);
    }
    const { idempotent = false, ...callOptions } = requestOptions;
    return (await jsonRpc.call(unvalidatedMethod(method, idempotent), params, callOptions)) as T;
  };

  return {
    ...createEvmMethods(rpc),
    request,
    unvalidatedRequest,
    batch,
    getVerifiedProof: async (address, storageKeys = [], proofOptions = {}) => {
      const { signal, ...rest } = proofOptions;
      // Loaded on first use: apps that never verify proofs do not download the RLP, trie and
      // keccak code when their bundler splits dynamic imports into chunks.
      const { getVerifiedProof } = await import("../verify/verified-proof.js");
      return getVerifiedProof(namedBatch(rpc, { signal }), address, storageKeys, rest);
    },
    usage: () => rpc.usage(),
  };
}
