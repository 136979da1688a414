/**
 * The sandbox feed's faults against createExchangeFeed over real sockets: a stalled connection (open,
 * silent) is replaced by the feed's keep-alive and nothing is lost, and a refused upgrade ends the
 * subscriptions with the refusal when the feed may not dial again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createExchangeClient,
  createExchangeFeed,
  HttpError,
  privateKeySigner,
} from "../../../src/exchange.js";
import { type FeedSandbox, startFeedSandbox } from "./support/feed-sandbox.js";

const KEY = `0x${"c3".repeat(32)}` as const;
const me = { address: await privateKeySigner(KEY).getAddress() };

let sandbox: FeedSandbox;
beforeAll(async () => {
  sandbox = await startFeedSandbox({ users: [me.address] });
});
afterAll(() => sandbox.close());

describe("sandbox feed faults", () => {
  it("replaces a stalled connection and delivers the order update made while it was silent", async () => {
    const feed = createExchangeFeed({
      baseUrl: sandbox.url,
      keepAlive: { interval: 50, timeout: 100 },
      reconnect: { baseDelay: 5 },
    });
    const exchange = createExchangeClient({ baseUrl: sandbox.url, privateKey: KEY, network: "mainnet" });
    try {
      const updates = feed.subscribe({ type: "orderUpdates", user: me.address });
      const mids = feed.subscribe({ type: "allMids" });
      await mids.next(); // subscribed: the snapshot came
      const upgrades = sandbox.server.requestCount;
      sandbox.feed.stallAll();
      const placed = await exchange.order([
        { a: 0, b: true, p: "42000", s: "0.01", r: false, t: { limit: { tif: "Gtc" } } },
      ]);
      const oid = (placed.statuses[0] as { resting: { oid: number } }).resting.oid;
      for (;;) {
        const next = await updates.next();
        if (next.done) throw new Error("the subscription ended");
        if (next.value.some((update) => update.order.oid === oid && update.status === "open")) break;
      }
      expect(sandbox.server.requestCount).toBeGreaterThan(upgrades + 1); // a new upgrade after the order
      await exchange.cancel([{ a: 0, o: oid }]);
    } finally {
      await feed.close();
    }
  });

  it("ends the subscriptions with the refusal when the upgrade is refused and reconnect is off", async () => {
    sandbox.server.setFaults({ upgradeRefuse: 1 });
    const feed = createExchangeFeed({ baseUrl: sandbox.url, reconnect: false });
    try {
      const books = feed.subscribe({ type: "l2Book", coin: "BTC" });
      const error = await books.next().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(503);
    } finally {
      sandbox.server.setFaults({});
      await feed.close();
    }
  });
});
