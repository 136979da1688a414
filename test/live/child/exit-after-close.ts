/**
 * Run by close.test.ts in a child process: follows heads over a WebSocket, closes the client and
 * prints what keeps the event loop alive. It never calls process.exit: the parent checks that the
 * process ends by itself.
 */
import { createEvmClient } from "../../../src/evm.js";

const [url, token] = process.argv.slice(2) as [string, string];
const live = createEvmClient({
  url,
  credentials: { token },
  transport: "websocket",
  keepAlive: { interval: 20, timeout: 5_000 },
});
const subscription = live.subscribe("newHeads");
const first = await subscription.next();
await live.eth_chainId();
// A call still waiting when close() comes, and a dial that is under way.
const waiting = live.eth_blockNumber().catch((error: Error) => error.name);
await live.close();
const outcome = await waiting;
const alive = process
  .getActiveResourcesInfo()
  .filter((kind) => kind === "TCPSocketWrap" || kind === "Timeout");
console.log(JSON.stringify({ head: first.done ? null : first.value.type, outcome, alive }));
