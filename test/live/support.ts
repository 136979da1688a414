import {
  createEvmClient,
  type EvmClientOptions,
  type EvmLiveClient,
  type LiveSubscription,
} from "chainkit/evm";
import { createEvmSurface, type EvmSurface } from "../../src/sandbox/evm/evm-surface.js";
import { createEvmWebSocketServer, type EvmWebSocketServer } from "../../src/sandbox/evm/websocket-server.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";

/** The credentials the test node accepts. */
export const secrets = {
  token: "live-test-token-5c2e81d0",
  username: "live-user",
  password: "live-password-3f7a9b",
};

/** An EVM node on 127.0.0.1: the sandbox's surface on its Cancun chain, served over HTTP and WebSocket. */
export interface TestNode {
  evm: EvmSurface;
  ws: EvmWebSocketServer;
  server: SurfaceServer;
  url: string;
  /** A client over the node's WebSocket endpoint, with fast keep-alive and reconnects for tests. */
  live(options?: Partial<EvmClientOptions>): EvmLiveClient;
  close(): Promise<void>;
}

/** Fast timings, so drops and stalls are noticed within a test's budget. */
export const FAST = {
  reconnect: { baseDelay: 5, maxDelay: 50, attempts: 50 },
  keepAlive: { interval: 150, timeout: 150 },
  retry: { retries: 10, baseDelay: 5, maxDelay: 50 },
} as const;

/**
 * Starts a test node (no demo block unless asked).
 *
 * @example
 * const node = await startNode();
 * const live = node.live();
 */
export async function startNode(options: { demoBlock?: boolean } = {}): Promise<TestNode> {
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add(secrets);
  const evm = await createEvmSurface({ demoBlock: options.demoBlock ?? false });
  const ws = await createEvmWebSocketServer({ surface: evm });
  const server = await serveSurface({
    name: "evm",
    auth: "node",
    nodeAuth,
    jsonRpc: true,
    handler: evm.handler,
    upgrade: ws.upgrade,
  });
  const clients: EvmLiveClient[] = [];
  return {
    evm,
    ws,
    server,
    url: server.url,
    live(overrides = {}) {
      const client = createEvmClient({
        url: server.url,
        credentials: { token: secrets.token },
        ...FAST,
        ...overrides,
        transport: "websocket",
      });
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await ws.close();
      await server.close();
      await evm.close();
    },
  };
}

/**
 * Reads events until `done` says so (checked after each event), or fails after `ms`. The subscription
 * is stopped afterwards unless `keep` is set (to read more later).
 *
 * @example
 * const events = await take(live.subscribe("newHeads"), (all) => all.length === 3);
 */
export async function take<E>(
  subscription: LiveSubscription<E>,
  done: (events: E[]) => boolean,
  { ms = 15_000, keep = false }: { ms?: number; keep?: boolean } = {},
): Promise<E[]> {
  const events: E[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${ms} ms with ${events.length} events`)), ms);
  });
  try {
    while (!done(events)) {
      const next = await Promise.race([subscription.next(), timeout]);
      if (next.done) throw new Error(`the subscription ended after ${events.length} events`);
      events.push(next.value);
    }
  } finally {
    clearTimeout(timer);
    if (!keep) await subscription.unsubscribe();
  }
  return events;
}

/** Waits until `condition` holds, polling. */
export async function until(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The chain's canonical block hashes from `from` to `to`, by number, straight from the chain. */
export async function chainHashes(evm: EvmSurface, from: number, to: number): Promise<string[]> {
  const hashes: string[] = [];
  for (let n = from; n <= to; n++) {
    const block = (await evm.provider.request({
      method: "eth_getBlockByNumber",
      params: [`0x${n.toString(16)}`, false],
    } as never)) as { hash: string };
    hashes.push(block.hash);
  }
  return hashes;
}

/** The chain's head number, straight from the chain. */
export async function headNumber(evm: EvmSurface): Promise<number> {
  return Number(await evm.provider.request({ method: "eth_blockNumber", params: [] } as never));
}

/** topic0 of every log the emitter contract writes. */
export const EMITTED_TOPIC = `0x${"e7".repeat(32)}`;

/**
 * Deploys a contract that emits one log per call: topic {@link EMITTED_TOPIC}, data the call's first
 * 32 bytes of input. Runtime code: CALLDATACOPY(0, 0, 32); LOG1(0, 32, topic); STOP.
 *
 * @returns Its address.
 */
export async function deployEmitter(evm: EvmSurface): Promise<string> {
  const runtime = `602060006000377f${EMITTED_TOPIC.slice(2)}60206000a100`;
  const length = (runtime.length / 2).toString(16).padStart(2, "0");
  const init = `60${length}80600b6000396000f3`;
  const { transactionHash } = await evm.sendTransaction({ data: `0x${init}${runtime}` });
  const receipt = (await evm.provider.request({
    method: "eth_getTransactionReceipt",
    params: [transactionHash],
  } as never)) as { contractAddress: string };
  return receipt.contractAddress;
}

/** Calls the emitter: one log whose data is `value` as a 32-byte word, in a block of its own. */
export async function emit(evm: EvmSurface, address: string, value: number): Promise<string> {
  const word = value.toString(16).padStart(64, "0");
  return (await evm.sendTransaction({ to: address, data: `0x${word}` })).blockHash;
}
