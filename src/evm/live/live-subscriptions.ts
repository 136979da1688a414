import type { EvmMethods } from "../../../generated/evm/client.js";
import type { evmMethods } from "../../../generated/evm/operations.js";
import type { LogSubscriptionFilter } from "../../../generated/evm/types.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import type { WebSocketTransport } from "../../runtime/websocket/websocket-transport.js";
import { EventQueue } from "./event-queue.js";
import type { LiveEventMap, LiveKind } from "./live-events.js";
import type { LiveSubscription } from "./live-methods.js";
import type { SubscriptionHub } from "./subscription-hub.js";
import type { CheckedSubscriptionOptions } from "./subscription-options.js";
// Loaded by the client after its call path: importing it keeps their shared code in one chunk (why: evm-call-path.ts).
import "../client/evm-call-path.js";

/** What the subscriptions of one live client share: its calls, its socket and its answer checks. */
export interface LiveSubscriptionsContext {
  rpc: JsonRpcClient;
  evm: EvmMethods;
  /** The spec's method descriptors, handed over by the client so that the table stays in the client's chunk. */
  descriptors: typeof evmMethods;
  /** The client's WebSocket transport, opened on first use. */
  transport: () => Promise<WebSocketTransport>;
  validateResponse: boolean;
  maxMessageBytes: number;
}

/** The subscriptions of one live client: each started with options already checked, and all closed at once. */
export interface LiveSubscriptions {
  /** Starts one subscription: a failure to start (a bad filter, no socket) fails its first read. */
  subscribe(
    kind: LiveKind,
    filter: LogSubscriptionFilter | undefined,
    options: CheckedSubscriptionOptions,
  ): LiveSubscription<LiveEventMap[LiveKind]>;
  close(): Promise<void>;
}

/**
 * The live half of an EVM client: its subscriptions' queues and the hub that follows the chain for
 * them. The client imports this on its first subscription, so an app that never subscribes does not
 * download it (see `live-connection.ts`, which checks what can be checked before).
 *
 * @example
 * declare const context: LiveSubscriptionsContext; // the client's calls, socket and settings
 * const subscriptions = createLiveSubscriptions(context);
 * const heads = subscriptions.subscribe("newHeads", undefined, checkSubscriptionOptions({}));
 */
export function createLiveSubscriptions(context: LiveSubscriptionsContext): LiveSubscriptions {
  let hub: Promise<SubscriptionHub> | undefined;
  const loadHub = () => {
    hub ??= Promise.all([context.transport(), import("./subscription-hub.js")]).then(([transport, module]) =>
      module.createSubscriptionHub(
        context.evm,
        context.descriptors,
        transport,
        context.validateResponse,
        context.maxMessageBytes,
      ),
    );
    return hub;
  };

  return {
    subscribe(kind, filter, options) {
      const queue = new EventQueue<LiveEventMap[LiveKind]>(options.maxBuffered);
      const subscription = Object.defineProperties(queue, {
        kind: { value: kind, enumerable: true },
        buffered: { get: () => queue.size, enumerable: true },
        unsubscribe: {
          value: async () => {
            await queue.return();
          },
        },
      }) as EventQueue<LiveEventMap[LiveKind]> & LiveSubscription<LiveEventMap[LiveKind]>;
      // The filter is checked against the spec before anything is sent: its validators load on
      // first use, so a bad filter fails the subscription's first read.
      const start = async () => {
        if (filter !== undefined) {
          const issues = await context.rpc.checkParams(context.descriptors.eth_subscribe, ["logs", filter]);
          if (issues.length > 0) throw new RequestValidationError("eth_subscribe", issues);
        }
        (await loadHub()).follow(kind, filter, options, queue);
      };
      start().catch((error: unknown) => queue.fail(error));
      return subscription;
    },
    async close() {
      if (hub !== undefined) await (await hub.catch(() => undefined))?.close();
    },
  };
}
