/**
 * Run by ping-flood.test.ts as a plain Node process: 20 `eth_chainId` calls with `timeout: 5000` over
 * one WebSocket to a node that floods pings, with the client's default retries and reconnects. Prints,
 * per call, how it ended, after how many ms and with which message (`pending` for a call still
 * unsettled when the bound, in ms, runs out).
 */
import { createEvmClient } from "../../../src/evm.js";

const [url, token, bound] = process.argv.slice(2) as [string, string, string];
const CALLS = 20;
const live = createEvmClient({
  url,
  credentials: { token },
  transport: "websocket",
});
const started = Date.now();
const outcomes: { outcome: string; ms: number; message?: string }[] = Array.from({ length: CALLS }, () => ({
  outcome: "pending",
  ms: -1,
}));
const settled = Promise.all(
  outcomes.map((entry) =>
    live.eth_chainId({ timeout: 5_000 }).then(
      () => Object.assign(entry, { outcome: "answered", ms: Date.now() - started }),
      (error: Error) =>
        Object.assign(entry, { outcome: error.name, ms: Date.now() - started, message: error.message }),
    ),
  ),
);
let timer: ReturnType<typeof setTimeout> | undefined;
await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, Number(bound))))]);
clearTimeout(timer);
console.log(JSON.stringify(outcomes));
await live.close();
process.exit(0);
