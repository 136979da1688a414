import type { EvmMethods } from "../../../generated/evm/client.js";
import { evmMethods } from "../../../generated/evm/operations.js";
import { nodeAuth } from "../../runtime/credentials/auth.js";
import { ConfigurationError } from "../../runtime/errors/configuration-error.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import type { JsonRpcTransport } from "../../runtime/json-rpc/transport.js";
import { loadOnce } from "../../runtime/load-once.js";
import { checkWebSocketChoice } from "../../runtime/websocket/websocket-choice.js";
import { deferredSubscription } from "./deferred-subscription.js";
import type { LiveConnectionInit, LiveStarts } from "./live-connection.js";
import type { LiveKind } from "./live-events.js";
import type { EvmLiveMethods, LiveSubscription, WatchHandlers } from "./live-methods.js";

const LIVE_KINDS: ReadonlySet<string> = new Set(["newHeads", "logs", "newPendingTransactions"]);

/** The WebSocket side of an EVM client before its code has loaded. */
export interface DeferredLiveConnection {
  /** The WebSocket transport, loading the connection code on the first call. */
  transport(): Promise<JsonRpcTransport>;
  /** `subscribe`, `watch` and `close`, over the client's JSON-RPC client and generated methods. */
  methods(rpc: JsonRpcClient, evm: EvmMethods): EvmLiveMethods;
}

/**
 * The WebSocket side of `createEvmClient({ transport: "websocket" })` as the constructor holds it: the
 * credentials are checked at once (basic auth needs a WebSocket class that can send headers), and the
 * connection code, with its reconnect and keep-alive checks, loads on the first call or subscription.
 * So an app that only speaks HTTP downloads none of it, and a live app loads it before it sends
 * anything: a malformed option still fails before a socket opens, on that first use.
 *
 * @param init - The client's options (its URL and credentials are checked by the client itself).
 * @throws {ConfigurationError} (option `credentials`) for basic auth where only a browser-style
 *   WebSocket exists; (option `WebSocket`) where the runtime has no WebSocket class at all.
 * @example
 * const live = deferredLiveConnection({ url, credentials: { token } });
 * const rpc = createJsonRpcClient({ transport: await live.transport() });
 * for await (const event of live.methods(rpc, createEvmMethods(rpc)).subscribe("newHeads")) break;
 */
export function deferredLiveConnection(init: LiveConnectionInit): DeferredLiveConnection {
  const choice = checkWebSocketChoice({
    given: init.WebSocket,
    needsHeaders: nodeAuth(init.credentials).scheme === "basic",
  });
  const connection = loadOnce(() =>
    import("./live-connection.js").then((module) =>
      module.createLiveConnection({ ...init, choice, descriptors: evmMethods }),
    ),
  );
  return {
    transport: async () => (await connection()).transport,
    methods(rpc, evm) {
      const starts = loadOnce(async (): Promise<LiveStarts> => (await connection()).starts(rpc, evm));

      const subscribe = (kind: LiveKind, ...rest: unknown[]): LiveSubscription<unknown> => {
        if (!LIVE_KINDS.has(kind)) {
          throw new RequestValidationError("eth_subscribe", [
            { pointer: "/params/0", message: "must be newHeads, logs or newPendingTransactions" },
          ]);
        }
        // Malformed options fail the first read, before anything is sent.
        return deferredSubscription(kind, async () => (await starts()).start(kind, rest));
      };

      const watch = (kind: LiveKind, ...rest: unknown[]) => {
        const handlers = (kind === "logs" ? rest[1] : rest[0]) as WatchHandlers<unknown>;
        const { onEvent, onError, ...options } = handlers ?? {};
        if (typeof onEvent !== "function") throw new ConfigurationError("onEvent", "must be a function");
        const subscription = subscribe(kind, ...(kind === "logs" ? [rest[0], options] : [options]));
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
        close: async () => (await starts()).close(),
      };
    },
  };
}
