import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/** One request as the test server saw it. */
export interface SeenRequest {
  method: string;
  /** Path and query as sent, e.g. `/tok/v1/nodes/?page=2`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a handler does with a request: answer it, hang (never answer), or cut the connection. */
export type Answer =
  | { status?: number; headers?: Record<string, string>; body?: string | object }
  | "hang"
  | "drop";

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 (free port) that records every request and answers with `handler`. */
export async function startServer(
  handler: (request: SeenRequest, index: number) => Answer | Promise<Answer>,
) {
  const requests: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(request);
    const answer = await handler(request, requests.length - 1);
    if (answer === "hang") {
      hanging.add(res);
      return;
    }
    if (answer === "drop") {
      req.socket.destroy();
      return;
    }
    const body = typeof answer.body === "object" ? JSON.stringify(answer.body) : (answer.body ?? "");
    res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const result: TestServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return result;
}

/**
 * A `serve(handler)` for a test file: each server it starts is closed after the test that started it
 * (closing one early in the test is fine too).
 */
export function serversClosedAfterEach(): (
  handler: (request: SeenRequest, index: number) => Answer | Promise<Answer>,
) => Promise<TestServer> {
  const open: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (handler) => {
    const server = await startServer(handler);
    open.push(server);
    return server;
  };
}

/** A JSON-RPC handler: answers each envelope (or batch of them) with `answer(envelope)`. */
export function jsonRpcHandler(answer: (call: { id: unknown; method: string; params: unknown[] }) => object) {
  return (request: SeenRequest): Answer => {
    const body = JSON.parse(request.body) as unknown;
    const reply = (call: { id: unknown; method: string; params: unknown[] }) => ({
      jsonrpc: "2.0",
      id: call.id,
      ...answer(call),
    });
    return { body: Array.isArray(body) ? body.map(reply) : reply(body as never) };
  };
}
