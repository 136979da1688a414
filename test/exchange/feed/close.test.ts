/** close() of an exchange feed leaves no socket or timer behind: a child process ends by itself. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type FeedSandbox, startFeedSandbox } from "./support/feed-sandbox.js";

const USER = "0x00000000000000000000000000000000000000a1";
let sandbox: FeedSandbox;
beforeAll(async () => {
  sandbox = await startFeedSandbox({ users: [USER] });
});
afterAll(() => sandbox.close());

test("close() ends the subscriptions, fails the query in flight and leaves no socket or timer: the process ends by itself", async () => {
  const script = fileURLToPath(new URL("./child/exit-after-close.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, sandbox.url, USER], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await exited;
  clearTimeout(deadline);
  expect(code).toBe(0);
  const seen = JSON.parse(output) as { book: string; outcome: string; ended: boolean; alive: string[] };
  expect(seen.book).toBe("BTC");
  expect(seen.outcome).toBe("NetworkError");
  expect(seen.ended).toBe(true);
  expect(seen.alive).toEqual([]);
});
