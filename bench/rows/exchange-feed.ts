/**
 * Row "exchange-feed": the exchange's WebSocket. Throughput: a `ws` server in this process answers an
 * l2Book subscription with a burst of whole 20-level books as fast as the socket takes them; each
 * contender (chainkit's createExchangeFeed, @nktkas/hyperliquid's SubscriptionClient, a raw `ws` loop
 * with JSON.parse) is timed from the first send to the last book handled. Round trip: the sandbox's
 * exchange surface with its feed, an `l2Book` query one at a time through chainkit's info client over
 * HTTP and over the open socket (`post`, through `feed.fetch`).
 */
import { SubscriptionClient, WebSocketTransport } from "@nktkas/hyperliquid";
import { createExchangeFeed, createInfoClient } from "chainkit/exchange";
import { WebSocket, WebSocketServer } from "ws";
import { createExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { createExchangeFeedServer } from "../../src/sandbox/exchange/feed-server.js";
import { serveSurface } from "../../src/sandbox/http-server.js";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { interleaved, type Sample, summarize } from "../lib/measure.js";
import { type Figure, type RowResult, timed } from "../lib/report.js";

const now = () => performance.now();

/** A whole book of 20 levels a side, as the service sends it. */
function bookMessage(time: number): string {
  const side = (start: number, step: number) =>
    Array.from({ length: 20 }, (_, i) => ({
      px: `${start + i * step}.0`,
      sz: `${(0.1 + i / 100).toFixed(5)}`,
      n: 1 + (i % 3),
    }));
  return JSON.stringify({
    channel: "l2Book",
    data: { coin: "BTC", time, levels: [side(59970, -30), side(60030, 30)] },
  });
}

/** A server that answers an l2Book subscription with `burst` books; `startedAt` is when it began sending. */
async function burstServer(burst: number) {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => server.once("listening", resolve));
  const messages = Array.from({ length: burst }, (_, i) => bookMessage(1_700_000_000_000 + i));
  const state = { startedAt: 0 };
  server.on("connection", (socket) => {
    socket.on("message", (data: Buffer) => {
      const request = JSON.parse(data.toString()) as { method?: string; subscription?: unknown };
      if (request.method !== "subscribe") return;
      socket.send(JSON.stringify({ channel: "subscriptionResponse", data: request }));
      state.startedAt = now();
      for (const message of messages) socket.send(message);
    });
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Measures the row.
 *
 * @param context - Quick mode.
 */
export async function exchangeFeed(context: BenchContext): Promise<RowResult> {
  // @nktkas's transport needs a global WebSocket (Node 22 has one; on Node 20 the ws class stands in).
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  const burst = context.quick ? 2_000 : 20_000;
  const server = await burstServer(burst);
  const wsUrl = `${server.url.replace("http:", "ws:")}/ws`;

  const contenders: [string, () => Promise<number>][] = [
    [
      "chainkit createExchangeFeed (validated)",
      async () => {
        // This server serves the socket alone: the feed's one-time coin check (it reads /info) is off.
        const feed = createExchangeFeed({ baseUrl: server.url, maxBuffered: burst, assets: false });
        let count = 0;
        for await (const _book of feed.subscribe({ type: "l2Book", coin: "BTC" }))
          if (++count === burst) break;
        const handled = now();
        await feed.close();
        return handled;
      },
    ],
    [
      "chainkit createExchangeFeed, validateResponse: false",
      async () => {
        const feed = createExchangeFeed({
          baseUrl: server.url,
          maxBuffered: burst,
          validateResponse: false,
          assets: false,
        });
        let count = 0;
        for await (const _book of feed.subscribe({ type: "l2Book", coin: "BTC" }))
          if (++count === burst) break;
        const handled = now();
        await feed.close();
        return handled;
      },
    ],
    [
      "@nktkas/hyperliquid SubscriptionClient",
      async () => {
        const transport = new WebSocketTransport({ url: wsUrl });
        const client = new SubscriptionClient({ transport });
        let count = 0;
        const handled = await new Promise<number>((resolve) => {
          void client.l2Book({ coin: "BTC" }, () => {
            if (++count === burst) resolve(now());
          });
        });
        await transport.close();
        return handled;
      },
    ],
    [
      "raw ws + JSON.parse (baseline)",
      async () => {
        const socket = new WebSocket(wsUrl);
        await new Promise((resolve) => socket.once("open", resolve));
        let count = 0;
        const handled = await new Promise<number>((resolve) => {
          socket.on("message", (data: Buffer) => {
            const message = JSON.parse(data.toString()) as { channel: string };
            if (message.channel === "l2Book" && ++count === burst) resolve(now());
          });
          socket.send(JSON.stringify({ method: "subscribe", subscription: { type: "l2Book", coin: "BTC" } }));
        });
        socket.terminate();
        return handled;
      },
    ],
  ];

  const rounds = context.quick ? 1 : 5;
  const perBook: number[][] = contenders.map(() => []);
  try {
    for (const [, run] of contenders) await run(); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < contenders.length; k++) {
        const index = (k + round) % contenders.length;
        const [, run] = contenders[index] as [string, () => Promise<number>];
        const handled = await run();
        (perBook[index] as number[]).push((handled - server.state.startedAt) / burst);
      }
    }
  } finally {
    await server.close();
  }
  const throughput: Sample[] = contenders.map(([name], i) => summarize(name, perBook[i] as number[]));
  const throughputFigures = throughput.map((sample) => timed(sample.name, sample, "ops/s", " books"));
  const nktkas = throughputFigures[2] as Figure;
  for (const figure of throughputFigures) figure.ratio = figure.value / nktkas.value;

  // Round trip: the sandbox's own surface, over HTTP and over the open socket.
  const surface = createExchangeSurface();
  const feedServer = await createExchangeFeedServer({ surface });
  const sandbox = await serveSurface({
    name: "exchange",
    auth: "none",
    handler: feedServer.handler,
    upgrade: feedServer.upgrade,
  });
  const feed = createExchangeFeed({ baseUrl: sandbox.url });
  try {
    const overHttp = createInfoClient({ baseUrl: sandbox.url });
    const overSocket = createInfoClient({ baseUrl: sandbox.url, fetch: feed.fetch });
    check((await overHttp.l2Book("BTC")).levels[0].length > 0, "the info client over HTTP answers");
    check((await overSocket.l2Book("BTC")).levels[0].length > 0, "the info client over the socket answers");
    const plan = planFor(context, { warmups: 1, rounds: 7, ops: 300 }, 50);
    const sequential = (call: () => Promise<unknown>) => async (ops: number) => {
      for (let i = 0; i < ops; i++) await call();
    };
    const trips = await interleaved(
      [
        { name: "l2Book over HTTP (createInfoClient)", run: sequential(() => overHttp.l2Book("BTC")) },
        {
          name: "l2Book over the socket (post, feed.fetch)",
          run: sequential(() => overSocket.l2Book("BTC")),
        },
      ],
      plan,
    );
    const tripFigures = trips.map((sample) => timed(sample.name, sample, "µs"));
    const http = tripFigures[0] as Figure;
    for (const figure of tripFigures) figure.ratio = figure.value / http.value;
    return {
      id: "exchange-feed",
      title: "Exchange WebSocket: l2Book throughput and post round trip",
      tables: [
        {
          title: `${burst} whole l2Book messages (20 levels a side) pushed as fast as the socket takes them, first send to last book handled (${rounds} rounds)`,
          ratioLabel: "× @nktkas SubscriptionClient",
          figures: throughputFigures,
          notes: [
            "the server runs in the bench's own process on 127.0.0.1, so its sending shares the thread with each contender",
            "chainkit checks each book against the spec's L2Book schema (@nktkas does not check messages)",
          ],
        },
        {
          title: `l2Book query one at a time on the sandbox's exchange surface (${plan.ops} per round, ${plan.rounds} rounds)`,
          ratioLabel: "÷ HTTP",
          figures: tripFigures,
          notes: [
            "both answers are checked against the spec; the sandbox answers both with the same handler",
          ],
        },
      ],
    };
  } finally {
    await feed.close();
    await feedServer.close();
    await sandbox.close();
  }
}
