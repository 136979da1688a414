import { ChainkitError } from "./chainkit-error.js";

/**
 * The caller's `AbortSignal` fired: the request, a retry wait or a wait for the usage budget was
 * stopped. `cause` is the signal's reason. Its `name` is `"AbortError"`, like the DOM's.
 *
 * @example
 * const controller = new AbortController();
 * setTimeout(() => controller.abort(), 100);
 * try { await platform.listNodes({}, { signal: controller.signal }); } catch (err) {
 *   if (err instanceof AbortError) console.log("stopped");
 * }
 */
export class AbortError extends ChainkitError {
  override name = "AbortError";
  /** The request URL with credentials replaced by `***`, when a request was under way. */
  readonly url: string | undefined;

  constructor(init: { reason?: unknown; method?: string; url?: string } = {}) {
    const what = init.method && init.url ? `${init.method} ${init.url}` : "The call";
    super(`${what} was aborted`, { cause: init.reason });
    this.url = init.url;
  }
}
