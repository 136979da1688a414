import { jsonSafe } from "./error-json.js";

/** Errors whose `toJSON` is running, so one that refers back to itself is written once. */
const writing = new WeakSet<object>();

/** Options shared by every chainkit error. */
export interface ChainkitErrorOptions {
  /** The error that caused this one, if any. */
  cause?: unknown;
  /** Extra, secret-free facts about the failure, shown after the message. */
  details?: string;
}

/**
 * The base of every error chainkit throws, so `err instanceof ChainkitError` catches them all.
 *
 * Messages and details never contain keys, tokens, passwords or authorization headers:
 * URLs are redacted before they reach an error.
 *
 * @example
 * try { await evm.eth_blockNumber(); } catch (err) { if (err instanceof ChainkitError) console.log(err.shortMessage); }
 */
export class ChainkitError extends Error {
  override name = "ChainkitError";
  /** The message without details. */
  readonly shortMessage: string;
  /** Extra, secret-free facts about the failure. */
  readonly details: string | undefined;

  constructor(shortMessage: string, options: ChainkitErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    });
    this.shortMessage = shortMessage;
    this.details = options.details;
  }

  /**
   * What `JSON.stringify` writes, so loggers that serialise errors never throw: the name, the
   * message, every field (bigints as decimal strings) and the cause's name and message. A client
   * scrubs its secrets from all of them before the error reaches the caller.
   *
   * @example
   * JSON.stringify(new ChainkitError("boom")); // '{"name":"ChainkitError","message":"boom","shortMessage":"boom"}'
   */
  toJSON(): Record<string, unknown> {
    const summary = { name: this.name, message: this.message };
    // An error met again while it is being written (a field or cause pointing back) is summarised.
    if (writing.has(this)) return summary;
    writing.add(this);
    try {
      const seen = new WeakSet<object>([this]);
      const fields = jsonSafe({ ...this }, 0, seen) as Record<string, unknown>;
      const cause = this.cause === undefined ? undefined : jsonSafe(this.cause, 0, seen);
      return { ...summary, ...fields, ...(cause !== undefined && { cause }) };
    } finally {
      writing.delete(this);
    }
  }
}
