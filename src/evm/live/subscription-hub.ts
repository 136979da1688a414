import type { EvmMethods } from "../../../generated/evm/client.js";
import type { LogSubscriptionFilter } from "../../../generated/evm/types.js";
import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import type { WebSocketTransport } from "../../runtime/websocket/websocket-transport.js";
import { EarlyNotifications } from "./early-notifications.js";
import type { EventQueue } from "./event-queue.js";
import type { Follower, FollowerContext } from "./follower.js";
import { HeadFollower } from "./head-follower.js";
import type {
  LiveEventMap,
  LiveKind,
  LogEvent,
  NewHeadsEvent,
  NewPendingTransactionsEvent,
} from "./live-events.js";
import { LogFollower } from "./log-follower.js";
import { PendingFollower } from "./pending-follower.js";
import { loadPushedItemChecks, type PushedItemMethods } from "./pushed-item-checks.js";
import type { CheckedSubscriptionOptions } from "./subscription-options.js";
// Loaded by the client after its call path: importing it keeps their shared code in one chunk (why: evm-call-path.ts).
import "../client/evm-call-path.js";

/** The subscriptions of one client, over its one connection. */
export interface SubscriptionHub {
  /** Starts a follower of `kind` that feeds `queue`. */
  follow(
    kind: LiveKind,
    filter: LogSubscriptionFilter | undefined,
    options: CheckedSubscriptionOptions,
    queue: EventQueue<LiveEventMap[LiveKind]>,
  ): void;
  /** Ends every subscription (their iterations finish without error). */
  close(): Promise<void>;
}

/** How long stopping a subscription on the node may take before it is left to the connection's end. */
const UNSUBSCRIBE_TIMEOUT_MS = 5_000;

/**
 * Routes `eth_subscription` notifications to their subscriptions by id, subscribes every subscription
 * again each time a socket opens, tells them when the connection drops, and ends them when dialing
 * gives up.
 *
 * The client hands over its generated methods and descriptors: this code loads on first use and
 * imports no generated value, so the table stays in the client's own chunk.
 *
 * @param evm - The generated methods over the JSON-RPC client on `transport` (calls are checked
 *   and validated as usual).
 * @param methods - The descriptors whose validators check pushed items (`evmMethods`).
 * @param transport - The WebSocket transport.
 * @param validates - Whether pushed items are checked against the spec.
 * @param rememberBytes - Bytes of delivered logs each log subscription remembers for reorgs.
 * @returns The hub.
 * @example
 * const transport = createWebSocketTransport({
 *   url: `wss://nd-1.example.com/ws/${token}`,
 *   headers: {},
 *   redact: (text) => text.replaceAll(token, "***"),
 *   choice: checkWebSocketChoice({ needsHeaders: false }),
 *   maxMessageBytes: DEFAULT_MAX_RESPONSE_BYTES,
 *   handshakeTimeout: 10_000,
 *   reconnect: resolveReconnectPolicy({}),
 *   keepAlive: resolveKeepAlivePolicy({}),
 *   keepAliveMethod: "eth_chainId",
 * });
 * const evm = createEvmMethods(createJsonRpcClient({ transport }));
 * const hub = await createSubscriptionHub(evm, evmMethods, transport, true, DEFAULT_MAX_RESPONSE_BYTES);
 * const options = { signal: undefined, maxBuffered: 1000, fromBlock: undefined, maxReorgDepth: 64, verifyHeads: false };
 * hub.follow("newHeads", undefined, options, new EventQueue(1000));
 */
export async function createSubscriptionHub(
  evm: EvmMethods,
  methods: PushedItemMethods,
  transport: WebSocketTransport,
  validates: boolean,
  rememberBytes: number,
): Promise<SubscriptionHub> {
  const checks = await loadPushedItemChecks(methods);
  const followers = new Set<Follower<unknown>>();
  const byId = new Map<string, Follower<unknown>>();
  // Items can arrive before the `eth_subscribe` answer has been read back: keep them for a moment.
  // Only while an eth_subscribe is under way: items for other unknown ids (a subscription just
  // stopped, whose node has not read eth_unsubscribe yet) are dropped at once.
  const early = new EarlyNotifications();
  let subscribing = 0;
  let epoch = 0;

  const context: FollowerContext = {
    checks,
    evm,
    validates,
    rememberBytes,
    connected: () => transport.connected,
    epoch: () => epoch,
    async subscribe(follower) {
      const at = epoch;
      const [kind, filter] = follower.subscribeParams();
      subscribing++;
      let id: string;
      try {
        id = await evm.eth_subscribe(kind, filter);
      } finally {
        subscribing--;
      }
      const waiting = early.take(id);
      if (subscribing === 0) early.clear();
      if (at !== epoch || !followers.has(follower)) return false;
      if (byId.has(id)) {
        // Its items could not be told apart from the other subscription's: refuse it, loudly.
        throw new ResponseValidationError("eth_subscribe", 101, [
          { pointer: "/result", message: "is the id the node gave another subscription on this connection" },
        ]);
      }
      follower.nodeId = id;
      byId.set(id, follower);
      for (const item of waiting.items) follower.notify(item);
      if (waiting.dropped > 0 || waiting.unplaced) follower.missed(waiting.dropped);
      return true;
    },
    async release(follower) {
      followers.delete(follower);
      const id = follower.nodeId;
      if (id === undefined) return;
      byId.delete(id);
      follower.nodeId = undefined;
      if (!transport.connected) return;
      await evm.eth_unsubscribe(id, { timeout: UNSUBSCRIBE_TIMEOUT_MS }).catch(() => undefined);
    },
  };

  transport.listen({
    onOpen() {
      epoch++;
      byId.clear();
      early.clear();
      for (const follower of [...followers]) void follower.resubscribe();
    },
    onDown() {
      epoch++;
      byId.clear();
      early.clear();
      for (const follower of followers) follower.disconnected();
    },
    onGiveUp(error) {
      for (const follower of [...followers]) follower.fail(error);
    },
    onNotification(message, bytes) {
      if (message.method !== "eth_subscription") return;
      const params = message.params as { subscription?: unknown; result?: unknown } | undefined;
      const id = params?.subscription;
      if (typeof id !== "string") return;
      const follower = byId.get(id);
      if (follower !== undefined) return follower.notify(params?.result);
      if (subscribing > 0) early.keep(id, params?.result, bytes);
    },
  });

  return {
    follow(kind, filter, options, queue) {
      if (queue.ended) return; // stopped before the code had loaded
      const follower = (
        kind === "newHeads"
          ? new HeadFollower(context, queue as EventQueue<NewHeadsEvent>, options)
          : kind === "logs"
            ? new LogFollower(context, queue as EventQueue<LogEvent>, options, filter ?? {})
            : new PendingFollower(context, queue as EventQueue<NewPendingTransactionsEvent>, options)
      ) as Follower<unknown>;
      follower.start().then(
        () => {
          if (queue.ended) return;
          followers.add(follower);
          if (transport.connected) void follower.resubscribe();
          // Not connected yet: dial; every follower subscribes when the socket opens.
          else transport.connect(Number.POSITIVE_INFINITY).catch(() => undefined);
        },
        (error: unknown) => follower.fail(error),
      );
    },
    async close() {
      for (const follower of [...followers]) follower.end();
      followers.clear();
      byId.clear();
      early.clear();
    },
  };
}
