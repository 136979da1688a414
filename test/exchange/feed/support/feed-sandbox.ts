import {
  createExchangeSurface,
  type ExchangeSurface,
} from "../../../../src/sandbox/exchange/exchange-surface.js";
import {
  createExchangeFeedServer,
  type ExchangeFeedServer,
} from "../../../../src/sandbox/exchange/feed-server.js";
import { type SurfaceServer, serveSurface } from "../../../../src/sandbox/http-server.js";

/** The sandbox's exchange surface with its WebSocket feed, served on 127.0.0.1. */
export interface FeedSandbox {
  url: string;
  surface: ExchangeSurface;
  feed: ExchangeFeedServer;
  server: SurfaceServer;
  close(): Promise<void>;
}

/**
 * Serves the exchange surface and its feed on a free port, with accounts for `users`.
 *
 * @example
 * const sandbox = await startFeedSandbox({ users: [address] });
 */
export async function startFeedSandbox(options: {
  users: readonly string[];
  heartbeatTimeoutMs?: number;
}): Promise<FeedSandbox> {
  const surface = createExchangeSurface({ accounts: options.users });
  const feed = await createExchangeFeedServer({
    surface,
    ...(options.heartbeatTimeoutMs !== undefined && { heartbeatTimeoutMs: options.heartbeatTimeoutMs }),
  });
  const server = await serveSurface({
    name: "exchange",
    auth: "none",
    handler: feed.handler,
    upgrade: feed.upgrade,
  });
  return {
    url: server.url,
    surface,
    feed,
    server,
    async close() {
      await feed.close();
      await server.close();
    },
  };
}
