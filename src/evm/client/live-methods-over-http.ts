import { ConfigurationError } from "../../runtime/errors/configuration-error.js";

const NEEDS_WEBSOCKET =
  'is not available over HTTP, where the node cannot push events: create the client with transport: "websocket" ' +
  '(createEvmClient({ url, credentials, transport: "websocket" })) for subscribe and watch; over HTTP, poll ' +
  "with eth_blockNumber and walk logs with evm.logs";

/**
 * `subscribe` and `watch` for a client over HTTP, which cannot have them: a JavaScript caller (or one
 * past the types) gets the fix, `transport: "websocket"`, instead of "evm.subscribe is not a function".
 *
 * @returns The two methods, each throwing `ConfigurationError` (option `transport`) when called.
 * @example
 * liveMethodsOverHttp().subscribe(); // throws ConfigurationError: Invalid option transport: subscribe is not available over HTTP…
 */
export function liveMethodsOverHttp(): { subscribe: () => never; watch: () => never } {
  return {
    subscribe: () => {
      throw new ConfigurationError("transport", `subscribe ${NEEDS_WEBSOCKET}`);
    },
    watch: () => {
      throw new ConfigurationError("transport", `watch ${NEEDS_WEBSOCKET}`);
    },
  };
}
