import { ChainkitError } from "./chainkit-error.js";

/**
 * The service answered with a redirect (a 3xx status with a `Location`), and chainkit does not follow
 * redirects: following one would resend the request, credentials, signed bodies and all, to wherever a
 * server points. Nothing was sent to the target. If the move is expected, give the client the new URL.
 *
 * @example
 * try { await evm.eth_blockNumber(); } catch (err) {
 *   if (err instanceof RedirectRefusedError) console.log(`moved to ${err.targetOrigin}`);
 * }
 */
export class RedirectRefusedError extends ChainkitError {
  override name = "RedirectRefusedError";
  /** The redirect status (301, 302, 303, 307, 308, …). */
  readonly status: number;
  readonly method: string;
  /** The request URL with credentials replaced by `***`. */
  readonly url: string;
  /**
   * The origin (`scheme://host:port`) the answer pointed to, with credentials replaced by `***`; the
   * target's path and query are not kept. `"(unreadable)"` when the `Location` is not a URL.
   */
  readonly targetOrigin: string;

  constructor(init: { status: number; method: string; url: string; targetOrigin: string }) {
    super(
      `${init.method} ${init.url} answered HTTP ${init.status}, a redirect to ${init.targetOrigin}, which was refused: chainkit never follows redirects (nothing was sent there); if the service moved, give the client its new URL`,
    );
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.targetOrigin = init.targetOrigin;
  }
}
