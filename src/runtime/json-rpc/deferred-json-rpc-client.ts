import { loadOnce } from "../load-once.js";
import type { UsageMeter } from "../usage/usage-meter.js";
import { startLoadingValidators } from "../validation/load-validators.js";
import type { JsonRpcClient } from "./create-json-rpc-client.js";

/**
 * A JSON-RPC client whose call path (the client itself, its transport, the JSON reader and writer,
 * the answer checks) loads on the first call, so a constructor downloads and evaluates none of it.
 * Calls made while it loads wait for it together and still share one batch; once it is loaded, calls
 * go straight to it. A call made while it loads also starts importing its method's validators (every
 * call checks its params with them), so the two chunks load side by side rather than one after the
 * other. `usage()` reads the meter the client will count on, so it answers before the first call too.
 * A failed load is not kept: the next call tries again.
 *
 * @param load - Builds the client once its code is loaded (check its options first, see
 *   `checkJsonRpcClientOptions`, so bad options fail in the constructor, not on the first call).
 * @param meter - The usage meter the loaded client counts on.
 * @returns The client.
 * @example
 * const options = { url: "https://nd-1.example.com", path: "/evm" };
 * const { meter } = checkJsonRpcClientOptions(options);
 * const rpc = deferredJsonRpcClient(async () => createJsonRpcClient({ ...options, usage: { meter } }), meter);
 * rpc.usage(); // { requests: 0, weight: 0 }, nothing loaded yet
 */
export function deferredJsonRpcClient(load: () => Promise<JsonRpcClient>, meter: UsageMeter): JsonRpcClient {
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
    usage: () => meter.snapshot(),
  };
}
