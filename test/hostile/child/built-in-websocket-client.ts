/**
 * Run by websocket-size.test.ts with `--experimental-websocket` (Node 20's flag for the global
 * WebSocket, which Node 22 has by default): one call over a token-mode WebSocket client with a 1 MiB
 * message limit, printing how it ended. The node it calls answers with an endless fragmented message.
 */
import { createEvmClient } from "../../../src/evm.js";

const [url, token] = process.argv.slice(2) as [string, string];
const live = createEvmClient({
  url,
  credentials: { token },
  transport: "websocket",
  maxResponseBytes: 1024 * 1024,
  retry: false,
  reconnect: false,
});
const outcome = await live.eth_chainId().then(
  () => "answered",
  (error: Error) => error.name,
);
await live.close();
console.log(JSON.stringify({ outcome, global: typeof globalThis.WebSocket }));
