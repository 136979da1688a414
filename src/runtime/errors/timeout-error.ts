import { ChainkitError } from "./chainkit-error.js";

/**
 * A request got no complete answer within its timeout (the client's `timeout`, or the call's). The
 * request is abandoned; it is not retried, because the service may still be working on it.
 *
 * @example
 * try { await evm.eth_getProof(address, [], "latest", { timeout: 2_000 }); } catch (err) {
 *   if (err instanceof TimeoutError) console.log(`gave up after ${err.timeout} ms`);
 * }
 */
export class TimeoutError extends ChainkitError {
  override name = "TimeoutError";
  /** The timeout that ran out, in milliseconds. */
  readonly timeout: number;
  readonly method: string;
  /** The request URL with credentials replaced by `***`. */
  readonly url: string;

  constructor(init: { timeout: number; method: string; url: string }) {
    super(`${init.method} ${init.url} timed out after ${init.timeout} ms`);
    this.timeout = init.timeout;
    this.method = init.method;
    this.url = init.url;
  }
}
