/**
 * @nktkas/hyperliquid's WebSocketTransport and SubscriptionClient, a client nobody here wrote,
 * against the sandbox's exchange feed over real sockets: l2Book, allMids, trades and orderUpdates
 * follow orders placed, cancelled and filled. Its transport needs a global WebSocket, so the client
 * runs in a child Node with --experimental-websocket (Node 22 has it by default).
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type FeedSandbox, startFeedSandbox } from "./support/feed-sandbox.js";

const KEY = `0x${"e5".repeat(32)}` as const;
const address = privateKeyToAccount(KEY).address;

let sandbox: FeedSandbox;
beforeAll(async () => {
  sandbox = await startFeedSandbox({ users: [address] });
});
afterAll(() => sandbox.close());

test("@nktkas/hyperliquid's SubscriptionClient follows l2Book, allMids, trades and orderUpdates on the sandbox", async () => {
  const script = fileURLToPath(new URL("./child/nktkas-subscriptions.ts", import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--experimental-websocket", "--no-warnings", "--import", "tsx", script, sandbox.url, KEY],
    { timeout: 60_000 },
  );
  const seen = JSON.parse(stdout) as {
    oid: number;
    filled: number;
    updates: { oid: number; status: string }[];
    trades: { side: string; users: string[] }[];
    books: number;
    mids: Record<string, string>;
  };
  expect(seen.updates.filter((update) => update.oid === seen.oid).map((update) => update.status)).toEqual([
    "open",
    "canceled",
  ]);
  expect(seen.updates).toContainEqual({ oid: seen.filled, status: "filled" });
  expect(seen.trades[0]).toMatchObject({ side: "B", users: [address.toLowerCase(), expect.any(String)] });
  expect(seen.books).toBeGreaterThanOrEqual(3); // the snapshot, with the bid, without it
  expect(Object.keys(seen.mids)).toContain("BTC");
});
