import { ChainkitError } from "./chainkit-error.js";

/**
 * An answer was larger than the client's `maxResponseBytes` and was not read past the limit, so a
 * hostile or broken server cannot make the client hold gigabytes. Raise the limit (per client, or per
 * call where the client offers it) when a legitimate answer is this large. Not retried: the same
 * request would bring the same answer.
 *
 * @example
 * try { await live.eth_getBlockByNumber("latest", true); } catch (err) {
 *   if (err instanceof ResponseTooLargeError) console.log(`over ${err.limit} bytes`);
 * }
 */
export class ResponseTooLargeError extends ChainkitError {
  override name = "ResponseTooLargeError";
  /** The limit that was passed, in bytes (the `maxResponseBytes` option). */
  readonly limit: number;
  /** The request's URL (or WebSocket endpoint) with credentials replaced by `***`. */
  readonly url: string;

  constructor(init: { limit: number; url: string; what?: string }) {
    super(
      `${init.what ?? "An answer"} from ${init.url} is larger than maxResponseBytes (${init.limit} bytes); raise maxResponseBytes if answers this large are expected`,
    );
    this.limit = init.limit;
    this.url = init.url;
  }
}
