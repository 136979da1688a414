import { ChainkitError } from "./chainkit-error.js";

/**
 * The request never got an HTTP answer: connection refused or reset, DNS failure, TLS failure, or a
 * body cut short. Safe (idempotent) calls are retried first. `cause` holds the underlying error with
 * credentials scrubbed from its message.
 *
 * @example
 * try { await indexer.getActions({ account }); } catch (err) {
 *   if (err instanceof NetworkError) console.log("unreachable:", err.url);
 * }
 */
export class NetworkError extends ChainkitError {
  override name = "NetworkError";
  readonly method: string;
  /** The request URL with credentials replaced by `***`. */
  readonly url: string;

  constructor(init: { method: string; url: string; cause?: unknown }) {
    const reason = init.cause instanceof Error && init.cause.message ? `: ${init.cause.message}` : "";
    super(`${init.method} ${init.url} failed before an answer${reason}`, { cause: init.cause });
    this.method = init.method;
    this.url = init.url;
  }
}
