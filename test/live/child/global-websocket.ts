/**
 * Run by close.test.ts with `--experimental-websocket` (Node 20's flag for the global WebSocket): counts
 * the sockets the global class opens for token-mode and basic-mode clients (none: in Node both go
 * through the ws package, which limits messages while reading and can send the header).
 */
import { createEvmClient } from "../../../src/evm.js";

const [url, token, username, password] = process.argv.slice(2) as [string, string, string, string];
const Global = globalThis.WebSocket;
let opened = 0;
globalThis.WebSocket = class extends Global {
  constructor(...args: ConstructorParameters<typeof Global>) {
    super(...args);
    opened++;
  }
};
const byToken = createEvmClient({ url, credentials: { token }, transport: "websocket" });
const byBasic = createEvmClient({ url, credentials: { username, password }, transport: "websocket" });
const answers = [await byToken.eth_chainId(), await byBasic.eth_chainId()];
await byToken.close();
await byBasic.close();
console.log(JSON.stringify({ answers, opened }));
