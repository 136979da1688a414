/**
 * The benchmark's JSON-RPC WebSocket server, run in a forked child like bench/server.ts so its CPU
 * is not charged to the clients. Any path; 127.0.0.1, a free port (sent to the parent once listening).
 *
 * - `eth_getTransactionByHash` answers the real type-2 transaction; `eth_chainId` `0x1`.
 * - `eth_getBlockByNumber` answers a header of a synthetic chain built on the real block 15,571,241
 *   (its fields, with number, hash and parentHash rewritten so each block links to the one before);
 *   `latest` is the last head pushed.
 * - `eth_subscribe` `newHeads` answers an id and, `BURST_DELAY_MS` later, pushes the next `burst` heads
 *   of that chain as fast as the socket takes them; `bench_setBurst [n]` sets `burst`, and
 *   `bench_burstStartedAt` answers when the last burst began (epoch milliseconds, fractional), so a
 *   client can time the whole burst from the first send to the last head it handled.
 * - `eth_unsubscribe` answers `true`; other methods get -32601.
 */
import { createServer } from "node:http";
import { WebSocketServer } from "ws";
import { block58, transaction } from "./lib/fixtures.js";

const BURST_DELAY_MS = 20;
const { transactions: _, ...header58 } = block58;
const transactionText = JSON.stringify(transaction);
let burst = 1000;
let latest = 1_000_000;
let subscriptions = 0;
let burstStartedAt = 0;
const now = () => performance.timeOrigin + performance.now();

const hashOf = (number: number) => `0x${number.toString(16).padStart(64, "0")}`;
const headerOf = (number: number) => ({
  ...header58,
  number: `0x${number.toString(16)}`,
  hash: hashOf(number),
  parentHash: hashOf(number - 1),
});
const blockOf = (number: number) => JSON.stringify({ ...headerOf(number), transactions: [], uncles: [] });

interface Request {
  id?: unknown;
  method?: unknown;
  params?: unknown[];
}

const server = createServer();
const sockets = new WebSocketServer({ server });
sockets.on("connection", (socket) => {
  const answer = (request: Request): string => {
    const id = JSON.stringify(request.id ?? null);
    const result = (text: string) => `{"jsonrpc":"2.0","id":${id},"result":${text}}`;
    switch (request.method) {
      case "eth_getTransactionByHash":
        return result(transactionText);
      case "eth_chainId":
        return result('"0x1"');
      case "eth_getBlockByNumber": {
        const tag = request.params?.[0];
        return result(blockOf(tag === "latest" ? latest : Number(tag)));
      }
      case "eth_subscribe": {
        const subscription = `0x${(++subscriptions).toString(16)}`;
        const first = latest + 1;
        const count = burst;
        setTimeout(() => {
          burstStartedAt = now();
          for (let n = first; n < first + count; n++) {
            latest = n;
            socket.send(
              `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${subscription}","result":${JSON.stringify(headerOf(n))}}}`,
            );
          }
        }, BURST_DELAY_MS);
        return result(`"${subscription}"`);
      }
      case "eth_unsubscribe":
        return result("true");
      case "bench_burstStartedAt":
        return result(String(burstStartedAt));
      case "bench_setBurst":
        burst = Number(request.params?.[0]);
        return result("true");
      default:
        return `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"method not found"}}`;
    }
  };
  socket.on("message", (data: Buffer) => {
    const body = JSON.parse(data.toString()) as Request | Request[];
    socket.send(Array.isArray(body) ? `[${body.map(answer).join(",")}]` : answer(body));
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
});
process.on("disconnect", () => {
  for (const client of sockets.clients) client.terminate();
  server.close(() => process.exit(0));
});
process.on("SIGTERM", () => process.exit(0));
