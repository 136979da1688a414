import { ChainkitError } from "./chainkit-error.js";

/** Everything a {@link JsonRpcError} carries. */
export interface JsonRpcErrorInit {
  /** The JSON-RPC error code, e.g. `-32602`. */
  code: number;
  /** The server's message. */
  message: string;
  /** The error's `data` member, if any. */
  data?: unknown;
  /** The JSON-RPC method that failed. */
  rpcMethod: string;
  /** The endpoint with credentials replaced by `***`. */
  url: string;
}

/**
 * A JSON-RPC node answered a call with an `error` member (other than the rate limit `-32005`, see
 * `RateLimitError`). Inside a batch, each failed entry carries its own `JsonRpcError`.
 *
 * @example
 * try { await evm.eth_getProof(address, [], "latest"); } catch (err) {
 *   if (err instanceof JsonRpcError) console.log(err.code, err.data);
 * }
 */
export class JsonRpcError extends ChainkitError {
  override name = "JsonRpcError";
  readonly code: number;
  readonly data: unknown;
  /** The JSON-RPC method that failed, e.g. `eth_getProof`. */
  readonly rpcMethod: string;
  /** The endpoint with credentials replaced by `***`. */
  readonly url: string;

  constructor(init: JsonRpcErrorInit) {
    super(`${init.rpcMethod} failed with JSON-RPC error ${init.code}: ${init.message}`, {
      details: `endpoint ${init.url}`,
    });
    this.code = init.code;
    this.data = init.data;
    this.rpcMethod = init.rpcMethod;
    this.url = init.url;
  }
}
