import { loadOnce } from "../load-once.js";
import { startLoadingValidators } from "../validation/load-validators.js";
import type { HttpRestCaller, RestCallerOptions } from "./create-rest-caller.js";
import { checkRestCallerOptions } from "./rest-caller-options.js";

/**
 * A REST caller whose call path (sending, the JSON reader, the answer checks) loads on the first
 * call, so a constructor downloads and evaluates none of it. The options are checked at once, with
 * `createRestCaller`'s errors, so bad options still fail in the constructor. A call made while it
 * loads also starts importing its operation's validators (every call checks its input with them), so
 * the two chunks load side by side. Once loaded, calls go straight to the caller. `usage()` reads the meter the caller will count on, so it answers before
 * the first call too. A failed load is not kept: the next call tries again.
 *
 * @param options - The caller's options.
 * @param build - Loads the call path and builds the caller from the options (with the meter set).
 * @returns The caller.
 * @throws {ConfigurationError} when the base URL is insecure, or an option is malformed.
 * @example
 * const caller = deferredRestCaller({ baseUrl: "https://api.example.com", auth: bearerAuth(apiKey) }, async (options) =>
 *   (await import("chainkit/runtime")).createRestCaller(options),
 * );
 * caller.usage(); // { requests: 0, weight: 0 }, nothing loaded yet
 */
export function deferredRestCaller<O extends RestCallerOptions>(
  options: O,
  build: (options: O) => Promise<HttpRestCaller>,
): HttpRestCaller {
  const { meter } = checkRestCallerOptions(options);
  let loaded: HttpRestCaller | undefined;
  const caller = loadOnce(() => build({ ...options, usage: { meter } }).then((built) => (loaded = built)));
  return {
    call: (operation, input, callOptions) => {
      if (loaded) return loaded.call(operation, input, callOptions);
      startLoadingValidators(operation);
      return caller().then((c) => c.call(operation, input, callOptions));
    },
    usage: () => meter.snapshot(),
  };
}
