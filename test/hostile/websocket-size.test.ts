import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  type HostileWebSocketNode,
  NO_ANSWER,
  sendFragmented,
  startHostileWebSocketNode,
} from "../support/hostile-websocket-node.js";

const TOKEN = "hostile-ws-token-7d1e0c";
/** The most the node sends before it ends its message: far past the client's 1 MiB limit. */
const CAP = 64 * 1024 * 1024;

let node: HostileWebSocketNode;
let written: Promise<number>[] = [];
beforeAll(async () => {
  node = await startHostileWebSocketNode({
    onCall(call, peer) {
      if (call.method !== "eth_chainId") return null;
      written.push(sendFragmented(peer.socket, CAP));
      return NO_ANSWER;
    },
  });
});
afterAll(() => node.close());

test("finding 1: where the runtime has a global WebSocket, an endless fragmented message stops at the limit (Node 20 --experimental-websocket)", async () => {
  written = [];
  const script = fileURLToPath(new URL("./child/built-in-websocket-client.ts", import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--experimental-websocket", "--no-warnings", "--import", "tsx", script, node.url, TOKEN],
    { timeout: 60_000 },
  );
  expect(JSON.parse(stdout)).toEqual({ outcome: "ResponseTooLargeError", global: "function" });
  const sent = (await Promise.all(written)).reduce((sum, bytes) => sum + bytes, 0);
  // The client stopped reading soon after 1 MiB: what the node got out is that plus socket buffers.
  expect(sent).toBeLessThan(16 * 1024 * 1024);
});
