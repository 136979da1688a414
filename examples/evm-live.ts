// Needs chainkit alone; run it with tsx.
/**
 * Follow new blocks and logs of an EVM node (HyperEVM) over its WebSocket endpoint, without missing any.
 *
 * 1. `createEvmClient({ url, credentials, transport: "websocket" })` takes the node's HTTPS URL and
 *    credentials, as over HTTP, and connects to its WebSocket endpoint: `wss://host/ws/<token>` in token
 *    mode, `wss://host/ws` with basic auth on the upgrade request. Every method works over it as over HTTP.
 * 2. `live.subscribe("newHeads")` is an async iterator: a `head` event per block, in chain order, and a
 *    `reorg` event, naming the heads that left the chain, when the chain reorganises.
 * 3. `live.subscribe("logs", { address, topics })` delivers the logs that match, in chain order; logs of
 *    blocks a reorganisation removed come again with `removed: true`.
 * 4. Connections fail: a dropped or silent one is replaced (reconnect with backoff and jitter, keep-alive
 *    requests), every subscription is made again, and what arrived meanwhile is fetched over JSON-RPC and
 *    delivered first, once. A consumer slower than the chain holds at most `maxBuffered` events; the rest
 *    is fetched when it catches up. `break` stops a subscription; `close()` stops everything.
 *
 * The example talks to chainkit's local sandbox, which serves the WebSocket endpoint next to `/evm`: the
 * one `chainkit sandbox --env` describes in `CHAINKIT_*` variables, or one it starts. The sandbox can drop
 * its sockets on purpose: the one started here drops about one message in ten (as
 * `chainkit sandbox --faults "evm:socketDrop=0.1"` does), and the output is the same. For a real node,
 * pass its `details.https_endpoint` and `details.auth_key` (or use `nodeAccess(node)` from
 * `chainkit/platform`), and your own key.
 *
 * Subscriptions cannot be tried from the docs portal's pages: each "Try it" sends one HTTP request, and
 * `eth_subscribe` needs a WebSocket that stays open (its form says so). The reads this example makes
 * over JSON-RPC can be tried there; the subscriptions run here, against a sandbox of their own.
 */
import { createEvmClient, privateKeySigner } from "chainkit/evm";
import { sandboxEnv } from "./support/sandbox-env.js";

const env = await sandboxEnv({ faults: { evm: { socketDrop: 0.1, seed: 7 } } });
const url = env.get("CHAINKIT_EVM_URL");
const credentials = { token: env.get("CHAINKIT_NODE_TOKEN") };
const live = createEvmClient({ url, credentials, transport: "websocket" });
// Transactions go over HTTP: sending one is not retried, so it should not ride a socket that may drop.
// A client that signs pins its chain: the sandbox's has HyperEVM mainnet's id.
const evm = createEvmClient({ url, credentials, chainId: 999 });
try {
  const chainId = await live.eth_chainId();
  console.log(`chain ${chainId} over ${url.replace("http", "ws")}/ws/…`);

  // Each of these transactions creates a contract whose creation code emits one log: topic 0 is TOPIC,
  // the data a number. (Over the network, filter on a real contract's address and event topics.)
  const TOPIC = `0x${"e7".repeat(32)}`;
  const emitting = (value: number): `0x${string}` =>
    `0x60${value.toString(16).padStart(2, "0")}6000527f${TOPIC.slice(2)}60206000a100`;

  // From the next block on, whenever the subscriptions are up (fromBlock also resumes after a restart).
  const fromBlock = BigInt(await live.eth_blockNumber()) + 1n;
  const heads = live.subscribe("newHeads", { fromBlock });
  const logs = live.subscribe("logs", { topics: [TOPIC] }, { fromBlock });

  // Five blocks with one log each, from transactions signed here (nonce, fees and chain id filled in).
  const signer = privateKeySigner(env.get("CHAINKIT_EVM_PRIVATE_KEY"));
  for (let value = 1; value <= 5; value++) {
    await evm.sendTransaction({ data: emitting(value), gas: 100_000n }, signer);
  }

  let seen = 0;
  for await (const event of heads) {
    if (event.type === "reorg")
      console.log(`reorg: ${event.depth} blocks replaced after ${event.ancestor.number}`);
    else console.log(`head ${Number(event.head.number)} ${event.head.hash}`);
    if (++seen === 5) break; // stops the subscription
  }
  seen = 0;
  for await (const { log } of logs) {
    console.log(
      `log in block ${Number(log.blockNumber)}: value ${Number(log.data)}${log.removed ? " (removed)" : ""}`,
    );
    if (++seen === 5) break;
  }
} finally {
  await live.close();
  await env.close();
}
