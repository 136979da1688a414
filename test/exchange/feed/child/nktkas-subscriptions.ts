/**
 * Run by nktkas-subscriptions.test.ts with `node --experimental-websocket` (Node 20 has no global
 * WebSocket otherwise; @nktkas/hyperliquid's WebSocketTransport needs one): follows l2Book, allMids,
 * trades and orderUpdates on the sandbox with @nktkas's own SubscriptionClient while its own
 * ExchangeClient (over HTTP) places, fills and cancels orders, then prints what it saw as JSON.
 *
 * Arguments: the sandbox's exchange URL, the trader's private key.
 */
import { ExchangeClient, HttpTransport, SubscriptionClient, WebSocketTransport } from "@nktkas/hyperliquid";
import { privateKeyToAccount } from "viem/accounts";

const [url, key] = process.argv.slice(2) as [string, `0x${string}`];
const wallet = privateKeyToAccount(key);
const transport = new WebSocketTransport({ url: `${url.replace(/^http/, "ws")}/ws` });
const subscriptions = new SubscriptionClient({ transport });
const exchange = new ExchangeClient({ transport: new HttpTransport({ apiUrl: url }), wallet });

const books: { bids: string[] }[] = [];
const mids: Record<string, string>[] = [];
const trades: { tid: number; side: string; users: string[] }[] = [];
const updates: { oid: number; status: string }[] = [];
const seen = (check: () => boolean) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (check()) return resolve();
      if (Date.now() - started > 10_000) return reject(new Error("not seen within 10 s"));
      setTimeout(poll, 10);
    };
    poll();
  });

await subscriptions.l2Book({ coin: "BTC" }, (book) =>
  books.push({ bids: book.levels[0].map((level) => level.px) }),
);
await subscriptions.allMids((event) => mids.push(event.mids));
await subscriptions.trades({ coin: "BTC" }, (list) => trades.push(...list));
await subscriptions.orderUpdates({ user: wallet.address }, (list) =>
  updates.push(...list.map((update) => ({ oid: update.order.oid, status: update.status }))),
);
await seen(() => books.length > 0 && mids.length > 0);

const placed = await exchange.order({
  orders: [{ a: 0, b: true, p: "60000", s: "0.01", r: false, t: { limit: { tif: "Gtc" } } }],
  grouping: "na",
});
const oid = (placed.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
await seen(() => books.some((book) => book.bids.includes("60000.0")));
await seen(() => updates.some((update) => update.oid === oid && update.status === "open"));
const midsBefore = mids.length;
await exchange.cancel({ cancels: [{ a: 0, o: oid }] });
await seen(() => updates.some((update) => update.oid === oid && update.status === "canceled"));
await seen(() => !(books.at(-1)?.bids.includes("60000.0") ?? true));
await seen(() => mids.length > midsBefore);
// A market buy fills against the asks: a trade, and a filled order.
const taken = await exchange.order({
  orders: [{ a: 0, b: true, p: "70000", s: "0.001", r: false, t: { limit: { tif: "Ioc" } } }],
  grouping: "na",
});
const filled = (taken.response.data.statuses[0] as { filled: { oid: number } }).filled.oid;
await seen(() => trades.some((trade) => trade.users[0] === wallet.address.toLowerCase()));
await seen(() => updates.some((update) => update.oid === filled && update.status === "filled"));

process.stdout.write(
  JSON.stringify({ oid, filled, updates, trades: trades.slice(-1), books: books.length, mids: mids.at(-1) }),
);
await transport.close();
