import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import {
  block,
  type HostilePeer,
  type HostileWebSocketNode,
  hashOf,
  header,
  NO_ANSWER,
  startHostileWebSocketNode,
} from "../support/hostile-websocket-node.js";

// Issue 42, item 6: with validateResponse: false, a malformed value pushed once a subscription runs
// (not while it starts) was read inside the socket's message listener and thrown from it: an uncaught
// exception that ended the process. The subscriber runs in a child with no handler that could hide one.

const TOKEN = "hostile-push-token-5c81e2";
const SUBSCRIPTION = "0x5ub";
/** Long enough after the subscribe answer for the follower to have caught up and be running. */
const RUNNING_AFTER_MS = 1_500;

let node: HostileWebSocketNode;
beforeAll(async () => {
  node = await startHostileWebSocketNode();
});
afterEach(() => {
  node.script = {};
});
afterAll(() => node.close());

function log(blockNumber: string): Record<string, unknown> {
  return {
    address: `0x${"11".repeat(20)}`,
    topics: [],
    data: "0x",
    blockNumber,
    blockHash: hashOf(6n),
    logIndex: "0x0",
    transactionHash: `0x${"22".repeat(32)}`,
    transactionIndex: "0x0",
    removed: false,
  };
}

const PUSHES = {
  newHeads: { good: header(6n, hashOf(5n)), bad: { ...header(7n, hashOf(6n)), number: "12.5" } },
  logs: { good: log("0x6"), bad: log("1e3") },
} as const;

/** A chain of blocks 0 … 6; the subscribe answer is followed by the pushes `then` makes. */
function serve(then: (peer: HostilePeer) => void): void {
  node.script = {
    onCall(call, peer) {
      if (call.method === "eth_chainId") return "0x1";
      if (call.method === "eth_blockNumber") return "0x5";
      if (call.method === "eth_getBlockByNumber") {
        const tag = call.params[0] as string;
        const number = tag === "latest" ? 5n : BigInt(tag);
        return number > 6n ? null : block(number, number === 0n ? hashOf(0n, "f") : hashOf(number - 1n));
      }
      if (call.method === "eth_getLogs") {
        // The good log, to a catch-up that covers block 6 (a busy machine may still be catching up).
        const { fromBlock, toBlock } = call.params[0] as { fromBlock?: string; toBlock?: string };
        const covers = BigInt(fromBlock ?? "0x0") <= 6n && BigInt(toBlock ?? "0x6") >= 6n;
        return covers ? [PUSHES.logs.good] : [];
      }
      if (call.method === "eth_unsubscribe") return true;
      if (call.method !== "eth_subscribe") return null;
      peer.answer(call.id, SUBSCRIPTION);
      then(peer);
      return NO_ANSWER;
    },
  };
}

async function runSubscriber(kind: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = fileURLToPath(new URL("./child/malformed-push-subscriber.ts", import.meta.url));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--no-warnings", "--import", "tsx", script, node.url, TOKEN, kind],
      { timeout: 30_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

describe.each([
  ["newHeads", "/params/result/number"],
  ["logs", "/params/result/blockNumber"],
] as const)("item 6: a malformed %s push with validateResponse: false", (kind, pointer) => {
  test("while the subscription starts, ends it with a typed error", async () => {
    serve((peer) => peer.push(SUBSCRIPTION, PUSHES[kind].bad));
    const run = await runSubscriber(kind);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ name: "ResponseValidationError", pointer });
  });

  test("once the subscription runs, ends it with a typed error and the process lives on", async () => {
    serve((peer) => {
      setTimeout(() => peer.push(SUBSCRIPTION, PUSHES[kind].good), 50);
      setTimeout(() => peer.push(SUBSCRIPTION, PUSHES[kind].bad), RUNNING_AFTER_MS);
    });
    const run = await runSubscriber(kind);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ events: 1, name: "ResponseValidationError", pointer });
  });
});
