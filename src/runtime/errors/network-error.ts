import { ChainkitError } from "./chainkit-error.js";

/**
 * The request never got an HTTP answer: connection refused or reset, DNS failure, TLS failure, or a
 * body cut short. Safe (idempotent) calls are retried first. `cause` holds the underlying error with
 * credentials scrubbed from its message; when its cause is known, the message says it in words
 * ("nothing answered at http://127.0.0.1:8502 (connection refused)") and `hint` says what to check.
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

  /** What to check, when the cause is known (nothing listening, unknown host, TLS to a plain port, …). */
  readonly hint: string | undefined;

  constructor(init: { method: string; url: string; cause?: unknown; reason?: string; hint?: string }) {
    const said = init.cause instanceof Error && init.cause.message ? init.cause.message : undefined;
    const reason = [init.reason, said].filter(Boolean).join("; ");
    super(`${init.method} ${init.url} failed before an answer${reason ? `: ${reason}` : ""}`, {
      cause: init.cause,
      details: init.hint,
    });
    this.method = init.method;
    this.url = init.url;
    this.hint = init.hint;
  }
}
