import type { EvmMethods } from "../../../generated/evm/client.js";
import type { evmMethods } from "../../../generated/evm/operations.js";
import type { LogSubscriptionFilter } from "../../../generated/evm/types.js";
import { nodeAuth } from "../../runtime/credentials/auth.js";
import { nodeWebSocketEndpoint } from "../../runtime/credentials/node-endpoints.js";
import { AbortError } from "../../runtime/errors/abort-error.js";
import { showRequest } from "../../runtime/http/shown-request.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import type { JsonRpcTransport } from "../../runtime/json-rpc/transport.js";
import { resolveMaxResponseBytes } from "../../runtime/max-response-bytes.js";
import type { NodeClientOptions } from "../../runtime/node-client-options.js";
import { type KeepAliveOptions, resolveKeepAlivePolicy } from "../../runtime/websocket/keep-alive-policy.js";
import { type ReconnectOptions, resolveReconnectPolicy } from "../../runtime/websocket/reconnect-policy.js";
import type { CheckedWebSocketChoice } from "../../runtime/websocket/websocket-choice.js";
import type { WebSocketConstructor } from "../../runtime/websocket/websocket-like.js";
import type { WebSocketTransport } from "../../runtime/websocket/websocket-transport.js";
import type { HeadSubscriptionOptions, LiveKind } from "./live-events.js";
import type { LiveSubscription } from "./live-methods.js";
import type { LiveSubscriptions } from "./live-subscriptions.js";
import { checkSubscriptionOptions } from "./subscription-options.js";
// Loaded by the client after its call path: importing it keeps their shared code in one chunk (why: evm-call-path.ts).
import "../client/evm-call-path.js";

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

/** The subscription side of a live connection, over the client's JSON-RPC client and generated methods. */
export interface LiveStarts {
  /**
   * Checks a subscription's options and starts it once the queues and the chain follower are loaded.
   *
   * @throws {ConfigurationError} (as a rejection) for malformed options, or when the client is closed.
   */
  start(kind: LiveKind, rest: readonly unknown[]): Promise<LiveSubscription<unknown>>;
  /** Ends every subscription and the socket; later calls and subscriptions fail with `AbortError`. */
  close(): Promise<void>;
}

/** The WebSocket transport with its connection controls, loaded on the client's first live use. */
export interface LiveConnection {
  transport: JsonRpcTransport;
  /** The subscription side, over the JSON-RPC client that runs on `transport` and the client's generated methods. */
  starts(rpc: JsonRpcClient, evm: EvmMethods): LiveStarts;
}

/**
 * What the client settled before the connection code loaded: the WebSocket class, checked against the
 * credentials, and the method table. Taken from the client, so neither becomes a chunk of its own.
 */
export interface LiveConnectionSetup extends LiveConnectionInit {
  choice: CheckedWebSocketChoice;
  descriptors: typeof evmMethods;
}

const HANDSHAKE_TIMEOUT = 10_000;

/**
 * The WebSocket side of an EVM client, loaded on its first call or subscription (see
 * `deferredLiveConnection`, which checks the credentials when the client is made): checks the
 * reconnect, keep-alive and size options, derives the node's `wss://host/ws/<token>` (or `/ws` with
 * basic auth) endpoint, and loads the socket code on the first exchange and the subscription queues
 * on the first subscription, so a client that only calls never loads the queues.
 *
 * @param init - The client's options, with the WebSocket class already checked against the credentials.
 * @throws {ConfigurationError} for malformed reconnect, keep-alive or size options.
 * @example
 * const live = createLiveConnection({
 *   url,
 *   credentials: { token },
 *   choice: checkWebSocketChoice({ needsHeaders: false }),
 *   descriptors: evmMethods,
 * });
 * const rpc = createJsonRpcClient({ transport: live.transport });
 * const heads = await live.starts(rpc, createEvmMethods(rpc)).start("newHeads", []);
 */
export function createLiveConnection(init: LiveConnectionSetup): LiveConnection {
  const { descriptors } = init;
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
    keepAliveMethod: descriptors.eth_chainId.name,
    choice: init.choice,
  };
  const shown = showRequest("WS", endpoint.url, redact, scheme);
  let closed = false;
  let loading: Promise<WebSocketTransport> | undefined;
  const load = () => {
    loading ??= import("../client/with-call-path/websocket-transport.js").then((module) =>
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
    starts(rpc, evm) {
      // The queues and the chain follower load on the first subscription.
      let subscriptions: Promise<LiveSubscriptions> | undefined;
      const loadSubscriptions = () => {
        subscriptions ??= import("./live-subscriptions.js").then((module) =>
          module.createLiveSubscriptions({
            rpc,
            evm,
            descriptors,
            // A subscription still starting when the client closes must not open the socket again.
            transport: () => (closed ? Promise.reject(closedError()) : load()),
            validateResponse: init.validateResponse ?? true,
            maxMessageBytes: settings.maxMessageBytes,
          }),
        );
        return subscriptions;
      };

      return {
        async start(kind, rest) {
          const [filter, options] = (
            kind === "logs" ? [rest[0] ?? {}, rest[1] ?? {}] : [undefined, rest[0] ?? {}]
          ) as [LogSubscriptionFilter | undefined, HeadSubscriptionOptions];
          const checked = checkSubscriptionOptions(options);
          // A closed client's subscription fails without loading the queues.
          if (closed) throw closedError();
          return (await loadSubscriptions()).subscribe(kind, filter, checked) as LiveSubscription<unknown>;
        },
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
