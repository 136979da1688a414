import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One request as a hostile server saw it. */
export interface SeenRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: IncomingMessage["headers"];
  /** The body text (empty for GET). */
  text: string;
}

/** Answers one request by writing to the raw response (any status, headers, body, pace). */
export type RawHandler = (request: SeenRequest, response: ServerResponse) => void | Promise<void>;

/** A running hostile server. */
export interface HostileServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Every request received, in order. */
  requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (a free port) that records each request and leaves the answer to
 * `handler`, which writes whatever it likes: redirects, endless or compressed bodies, broken JSON.
 */
export async function startHostileServer(handler: RawHandler): Promise<HostileServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request: SeenRequest = {
      method: incoming.method ?? "GET",
      url: incoming.url ?? "/",
      headers: incoming.headers,
      text: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(request);
    try {
      await handler(request, response);
    } catch {
      response.destroy();
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes `total` bytes of `fill` as a chunked body (no Content-Length), in 64 KiB chunks, pausing for
 * the client to drain; stops early when the client goes away. Resolves with the bytes written.
 */
export async function writeEndless(response: ServerResponse, total: number, fill = "a"): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let written = 0;
  while (written < total && !response.destroyed) {
    if (!response.write(chunk)) {
      // Whichever comes first, the other listener goes too: one stays behind per wait otherwise, and
      // a long body waits often enough to pass the emitter's listener limit.
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off("drain", done);
          response.off("close", done);
          resolve();
        };
        response.once("drain", done);
        response.once("close", done);
      });
    }
    written += chunk.length;
  }
  if (!response.destroyed) response.end();
  return written;
}
