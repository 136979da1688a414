/**
 * Run by close.test.ts in a child process: follows a book and a user's fills, has a query in flight
 * over the socket, closes the feed and prints what keeps the event loop alive. It never calls
 * process.exit: the parent checks that the process ends by itself.
 */
import { createExchangeFeed, createInfoClient } from "../../../../src/exchange.js";

const [url, user] = process.argv.slice(2) as [string, string];
const feed = createExchangeFeed({
  baseUrl: url,
  heartbeatInterval: 20,
  keepAlive: { interval: 20, timeout: 5_000 },
});
const books = feed.subscribe({ type: "l2Book", coin: "BTC" });
const fills = feed.subscribe({ type: "userFills", user });
const first = await books.next();
await fills.next();
const info = createInfoClient({ baseUrl: url, fetch: feed.fetch, retry: false });
await info.allMids();
const waiting = info.l2Book("BTC").then(
  () => "answered",
  (error: Error) => error.name,
);
await feed.close();
const outcome = await waiting;
const ended = await books.next();
const alive = process
  .getActiveResourcesInfo()
  .filter((kind) => kind === "TCPSocketWrap" || kind === "Timeout");
console.log(JSON.stringify({ book: first.value?.coin, outcome, ended: ended.done, alive }));
