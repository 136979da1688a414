/**
 * Row "websocket": JSON-RPC over a WebSocket to the forked bench/ws-server.ts. Request round trip:
 * sequential eth_getTransactionByHash (a real type-2 transaction) through chainkit/evm with
 * `transport: "websocket"`, viem's `webSocket` transport and a raw `ws` socket, with chainkit over HTTP
 * to the forked HTTP server for context. Subscription throughput: the server pushes a burst of linked
 * newHeads as fast as the socket takes them; each contender is timed from the server's first send to
 * the moment it has handled the last head (both clocks are this machine's).
 */
import { createEvmClient } from "chainkit/evm";
import { createClient as createViemClient, webSocket } from "viem";
import { watchBlocks } from "viem/actions";
import { WebSocket } from "ws";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { transaction } from "../lib/fixtures.js";
import { interleaved, type Sample, summarize } from "../lib/measure.js";
import { type Figure, type RowResult, timed } from "../lib/report.js";
import { startServer } from "../lib/server-process.js";

const TOKEN = "bench-token";
const now = () => performance.timeOrigin + performance.now();
const HASH = transaction.hash as `0x${string}`;

/** A raw `ws` JSON-RPC client: ids, one pending map, JSON.parse, nothing else. */
async function rawClient(url: string) {
  const socket = new WebSocket(url);
  const pending = new Map<number, (value: unknown) => void>();
  let onNotification: ((message: unknown) => void) | undefined;
  socket.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (message.id === undefined) onNotification?.(message);
    else {
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    }
  });
  await new Promise((resolve) => socket.once("open", resolve));
  let id = 1;
  const request = (method: string, params: unknown[]) =>
    new Promise<unknown>((resolve) => {
      const sent = id++;
      pending.set(sent, resolve);
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: sent, method, params }));
    });
  return {
    request,
    listen: (listener: ((message: unknown) => void) | undefined) => {
      onNotification = listener;
    },
    close: () => socket.terminate(),
  };
}

/**
 * Measures the row.
 *
 * @param context - Quick mode and the forked HTTP server.
 */
export async function websocket(context: BenchContext): Promise<RowResult> {
  const wsServer = await startServer("ws-server.ts");
  const wsUrl = `${wsServer.url.replace("http:", "ws:")}/ws/${TOKEN}`;
  const credentials = { token: TOKEN };
  const live = createEvmClient({ url: wsServer.url, credentials, transport: "websocket", batch: false });
  const liveUnchecked = createEvmClient({
    url: wsServer.url,
    credentials,
    transport: "websocket",
    batch: false,
    validateResponse: false,
  });
  const overHttp = createEvmClient({ url: context.server.url, credentials, batch: false });
  const viem = createViemClient({ transport: webSocket(wsUrl, { retryCount: 0 }) });
  const raw = await rawClient(wsUrl);
  try {
    // Every contender must get the real transaction before anything is timed.
    check((await live.eth_getTransactionByHash(HASH))?.hash === HASH, "chainkit over WebSocket answers");
    check((await overHttp.eth_getTransactionByHash(HASH))?.hash === HASH, "chainkit over HTTP answers");
    const viemAnswer = (await viem.request({ method: "eth_getTransactionByHash", params: [HASH] })) as {
      hash: string;
    };
    check(viemAnswer.hash === HASH, "viem webSocket answers");
    check(
      ((await raw.request("eth_getTransactionByHash", [HASH])) as { hash: string }).hash === HASH,
      "raw ws answers",
    );

    const plan = planFor(context, { warmups: 1, rounds: 7, ops: 500 }, 50);
    const sequential = (call: () => Promise<unknown>) => async (ops: number) => {
      for (let i = 0; i < ops; i++) await call();
    };
    const roundTrips = await interleaved(
      [
        {
          name: "chainkit/evm websocket (validated)",
          run: sequential(() => live.eth_getTransactionByHash(HASH)),
        },
        {
          name: "chainkit/evm websocket, validateResponse: false",
          run: sequential(() => liveUnchecked.eth_getTransactionByHash(HASH)),
        },
        {
          name: "viem webSocket transport",
          run: sequential(() => viem.request({ method: "eth_getTransactionByHash", params: [HASH] })),
        },
        {
          name: "raw ws + JSON.parse (baseline)",
          run: sequential(() => raw.request("eth_getTransactionByHash", [HASH])),
        },
        {
          name: "chainkit/evm over HTTP (context)",
          run: sequential(() => overHttp.eth_getTransactionByHash(HASH)),
        },
      ],
      plan,
    );
    const roundTripFigures = roundTrips.map((sample) => timed(sample.name, sample, "µs"));
    const rawRoundTrip = roundTripFigures[3] as Figure;
    for (const figure of roundTripFigures) figure.ratio = figure.value / rawRoundTrip.value;

    const burst = context.quick ? 200 : 2000;
    await raw.request("bench_setBurst", [burst]);
    /** Each resolves with the time (epoch ms) its consumer handled the last head of the burst. */
    const heads = {
      chainkit: async (client: typeof live) => {
        let count = 0;
        for await (const event of client.subscribe("newHeads")) {
          if (event.type === "head" && ++count === burst) break;
        }
        return now();
      },
      viemSubscribe: () =>
        new Promise<number>((resolve, reject) => {
          let count = 0;
          let stop: (() => unknown) | undefined;
          viem.transport
            .subscribe({
              params: ["newHeads"],
              onData: () => {
                if (++count !== burst) return;
                resolve(now());
                void stop?.();
              },
              onError: reject,
            })
            .then(({ unsubscribe }) => {
              stop = unsubscribe;
            }, reject);
        }),
      viemWatchBlocks: () =>
        new Promise<number>((resolve, reject) => {
          let count = 0;
          const unwatch = watchBlocks(viem, {
            onBlock: () => {
              if (++count !== burst) return;
              resolve(now());
              unwatch();
            },
            onError: reject,
          });
        }),
      raw: () =>
        new Promise<number>((resolve) => {
          let count = 0;
          void raw.request("eth_subscribe", ["newHeads"]);
          raw.listen(() => {
            if (++count !== burst) return;
            resolve(now());
            raw.listen(undefined);
          });
        }),
    };
    /** Milliseconds from the server's first send of the burst to the last head handled. */
    const timedBurst = async (run: () => Promise<number>) => {
      const handledLast = await run();
      return handledLast - ((await raw.request("bench_burstStartedAt", [])) as number);
    };
    const contenders: [string, () => Promise<number>][] = [
      ['chainkit/evm subscribe("newHeads") (validated)', () => heads.chainkit(live)],
      ["chainkit/evm subscribe, validateResponse: false", () => heads.chainkit(liveUnchecked)],
      ["viem webSocket transport.subscribe (raw heads)", heads.viemSubscribe],
      ["viem watchBlocks (fetches each block)", heads.viemWatchBlocks],
      ["raw ws + JSON.parse (baseline)", heads.raw],
    ];
    const rounds = context.quick ? 1 : 5;
    const perHead: number[][] = contenders.map(() => []);
    for (const [, run] of contenders) await timedBurst(run); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < contenders.length; k++) {
        const index = (k + round) % contenders.length;
        const [, run] = contenders[index] as [string, () => Promise<number>];
        (perHead[index] as number[]).push((await timedBurst(run)) / burst);
      }
    }
    const throughput: Sample[] = contenders.map(([name], i) => summarize(name, perHead[i] as number[]));
    const throughputFigures = throughput.map((sample) => timed(sample.name, sample, "ops/s", " heads"));
    const viemRaw = throughputFigures[2] as Figure;
    for (const figure of throughputFigures) figure.ratio = figure.value / viemRaw.value;

    return {
      id: "websocket",
      title: "WebSocket: request round trip and subscription throughput",
      tables: [
        {
          title: `eth_getTransactionByHash over one WebSocket, one at a time (${plan.ops} per round, ${plan.rounds} rounds)`,
          ratioLabel: "÷ raw ws",
          figures: roundTripFigures,
          notes: [
            "the server runs in its own process on 127.0.0.1; chainkit validates the transaction against the spec (viem does not validate)",
            "chainkit over HTTP goes to the forked HTTP server with the same answer, for context",
          ],
        },
        {
          title: `${burst} newHeads pushed as fast as the socket takes them, from the first send to the last head handled (${rounds} rounds)`,
          ratioLabel: "× viem transport.subscribe",
          figures: throughputFigures,
          notes: [
            "chainkit checks each head against the spec's header schema and that it links to the one before (reorg detection)",
            "viem watchBlocks asks for each block with eth_getBlockByNumber, as it does over a WebSocket",
          ],
        },
      ],
    };
  } finally {
    raw.close();
    await live.close();
    await liveUnchecked.close();
    await (await viem.transport.getRpcClient()).close();
    await wsServer.stop();
  }
}
