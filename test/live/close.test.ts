import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { secrets, startNode, type TestNode } from "./support.js";

let node: TestNode;
beforeAll(async () => {
  node = await startNode();
});
afterAll(() => node.close());

test("close() leaves no socket or timer behind: the process ends by itself", async () => {
  const script = fileURLToPath(new URL("./child/exit-after-close.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, node.url, secrets.token], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  // Mine until the child has its first head; then it closes and must exit on its own.
  const miner = setInterval(() => void node.evm.mine(), 50);
  const deadline = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const code = await exited;
  clearInterval(miner);
  clearTimeout(deadline);
  expect(code).toBe(0);
  expect(JSON.parse(output)).toEqual({ head: "head", outcome: "AbortError", alive: [] });
});

test("in Node, even where the runtime has a global WebSocket, both modes use ws (it stops reading at the size limit and sends the header)", async () => {
  const script = fileURLToPath(new URL("./child/global-websocket.ts", import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--experimental-websocket",
      "--no-warnings",
      "--import",
      "tsx",
      script,
      node.url,
      secrets.token,
      secrets.username,
      secrets.password,
    ],
    { timeout: 20_000 },
  );
  expect(JSON.parse(stdout)).toEqual({ answers: ["0x3e7", "0x3e7"], opened: 0 });
});
