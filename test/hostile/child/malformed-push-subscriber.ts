/**
 * Run by malformed-push.test.ts as a plain Node process, with no handler for uncaught exceptions or
 * rejections: an exception thrown inside the socket's message listener ends it with a non-zero exit
 * code. It follows one subscription (`newHeads`, or `logs` with no filter) with `validateResponse:
 * false` and prints how the subscription ended: the error's name and the pointer of its first issue.
 */
import { createEvmClient } from "../../../src/evm.js";

const [url, token, kind] = process.argv.slice(2) as [string, string, "newHeads" | "logs"];
const live = createEvmClient({
  url,
  credentials: { token },
  transport: "websocket",
  validateResponse: false,
  keepAlive: false,
  reconnect: false,
  retry: false,
});
const subscription = kind === "logs" ? live.subscribe("logs", {}) : live.subscribe("newHeads");
let events = 0;
let outcome: { name: string; pointer?: string } = { name: "ended" };
try {
  for await (const _event of subscription) events++;
} catch (error) {
  const issues = (error as { issues?: { pointer: string }[] }).issues;
  outcome = { name: (error as Error).name, pointer: issues?.[0]?.pointer };
}
await live.close();
console.log(JSON.stringify({ events, ...outcome }));
