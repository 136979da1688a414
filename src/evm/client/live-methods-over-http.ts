import { ConfigurationError } from "../../runtime/errors/configuration-error.js";

const NEEDS_WEBSOCKET =
  'is not available over HTTP, where the node cannot push events: create the client with transport: "websocket" ' +
  '(createEvmClient({ url, credentials, transport: "websocket" })) for subscribe and watch; over HTTP, poll ' +
  "with eth_blockNumber and walk logs with evm.logs";

/**
 * What a call of `subscribe` on a client over HTTP is told by TypeScript: its first parameter has
 * this type, so the compiler's error ("… is not assignable to parameter of type '…'") says the fix.
 */
export type SubscribeNeedsWebsocket =
  "subscribe needs createEvmClient({ url, credentials, transport: 'websocket' }): over HTTP the node cannot push events";
/** The same for `watch`. */
export type WatchNeedsWebsocket =
  "watch needs createEvmClient({ url, credentials, transport: 'websocket' }): over HTTP the node cannot push events";

/**
 * `subscribe` and `watch` as a client over HTTP types them: present, so that a call is an error
 * naming `transport: "websocket"` rather than "Property 'subscribe' does not exist".
 */
export interface EvmHttpLiveMethods {
  /**
   * @deprecated Over HTTP the node cannot push events: create the client with
   * `transport: "websocket"` for `subscribe`, or poll `eth_blockNumber` and walk `evm.logs`.
   * @throws {ConfigurationError} (option `transport`) when called.
   */
  subscribe(fix: SubscribeNeedsWebsocket, ...rest: unknown[]): never;
  /**
   * @deprecated Over HTTP the node cannot push events: create the client with
   * `transport: "websocket"` for `watch`.
   * @throws {ConfigurationError} (option `transport`) when called.
   */
  watch(fix: WatchNeedsWebsocket, ...rest: unknown[]): never;
}

/**
 * `subscribe` and `watch` for a client over HTTP, which cannot have them: a JavaScript caller (or one
 * past the types) gets the fix, `transport: "websocket"`, instead of "evm.subscribe is not a function".
 *
 * @returns The two methods, each throwing `ConfigurationError` (option `transport`) when called.
 * @example
 * const { subscribe } = liveMethodsOverHttp(); // calling subscribe throws ConfigurationError: Invalid option transport: subscribe is not available over HTTP…
 */
export function liveMethodsOverHttp(): EvmHttpLiveMethods {
  return {
    subscribe: () => {
      throw new ConfigurationError("transport", `subscribe ${NEEDS_WEBSOCKET}`);
    },
    watch: () => {
      throw new ConfigurationError("transport", `watch ${NEEDS_WEBSOCKET}`);
    },
  };
}
