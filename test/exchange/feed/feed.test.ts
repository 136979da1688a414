/**
 * createExchangeFeed against the sandbox's exchange feed over real sockets on 127.0.0.1: books and
 * order updates follow orders placed and cancelled, a socket dropped mid-run loses and repeats no
 * fill, an order travels over the socket, and bad input, slow consumers and idle sockets fail as
 * documented.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import {
  createExchangeClient,
  createExchangeFeed,
  createInfoClient,
  type ExchangeFeedOptions,
  FeedOverflowError,
  type L2Book,
  privateKeySigner,
  RequestValidationError,
} from "../../../src/exchange.js";
import { type FeedSandbox, startFeedSandbox } from "./support/feed-sandbox.js";

const KEY = `0x${"d4".repeat(32)}` as const;
const me = { address: await privateKeySigner(KEY).getAddress() };

let sandbox: FeedSandbox;
beforeAll(async () => {
  sandbox = await startFeedSandbox({ users: [me.address], heartbeatTimeoutMs: 400 });
});
afterAll(() => sandbox.close());

/** A feed whose heartbeat keeps it inside the sandbox's 400 ms idle timeout. */
const openFeed = (options: Omit<ExchangeFeedOptions, "baseUrl"> = {}) =>
  createExchangeFeed({
    baseUrl: sandbox.url,
    heartbeatInterval: 100,
    reconnect: { baseDelay: 5 },
    ...options,
  });
const client = () =>
  createExchangeClient({ baseUrl: sandbox.url, privateKey: KEY, network: "mainnet", retry: false });
const bid = (p: string, s = "0.01") => ({
  a: 0,
  b: true,
  p,
  s,
  r: false,
  t: { limit: { tif: "Gtc" as const } },
});
const hasBid = (book: L2Book, px: string) => book.levels[0].some((level) => level.px === px);

/** Reads until `accept` holds, returning what it read last. */
async function until<T>(iterator: AsyncIterator<T>, accept: (value: T) => boolean): Promise<T> {
  for (;;) {
    const { value, done } = await iterator.next();
    if (done) throw new Error("the subscription ended");
    if (accept(value)) return value;
  }
}

describe("createExchangeFeed against the sandbox", () => {
  it("follows l2Book and orderUpdates while an order is placed and cancelled", async () => {
    const feed = openFeed();
    const exchange = client();
    try {
      const books = feed.subscribe({ type: "l2Book", coin: "BTC" });
      const snapshot = (await books.next()).value as L2Book;
      const [bestBid, bestAsk] = [snapshot.levels[0][0]?.px, snapshot.levels[1][0]?.px].map(Number);
      const px = String(Math.floor(((bestBid as number) + (bestAsk as number)) / 2));
      expect(hasBid(snapshot, `${px}.0`)).toBe(false);
      const updates = feed.subscribe({ type: "orderUpdates", user: me.address });

      const placed = await exchange.order([bid(px)]);
      const oid = (placed.statuses[0] as { resting: { oid: number } }).resting.oid;
      await until(books, (book) => hasBid(book, `${px}.0`));
      const [opened] = await until(updates, (list) => list.some((update) => update.order.oid === oid));
      expect(opened).toMatchObject({
        status: "open",
        order: { oid, coin: "BTC", side: "B", limitPx: `${px}.0` },
      });

      await exchange.cancel([{ a: 0, o: oid }]);
      await until(books, (book) => !hasBid(book, `${px}.0`));
      const [cancelled] = await until(updates, (list) => list.some((update) => update.order.oid === oid));
      expect(cancelled).toMatchObject({ status: "canceled", order: { oid } });
    } finally {
      await feed.close();
    }
  });

  it("delivers the order updates made while the socket was down, after the reconnect", async () => {
    const feed = openFeed();
    const exchange = client();
    try {
      const updates = feed.subscribe({ type: "orderUpdates", user: me.address });
      const placed = await exchange.order([bid("41000")]);
      const oid = (placed.statuses[0] as { resting: { oid: number } }).resting.oid;
      await until(updates, (list) => list.some((update) => update.order.oid === oid));
      const upgrades = sandbox.server.requestCount;
      sandbox.feed.dropAll();
      await exchange.cancel([{ a: 0, o: oid }]); // while the feed dials again
      const [cancelled] = await until(updates, (list) => list.some((update) => update.order.oid === oid));
      expect(cancelled).toMatchObject({ status: "canceled", order: { oid } });
      expect(sandbox.server.requestCount).toBeGreaterThan(upgrades + 1); // it did dial again
    } finally {
      await feed.close();
    }
  });

  it("sends an order with post over the open socket: no HTTP request, the same checks and signing", async () => {
    const feed = openFeed();
    try {
      const exchange = createExchangeClient({
        baseUrl: sandbox.url,
        privateKey: KEY,
        network: "mainnet",
        fetch: feed.fetch,
        timeout: 10_000,
      });
      const info = createInfoClient({ baseUrl: sandbox.url, fetch: feed.fetch });
      await info.meta(); // opens the socket (its upgrade is one request)
      const requestsBefore = sandbox.server.requestCount;
      const placed = await exchange.order([bid("40000")]);
      const oid = (placed.statuses[0] as { resting: { oid: number } }).resting.oid;
      const status = await info.orderStatus(me.address, oid);
      expect(status).toMatchObject({ status: "order", order: { status: "open" } });
      await exchange.cancel([{ a: 0, o: oid }]);
      expect(sandbox.server.requestCount).toBe(requestsBefore);
      // A bad order is refused before signing, as over HTTP.
      await expect(exchange.order([bid("40000.123456")])).rejects.toMatchObject({
        name: "RequestValidationError",
        issues: [expect.objectContaining({ pointer: "/orders/0/p" })],
      });
    } finally {
      await feed.close();
    }
  });

  it("loses and repeats no fill when the socket is dropped mid-run", async () => {
    const feed = openFeed();
    const exchange = client();
    const info = createInfoClient({ baseUrl: sandbox.url });
    try {
      const before = (await info.userFills(me.address)).length;
      const fills = feed.subscribe({ type: "userFills", user: me.address });
      const snapshot = await until(fills, () => true);
      expect(snapshot.isSnapshot).toBe(true);
      const seen = snapshot.fills.map((fill) => fill.tid);

      // Market buys (Ioc above the asks) fill at once; the socket is dropped twice while they go on.
      const taker = {
        a: 0,
        b: true,
        p: "70000",
        s: "0.001",
        r: false,
        t: { limit: { tif: "Ioc" as const } },
      };
      for (let round = 0; round < 9; round++) {
        if (round === 3 || round === 6) sandbox.feed.dropAll();
        await exchange.order([taker]);
      }
      const expected = (await info.userFills(me.address)).length;
      expect(expected - before).toBe(9);
      while (seen.length < expected) {
        const message = await until(fills, () => true);
        expect(message.isSnapshot).toBeUndefined();
        seen.push(...message.fills.map((fill) => fill.tid));
      }
      const all = (await info.userFills(me.address)).map((fill) => fill.tid);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...all].sort());
    } finally {
      await feed.close();
    }
  });

  it("watch hands each message to a callback; stopping it, break and an aborted signal unsubscribe on the service", async () => {
    const feed = openFeed();
    try {
      const seen: unknown[] = [];
      let first: () => void = () => {};
      const firstSeen = new Promise<void>((resolve) => {
        first = resolve;
      });
      const stop = feed.watch(
        { type: "allMids" },
        {
          onMessage: (data) => {
            seen.push(data.mids);
            first();
          },
        },
      );
      await firstSeen;
      const controller = new AbortController();
      const books = feed.subscribe({ type: "l2Book", coin: "ETH" }, { signal: controller.signal });
      await books.next();
      for await (const _trade of feed.subscribe({ type: "bbo", coin: "BTC" })) break;
      expect(sandbox.feed.subscriptions).toBeGreaterThanOrEqual(2);
      await stop();
      controller.abort();
      expect(await books.next()).toEqual({ value: undefined, done: true });
      await vi.waitFor(() => expect(sandbox.feed.subscriptions).toBe(0));
      expect(seen[0]).toHaveProperty("BTC");
    } finally {
      await feed.close();
    }
  });

  it("refuses a malformed subscription before sending it, naming the field", async () => {
    const feed = openFeed();
    try {
      const books = feed.subscribe({ type: "l2Book", coin: "BTC", nSigFigs: 7 } as never);
      const error = await books.next().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.pointer).toBe("/nSigFigs");
    } finally {
      await feed.close();
    }
  });

  it("ends an order-update subscription whose consumer falls behind with FeedOverflowError, and keeps the latest book", async () => {
    const feed = openFeed();
    const exchange = client();
    try {
      const updates = feed.subscribe({ type: "orderUpdates", user: me.address }, { maxBuffered: 1 });
      const books = feed.subscribe({ type: "l2Book", coin: "BTC" }, { maxBuffered: 1 });
      // Read as the books come: a message reaches every subscription to it in one dispatch, and the
      // sandbox pushes each change's order update before its book. So once this one holds the book
      // after the last cancel, `updates` and `books` have had everything (however late the socket is).
      const watched = feed.subscribe({ type: "l2Book", coin: "BTC" });
      await until(books, () => true);
      for (const px of ["59990", "59991", "59992"]) {
        const placed = await exchange.order([bid(px)]);
        await exchange.cancel([
          { a: 0, o: (placed.statuses[0] as { resting: { oid: number } }).resting.oid },
        ]);
      }
      let placedLast = false;
      await until(watched, (book) => {
        const resting = hasBid(book as L2Book, "59992.0");
        placedLast ||= resting;
        return placedLast && !resting;
      });
      await expect(updates.next()).rejects.toBeInstanceOf(FeedOverflowError);
      expect(books.dropped).toBeGreaterThan(0);
      expect(books.buffered).toBe(1);
      const latest = (await books.next()).value as L2Book;
      expect(hasBid(latest, "59992.0")).toBe(false);
    } finally {
      await feed.close();
    }
  });

  it("keeps an idle subscription open with its heartbeat, while the sandbox closes a silent socket", async () => {
    const silent = new WebSocket(`${sandbox.url.replace("http", "ws")}/ws`);
    const closed = new Promise<number>((resolve) => silent.on("close", (code) => resolve(code)));
    const feed = openFeed({ keepAlive: false });
    try {
      const mids = feed.subscribe({ type: "allMids" });
      await until(mids, () => true);
      const requests = sandbox.server.requestCount;
      expect(await closed).toBe(1000);
      await new Promise((resolve) => setTimeout(resolve, 600)); // past the sandbox's 400 ms timeout again
      expect(feed.connected).toBe(true);
      expect(sandbox.server.requestCount).toBe(requests); // no new upgrade: the same socket
    } finally {
      await feed.close();
    }
  });
});
