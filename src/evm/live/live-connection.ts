import type { EvmMethods } from "../../../generated/evm/client.js";
import { evmMethods } from "../../../generated/evm/operations.js";
import type { LogSubscriptionFilter } from "../../../generated/evm/types.js";
import { nodeAuth } from "../../runtime/credentials/auth.js";
import { nodeWebSocketEndpoint } from "../../runtime/credentials/node-endpoints.js";
import { AbortError } from "../../runtime/errors/abort-error.js";
import { ConfigurationError } from "../../runtime/errors/configuration-error.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { showRequest } from "../../runtime/http/shown-request.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import type { JsonRpcTransport } from "../../runtime/json-rpc/transport.js";
import { resolveMaxResponseBytes } from "../../runtime/max-response-bytes.js";
import type { NodeClientOptions } from "../../runtime/node-client-options.js";
import { type KeepAliveOptions, resolveKeepAlivePolicy } from "../../runtime/websocket/keep-alive-policy.js";
import { type ReconnectOptions, resolveReconnectPolicy } from "../../runtime/websocket/reconnect-policy.js";
import { checkWebSocketChoice } from "../../runtime/websocket/websocket-choice.js";
import type { WebSocketConstructor } from "../../runtime/websocket/websocket-like.js";
import type { WebSocketTransport } from "../../runtime/websocket/websocket-transport.js";
import { deferredSubscription } from "./deferred-subscription.js";
import type { HeadSubscriptionOptions, LiveKind } from "./live-events.js";
import type { EvmLiveMethods, LiveSubscription, WatchHandlers } from "./live-methods.js";
import type { LiveSubscriptions } from "./live-subscriptions.js";
import { checkSubscriptionOptions } from "./subscription-options.js";

/** Options of the WebSocket transport (`transport: "websocket"`), with the answer size node clients share. */
export interface LiveConnectionOptions extends Pick<NodeClientOptions, "maxResponseBytes"> {
  /** Dialing again after a drop: backoff with full jitter; `false` for no reconnects. */
  reconnect?: ReconnectOptions | false;
  /** A keep-alive request when the connection is quiet, and how long to wait before replacing a silent one; `false` for none. */
  keepAlive?: KeepAliveOptions | false;
  /**
   * A WebSocket class with the browser's interface, instead of the default: the `ws` package wherever
   * it loads (Node and runtimes that emulate it), else the global `WebSocket` (browsers). Basic auth
   * needs `ws` (headers on the upgrade). A browser-style class hands over a message only once it has
   * arrived whole: `maxResponseBytes` is checked then (the connection is closed), but the runtime holds
   * a larger message in memory while it arrives; `ws` stops reading at the limit.
   */
  WebSocket?: WebSocketConstructor;
}

/**
 * Where and how to connect, from the client's options; `timeout` also bounds the opening handshake
 * (to at most 10 s), and `validateResponse` covers pushed items.
 */
export interface LiveConnectionInit extends NodeClientOptions, LiveConnectionOptions {}

/** The lazily loaded transport with its connection controls. */
export interface LiveConnection {
  transport: JsonRpcTransport;
  /**
   * The subscription methods, over the JSON-RPC client that runs on `transport` and the client's
   * generated methods over it.
   */
  methods(rpc: JsonRpcClient, evm: EvmMethods): EvmLiveMethods;
}

const HANDSHAKE_TIMEOUT = 10_000;

/**
 * Prepares the WebSocket side of an EVM client: checks the options at once, derives the node's
 * `wss://host/ws/<token>` (or `/ws` with basic auth) endpoint, and loads the WebSocket and
 * subscription code only on first use, so clients that stay on HTTP never load it.
 *
 * @throws {ConfigurationError} for an insecure URL, bad credentials, basic auth where only a
 *   browser-style WebSocket exists, or malformed reconnect, keep-alive or size options.
 * @example
 * const live = createLiveConnection({ url, credentials: { token } });
 * const rpc = createJsonRpcClient({ transport: live.transport });
 * const methods = live.methods(rpc, createEvmMethods(rpc));
 */
export function createLiveConnection(init: LiveConnectionInit): LiveConnection {
  const endpoint = nodeWebSocketEndpoint({ url: init.url, credentials: init.credentials });
  const { redact, scheme } = nodeAuth(init.credentials);
  const settings = {
    url: endpoint.url,
    headers: endpoint.headers,
    redact,
    credentials: scheme,
    maxMessageBytes: resolveMaxResponseBytes(init.maxResponseBytes),
    handshakeTimeout: Math.min(init.timeout ?? HANDSHAKE_TIMEOUT, HANDSHAKE_TIMEOUT),
    reconnect: resolveReconnectPolicy(init.reconnect),
    keepAlive: resolveKeepAlivePolicy(init.keepAlive),
    keepAliveMethod: evmMethods.eth_chainId.name,
    choice: checkWebSocketChoice({
      given: init.WebSocket,
      needsHeaders: Object.keys(endpoint.headers).length > 0,
    }),
  };
  const shown = showRequest("WS", endpoint.url, redact, scheme);
  let closed = false;
  let loading: Promise<WebSocketTransport> | undefined;
  const load = () => {
    loading ??= import("../../runtime/websocket/websocket-transport.js").then((module) =>
      module.createWebSocketTransport(settings),
    );
    return loading;
  };
  const closedError = () => new AbortError({ reason: "the client was closed", method: "WS", url: shown.url });

  const transport: JsonRpcTransport = {
    shown,
    async exchange(payload, options) {
      if (closed) throw closedError();
      return (await load()).exchange(payload, options);
    },
  };

  return {
    transport,
    methods(rpc, evm) {
      // The queues and the chain follower load on the first subscription; what is checked here throws at once.
      let subscriptions: Promise<LiveSubscriptions> | undefined;
      const loadSubscriptions = () => {
        subscriptions ??= import("./live-subscriptions.js").then((module) =>
          module.createLiveSubscriptions({
            rpc,
            evm,
            descriptors: evmMethods,
            // A subscription still starting when the client closes must not open the socket again.
            transport: () => (closed ? Promise.reject(closedError()) : load()),
            validateResponse: init.validateResponse ?? true,
            maxMessageBytes: settings.maxMessageBytes,
          }),
        );
        return subscriptions;
      };

      const subscribe = (kind: LiveKind, ...rest: unknown[]) => {
        const [filter, options] = (
          kind === "logs" ? [rest[0] ?? {}, rest[1] ?? {}] : [undefined, rest[0] ?? {}]
        ) as [LogSubscriptionFilter | undefined, HeadSubscriptionOptions];
        if (kind !== "newHeads" && kind !== "logs" && kind !== "newPendingTransactions") {
          throw new RequestValidationError("eth_subscribe", [
            { pointer: "/params/0", message: "must be newHeads, logs or newPendingTransactions" },
          ]);
        }
        const checked = checkSubscriptionOptions(options);
        // A closed client's subscription fails its first read without loading the live half.
        if (closed) return deferredSubscription(kind, () => Promise.reject(closedError()));
        return deferredSubscription(kind, async () =>
          (await loadSubscriptions()).subscribe(kind, filter, checked),
        );
      };

      const watch = (kind: LiveKind, ...rest: unknown[]) => {
        const handlers = (kind === "logs" ? rest[1] : rest[0]) as WatchHandlers<unknown> &
          HeadSubscriptionOptions;
        const { onEvent, onError, ...options } = handlers;
        if (typeof onEvent !== "function") throw new ConfigurationError("onEvent", "must be a function");
        const subscription = (subscribe as (kind: LiveKind, ...rest: unknown[]) => LiveSubscription<unknown>)(
          kind,
          ...(kind === "logs" ? [rest[0], options] : [options]),
        );
        const done = (async () => {
          for await (const event of subscription) await onEvent(event);
        })().catch((error: unknown) => {
          void subscription.unsubscribe();
          if (onError) onError(error);
        });
        return async () => {
          await subscription.unsubscribe();
          await done;
        };
      };

      return {
        subscribe: subscribe as EvmLiveMethods["subscribe"],
        watch: watch as EvmLiveMethods["watch"],
        async close() {
          if (closed) return;
          closed = true;
          if (subscriptions !== undefined) await (await subscriptions.catch(() => undefined))?.close();
          if (loading !== undefined) await (await loading).close();
        },
      };
    },
  };
}
