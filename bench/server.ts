/**
 * The benchmark's fixed-response HTTP server, run in a forked child so that its CPU is not charged
 * to the clients being measured. Keep-alive, 127.0.0.1, a free port (sent to the parent once
 * listening).
 *
 * - `POST` anything: JSON-RPC, single or batch; `eth_getBlockByHash` answers the real 58-tx block,
 *   `eth_getTransactionByHash` a real transaction, each echoing the request id; other methods get
 *   -32601.
 * - `GET /v1/organization/`: the platform's organization.
 * - `GET /bench/batch-sizes`: the number of calls in each JSON-RPC batch received since the last
 *   such request (a row checks how a client batched, whatever its own meter counts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { block58, organization, transaction } from "./lib/fixtures.js";

const results: Record<string, string> = {
  eth_getBlockByHash: JSON.stringify(block58),
  eth_getTransactionByHash: JSON.stringify(transaction),
};
const organizationBody = Buffer.from(JSON.stringify(organization));
let batchSizes: number[] = [];

function answer(entry: unknown): string {
  const request = (typeof entry === "object" && entry !== null ? entry : {}) as {
    id?: unknown;
    method?: unknown;
  };
  const id = JSON.stringify(request.id ?? null);
  const result = typeof request.method === "string" ? results[request.method] : undefined;
  return result === undefined
    ? `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"method not found"}}`
    : `{"jsonrpc":"2.0","id":${id},"result":${result}}`;
}

function send(res: ServerResponse, status: number, body: string | Buffer): void {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === "GET") {
    if (req.url === "/v1/organization/") send(res, 200, organizationBody);
    else if (req.url === "/bench/batch-sizes") {
      send(res, 200, JSON.stringify(batchSizes));
      batchSizes = [];
    } else send(res, 404, '{"detail":"not found"}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      send(res, 200, '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}');
      return;
    }
    if (Array.isArray(body)) batchSizes.push(body.length);
    send(res, 200, Array.isArray(body) ? `[${body.map(answer).join(",")}]` : answer(body));
  });
}

const server = createServer({ keepAlive: true }, handle);
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
});
// The parent going away (normally or not) ends the server.
process.on("disconnect", () => server.close(() => process.exit(0)));
process.on("SIGTERM", () => process.exit(0));
