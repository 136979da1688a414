import { execFile } from "node:child_process";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  type HostileWebSocketNode,
  NO_ANSWER,
  startHostileWebSocketNode,
} from "../support/hostile-websocket-node.js";

// Issue 42, item 7: a node that sends thousands of pings per millisecond kept 4 of 20 calls with
// `timeout: 5000` unsettled past 8 s. The caller runs in a child process, so the flood it receives
// competes with nothing in the test's own event loop.

const TOKEN = "hostile-flood-token-0e4d17";
/** Far past the calls' 5 s timeout, so only a call that outlives it by seconds is reported. */
const BOUND_MS = 12_000;
/** Empty ping frames (opcode 9, FIN, no mask, no payload), 32 768 of them per write. */
const PINGS = Buffer.alloc(64 * 1024, Buffer.from([0x89, 0x00]));
/** How long the node floods a connection at most (the machine is shared). */
const FLOOD_MS = 15_000;

let node: HostileWebSocketNode;
let sockets = 0;
beforeAll(async () => {
  node = await startHostileWebSocketNode({
    onConnection(peer) {
      sockets++;
      flood((peer.socket as unknown as { _socket: Socket })._socket);
    },
    onCall: () => NO_ANSWER, // only pings: the calls must end by their timeout
  });
});
afterAll(() => node.close());

/** Writes ping frames as fast as the connection takes them, until it closes or FLOOD_MS pass. */
function flood(socket: Socket): void {
  const until = Date.now() + FLOOD_MS;
  const more = () => {
    while (!socket.destroyed && Date.now() < until) {
      if (!socket.write(PINGS)) return void socket.once("drain", more);
    }
  };
  setImmediate(more);
}

test("item 7: under a ping flood every call settles, within a generous bound of its timeout", async () => {
  const script = fileURLToPath(new URL("./child/ping-flood-caller.ts", import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--no-warnings", "--import", "tsx", script, node.url, TOKEN, String(BOUND_MS)],
    { timeout: 60_000, maxBuffer: 1024 * 1024 },
  );
  const outcomes = JSON.parse(stdout) as { outcome: string; ms: number; message?: string }[];
  expect(outcomes).toHaveLength(20);
  expect(outcomes.filter((entry) => entry.outcome === "pending")).toEqual([]);
  // The connection is dropped as hostile, and the error says why, rather than a bare closed socket.
  for (const entry of outcomes) {
    expect(entry.outcome).toBe("NetworkError");
    expect(entry.message).toMatch(/ping flood/);
  }
  // Redials back off and give up: the flood does not get a fresh socket forever.
  expect(sockets).toBeLessThanOrEqual(6);
}, 90_000);
