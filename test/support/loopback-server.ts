import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/tok/wallet/getassetissuebyid`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw body text (empty for GET). */
  text: string;
  /** The body parsed as JSON, or `undefined` when it is empty or not JSON. */
  json: unknown;
}

/** What a handler answers: a status, and a body sent as JSON unless it is already a string. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent verbatim (use it for exact big integers). */
  body?: unknown;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/** A running loopback server. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a small HTTP server on 127.0.0.1 (free port) that records each request and answers with
 * `handler`. A handler that throws gets a 500 with the error message.
 */
export async function startLoopbackServer(handler: Handler): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const target = new URL(req.url ?? "/", "http://127.0.0.1");
    const request: RecordedRequest = {
      method: req.method ?? "GET",
      path: target.pathname,
      query: target.searchParams,
      headers: req.headers,
      text,
      json: parseJson(text),
    };
    requests.push(request);
    let reply: Reply;
    try {
      reply = await handler(request);
    } catch (error) {
      reply = { status: 500, body: { error: String(error) } };
    }
    const body =
      reply.body === undefined
        ? ""
        : typeof reply.body === "string"
          ? reply.body
          : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, {
      ...(body === "" ? {} : { "content-type": "application/json" }),
      ...reply.headers,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Checks node credentials the way the service does: `/<token>/…` in the path, or
 * `Authorization: Basic` with the right username and password and no token segment.
 *
 * @returns The path after the credentials (e.g. `/evm`), or `undefined` when they are missing or wrong.
 */
export function nodeCredentialPath(
  request: RecordedRequest,
  credentials: { token: string; username: string; password: string },
): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
    return authorization === expected ? request.path : undefined;
  }
  const prefix = `/${credentials.token}`;
  if (request.path === prefix || request.path.startsWith(`${prefix}/`)) {
    return request.path.slice(prefix.length) || "/";
  }
  return undefined;
}
