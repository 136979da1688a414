/**
 * Child process of the generator's safety tests: imports generated clients, as a user's program
 * would, and calls each once against a local server. Run with the scratch project as its working
 * folder, so a spec that smuggled code into the output leaves its marker file there.
 *
 * Usage: node --import tsx use-generated-clients.ts <plan.json>; prints one JSON line per client.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

type Call = (...args: unknown[]) => Promise<unknown>;
type Factory = (options: object) => Record<string, Call>;

/** One client to import and call. */
export interface ClientPlan {
  /** The generated folder's `index.ts`, absolute. */
  index: string;
  factory: string;
  kind: "openapi" | "openrpc";
  /** The function to call and its arguments. */
  call: string;
  args: unknown[];
  /** What the server answers: the REST body, or the JSON-RPC result (`{ "$echo": true }`: the request line). */
  answer: unknown;
}

const plans = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as ClientPlan[];
let answer: unknown;
let kind: ClientPlan["kind"] = "openapi";
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on("end", () => {
    response.setHeader("content-type", "application/json");
    // `{ "$echo": true }` answers with the request line the client sent, for tests of the path it built.
    const sent = isEcho(answer) ? { method: request.method, url: request.url } : answer;
    if (kind === "openapi") return response.end(JSON.stringify(sent));
    const { id } = JSON.parse(body) as { id: unknown };
    response.end(JSON.stringify({ jsonrpc: "2.0", id, result: sent }));
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

for (const plan of plans) {
  answer = plan.answer;
  kind = plan.kind;
  try {
    const module = (await import(pathToFileURL(plan.index).href)) as Record<string, Factory>;
    const client = (module[plan.factory] as Factory)(
      plan.kind === "openapi" ? { baseUrl: url, retry: false } : { url, retry: false, batch: false },
    );
    const value: unknown = await (client[plan.call] as Call)(...plan.args);
    console.log(
      JSON.stringify({ index: plan.index, value }, (_key, item) =>
        typeof item === "bigint" ? `${item}n` : item,
      ),
    );
  } catch (error) {
    console.log(
      JSON.stringify({
        index: plan.index,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
    );
  }
}
server.close();

function isEcho(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>).$echo === true;
}
