import { ChainkitError } from "./chainkit-error.js";

/** Everything a {@link RateLimitError} carries. */
export interface RateLimitErrorInit {
  /** How long the service asked to wait, in milliseconds, when it said so. */
  retryAfter?: number;
  /** HTTP method of the request. */
  method: string;
  /** The request URL with credentials replaced by `***`. */
  url: string;
  /** The HTTP status: 429, or 200 when a JSON-RPC `-32005` came inside a successful response. */
  status: number;
  /** The JSON-RPC method, when a JSON-RPC call was limited. */
  rpcMethod?: string;
  /** The JSON-RPC error code (`-32005`), when the limit came as a JSON-RPC error. */
  code?: number;
  /** The JSON-RPC error's `data`, when present. */
  data?: unknown;
}

/**
 * The service refused a call for going over its rate limit: HTTP 429 (with `Retry-After`), or the
 * JSON-RPC error `-32005` (with `data.try_again_in`, sometimes inside an HTTP 200). It is thrown once
 * retries are used up, or at once for calls that are not safe to repeat.
 *
 * @example
 * try { await evm.eth_blockNumber(); } catch (err) {
 *   if (err instanceof RateLimitError) await new Promise((r) => setTimeout(r, err.retryAfter ?? 1000));
 * }
 */
export class RateLimitError extends ChainkitError {
  override name = "RateLimitError";
  /** Milliseconds the service asked to wait, if it said. */
  readonly retryAfter: number | undefined;
  readonly method: string;
  /** The request URL with credentials replaced by `***`. */
  readonly url: string;
  readonly status: number;
  readonly rpcMethod: string | undefined;
  readonly code: number | undefined;
  readonly data: unknown;

  constructor(init: RateLimitErrorInit) {
    const what = init.rpcMethod ? `${init.rpcMethod} at ${init.url}` : `${init.method} ${init.url}`;
    const wait = init.retryAfter === undefined ? "" : ` (retry after ${init.retryAfter} ms)`;
    super(`Rate limited: ${what}${wait}`, {
      details: init.code === undefined ? `HTTP ${init.status}` : `JSON-RPC error ${init.code}`,
    });
    this.retryAfter = init.retryAfter;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.rpcMethod = init.rpcMethod;
    this.code = init.code;
    this.data = init.data;
  }
}
