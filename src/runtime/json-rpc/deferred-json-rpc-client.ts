import { loadOnce } from "../load-once.js";
import type { UsageSnapshot } from "../usage/usage-meter.js";
import { startLoadingValidators } from "../validation/load-validators.js";
import type { JsonRpcClient } from "./create-json-rpc-client.js";

/**
 * A JSON-RPC client whose call path (the client itself, its transport, the JSON reader and writer,
 * the answer checks) loads on the first call, so a constructor downloads and evaluates none of it.
 * Calls made while it loads wait for it together and still share one batch; once it is loaded, calls
 * go straight to it. A call made while it loads also starts importing its method's validators (every
 * call checks its params with them), so the two chunks load side by side rather than one after the
 * other. `usage()` asks `usage`, so it answers before the first call too.
 * A failed load is not kept: the next call tries again.
 *
 * @param load - Builds the client once its code is loaded (check what must fail in the constructor
 *   first, see `checkUpFrontOptions`).
 * @param usage - What has been spent: the loaded client's meter, or nothing before it loads.
 * @returns The client.
 * @example
 * const options = { url: "https://nd-1.example.com", path: "/evm" };
 * checkUpFrontOptions(options);
 * let built: JsonRpcClient | undefined;
 * const rpc = deferredJsonRpcClient(
 *   async () => (built = createJsonRpcClient(options)),
 *   () => built?.usage() ?? { requests: 0, weight: 0 },
 * );
 * rpc.usage(); // { requests: 0, weight: 0 }, nothing loaded yet
 */
export function deferredJsonRpcClient(
  load: () => Promise<JsonRpcClient>,
  usage: () => UsageSnapshot,
): JsonRpcClient {
  let loaded: JsonRpcClient | undefined;
  const loadedClient = loadOnce(() => load().then((built) => (loaded = built)));
  const client = (methods: readonly unknown[]) => {
    for (const method of methods) startLoadingValidators(method);
    return loadedClient();
  };
  return {
    call: (method, params, options) =>
      loaded
        ? loaded.call(method, params, options)
        : client([method]).then((c) => c.call(method, params, options)),
    batch: (calls, options) =>
      loaded
        ? loaded.batch(calls, options)
        : client(Array.isArray(calls) ? calls.map((call) => call?.method) : []).then((c) =>
            c.batch(calls, options),
          ),
    checkParams: (method, params, pointer) =>
      loaded
        ? loaded.checkParams(method, params, pointer)
        : client([method]).then((c) => c.checkParams(method, params, pointer)),
    usage,
  };
}
