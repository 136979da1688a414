/**
 * Hostile pushes over the live WebSocket: random sequences of heads (odd numbers, 2^64, self-parents,
 * other branches), logs, pending hashes, notifications for ids nobody asked for, text that is not JSON
 * and close frames, with validation on and off. Every run must end in events or a typed error on the
 * subscription (never an uncaught exception), delivered heads must link to each other, and the
 * requests the client sends back stay under a ceiling.
 */
import { inspect } from "node:util";
import {
  ChainkitError,
  createEvmClient,
  type EvmLiveClient,
  type LiveKind,
  type LiveSubscription,
} from "chainkit/evm";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  block,
  type HostilePeer,
  hashOf,
  header,
  NO_ANSWER,
  startHostileWebSocketNode,
} from "../support/hostile-websocket-node.js";
import { FuzzTally, fuzzParameters } from "./support/fuzz-config.js";

const TOKEN = "fuzz-live-token-4e8a1c";
const ID = "0x5ub";
/** How long a run reads after the last push: long enough for catch-up to settle on loopback. */
const SETTLE_MS = 250;
/** Most requests one run may cause: the start, a resubscribe per close, a window of 50 per target. */
const MOST_REQUESTS = 400;

type Push =
  | { kind: "head"; number: unknown; parent: "chain" | "self" | "other"; tag: "a" | "b" }
  | { kind: "new heads"; count: number }
  | { kind: "log"; blockNumber: unknown; logIndex: unknown; address: string }
  | { kind: "hash"; value: unknown }
  | { kind: "other id"; size: number }
  | { kind: "text"; text: string }
  | { kind: "close"; code: number };

const hex = (n: bigint) => `0x${n.toString(16)}`;
const oddNumber = fc.constantFrom<unknown>("12.5", "1e3", "0x", "0x10000000000000000", 7, null, "-0x1", "");

const push: fc.Arbitrary<Push> = fc.oneof(
  fc.record({ kind: fc.constant("new heads" as const), count: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    kind: fc.constant("head" as const),
    number: fc.oneof(
      { weight: 4, arbitrary: fc.bigInt({ min: 4n, max: 14n }).map(hex) },
      { weight: 1, arbitrary: oddNumber },
    ),
    parent: fc.constantFrom("chain" as const, "chain" as const, "self" as const, "other" as const),
    tag: fc.constantFrom("a" as const, "a" as const, "b" as const),
  }),
  fc.record({
    kind: fc.constant("log" as const),
    blockNumber: fc.oneof(fc.bigInt({ min: 4n, max: 14n }).map(hex), oddNumber),
    logIndex: fc.oneof(
      fc.nat({ max: 5 }).map((n) => hex(BigInt(n))),
      oddNumber,
    ),
    address: fc.constantFrom(`0x${"11".repeat(20)}`, `0x${"22".repeat(20)}`),
  }),
  fc.record({
    kind: fc.constant("hash" as const),
    value: fc.oneof(
      fc.nat().map((n) => `0x${n.toString(16).padStart(64, "0")}`),
      fc.jsonValue(),
    ),
  }),
  fc.record({ kind: fc.constant("other id" as const), size: fc.constantFrom(10, 10_000, 300_000) }),
  fc.record({ kind: fc.constant("text" as const), text: fc.oneof(fc.string(), fc.json()) }),
  fc.record({ kind: fc.constant("close" as const), code: fc.constantFrom(1000, 1001, 1009, 1011, 4000) }),
);

let head = 5n;
let pushes: Push[] = [];
/** Whether the node has pushed the whole list of this run (the quiet time counts from then). */
let pushedAll = false;
const node = await startHostileWebSocketNode({
  onCall(call, peer) {
    if (call.method === "eth_chainId") return "0x1";
    if (call.method === "eth_blockNumber") return hex(head);
    if (call.method === "eth_getLogs") return [];
    if (call.method === "eth_unsubscribe") return true;
    if (call.method === "eth_getBlockByNumber") {
      const tag = call.params[0] as string;
      const number = tag === "latest" ? head : BigInt(tag);
      return number > head || number < 0n
        ? null
        : block(number, number === 0n ? hashOf(0n, "f") : hashOf(number - 1n));
    }
    if (call.method === "eth_subscribe") {
      peer.answer(call.id, ID);
      void pushAll(peer, pushes).finally(() => {
        pushedAll = true;
      });
      return NO_ANSWER;
    }
    return null;
  },
});
const tally = new FuzzTally();

afterAll(async () => {
  console.log(tally.summary("Live pushes fuzz"));
  await node.close();
});

async function pushAll(peer: HostilePeer, list: readonly Push[]): Promise<void> {
  for (const item of list) {
    await new Promise((resolve) => setImmediate(resolve));
    if (item.kind === "new heads") {
      for (let i = 0; i < item.count; i++) {
        head++;
        peer.push(ID, header(head, hashOf(head - 1n)));
      }
    } else if (item.kind === "head") {
      const number =
        typeof item.number === "string" && /^0x[0-9a-f]{1,2}$/.test(item.number)
          ? BigInt(item.number)
          : undefined;
      if (number !== undefined && item.parent === "chain" && item.tag === "a" && number > head) head = number;
      const base = header(number ?? 6n, hashOf((number ?? 6n) - 1n), item.tag);
      const parentHash =
        item.parent === "self"
          ? base.hash
          : item.parent === "other"
            ? hashOf(number ?? 6n, "c")
            : base.parentHash;
      peer.push(ID, { ...base, number: item.number, parentHash });
    } else if (item.kind === "log") {
      peer.push(ID, {
        address: item.address,
        topics: [],
        data: "0x",
        blockNumber: item.blockNumber,
        blockHash: hashOf(6n),
        logIndex: item.logIndex,
        transactionHash: `0x${"33".repeat(32)}`,
        transactionIndex: "0x0",
        removed: false,
      });
    } else if (item.kind === "hash") peer.push(ID, item.value);
    else if (item.kind === "other id") peer.push(`0x${item.size.toString(16)}`, "x".repeat(item.size));
    else if (item.kind === "text") await peer.sendText(item.text);
    else if (peer.socket.readyState === peer.socket.OPEN) peer.socket.close(item.code);
  }
}

/**
 * Reads until the subscription ends, or stays quiet for `SETTLE_MS` once the node has pushed
 * everything (or 5 s have passed without its subscribing); returns the events and how it ended.
 */
async function drain<E>(subscription: LiveSubscription<E>): Promise<{ events: E[]; error: unknown }> {
  const events: E[] = [];
  const giveUpAt = Date.now() + 5_000;
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const quiet = new Promise<"quiet">((resolve) => {
      const wait = () => {
        timer = setTimeout(() => (pushedAll || Date.now() > giveUpAt ? resolve("quiet") : wait()), SETTLE_MS);
      };
      wait();
    });
    try {
      const next = await Promise.race([subscription.next(), quiet]);
      if (next === "quiet" || next.done) return { events, error: undefined };
      events.push(next.value);
    } catch (error) {
      return { events, error };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Delivered heads link: each is the one after the head before it, unless a reorg event came between. */
function expectLinkedHeads(events: readonly unknown[]): void {
  let previous: { number: string; hash: string } | undefined;
  for (const event of events as {
    type: string;
    head?: { number: string; hash: string; parentHash: string };
  }[]) {
    if (event.type === "reorg") previous = undefined;
    if (event.type !== "head" || event.head === undefined) continue;
    if (previous !== undefined) {
      expect(event.head.parentHash).toBe(previous.hash);
      expect(BigInt(event.head.number)).toBe(BigInt(previous.number) + 1n);
    }
    previous = event.head;
  }
}

describe("hostile pushes over the live WebSocket", () => {
  it.each(["newHeads", "logs", "newPendingTransactions"] as const)(
    "%s: events or a typed error, heads linked, requests bounded",
    async (kind: LiveKind) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(push, { minLength: 1, maxLength: 30 }),
          fc.boolean(),
          async (list, validate) => {
            head = 5n;
            pushes = list;
            pushedAll = false;
            const before = node.calls.length;
            const live: EvmLiveClient = createEvmClient({
              url: node.url,
              credentials: { token: TOKEN },
              transport: "websocket",
              validateResponse: validate,
              reconnect: { attempts: 3, baseDelay: 5, maxDelay: 20 },
              keepAlive: false,
              retry: { retries: 1, baseDelay: 5, maxDelay: 10 },
            });
            const label = `${kind} (validation ${validate ? "on" : "off"})`;
            try {
              const subscription = (live.subscribe as (kind: LiveKind) => LiveSubscription<unknown>)(kind);
              const { events, error } = await drain(subscription);
              if (error !== undefined) {
                if (!(error instanceof ChainkitError)) {
                  tally.count(label, "crashes");
                  throw new Error(
                    `${JSON.stringify(list).slice(0, 400)} ended in ${inspect(error).slice(0, 400)}`,
                  );
                }
                tally.count(label, "typed errors");
              } else tally.count(label, "event runs");
              tally.count(label, "events", events.length);
              expectLinkedHeads(events);
            } finally {
              await live.close();
            }
            const requests = node.calls.length - before;
            tally.count(label, "requests", requests);
            expect(requests).toBeLessThan(MOST_REQUESTS);
          },
        ),
        fuzzParameters(),
      );
    },
  );
});
