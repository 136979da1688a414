import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { stringifyJson } from "../runtime/json/stringify-json.js";
import { browserReadHeaders, preflightAnswer } from "./browser-origins.js";
import { FaultInjector } from "./faults.js";
import { type LocalCallerRules, localCallerRefusal } from "./local-callers.js";
import type { NodeAuthRegistry } from "./node-auth.js";
import type {
  FaultPlan,
  SandboxRequest,
  SandboxResponse,
  SurfaceAuth,
  SurfaceHandler,
  UpgradeHandler,
} from "./surface.js";

/** How to serve one surface. */
export interface SurfaceServerOptions {
  name: string;
  auth: SurfaceAuth;
  handler: SurfaceHandler;
  /** Accepted API keys, for `bearer` surfaces. */
  apiKeys?: ReadonlySet<string>;
  /** Accepted node credentials, for `node` surfaces. */
  nodeAuth?: NodeAuthRegistry;
  /**
   * First path segments of a `node` surface's own paths (`evm`, `wallet`, `api`), so a 401 can tell
   * a wrong token (any other first segment) from a missing one.
   */
  routes?: readonly string[];
  /** Whether the surface speaks JSON-RPC (for -32005 faults). */
  jsonRpc?: boolean;
  faults?: FaultPlan;
  /** Largest accepted body in bytes (the node answers 413 above it). */
  maxBodyBytes?: number;
  /**
   * Takes WebSocket upgrade requests once they pass faults (`upgradeRefuse`) and authentication (a
   * refused one gets its 401 on the upgrade, as on HTTP). Node tokens go last in WebSocket paths
   * (`/ws/<token>`). Without it, upgrades are answered 404.
   */
  upgrade?: UpgradeHandler;
  /** The port to listen on (default 0: a free one). */
  port?: number;
  /** Names and page origins answered besides this machine's (see {@link localCallerRefusal}). */
  callers?: LocalCallerRules;
}

/** A running surface. */
export interface SurfaceServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Replaces the fault plan. */
  setFaults(plan: FaultPlan): void;
  /** Requests received so far, faulted ones included. */
  readonly requestCount: number;
  close(): Promise<void>;
}

const ONE_MEGABYTE = 1024 * 1024;

/**
 * How much of an upload over the limit is read and dropped after the 413, so that a client still
 * sending can read the answer (closing on unread data resets the connection, and many clients then
 * report the reset instead of the 413). Past this the connection is closed.
 */
const MOST_DISCARDED_BYTES = 8 * ONE_MEGABYTE;

/**
 * Reads a request body up to `limit` bytes. Past the limit (or at once, when the `Content-Length`
 * says it will be past it) it resolves `undefined` without keeping anything, so the caller can answer
 * 413 while the upload is still arriving; the rest is dropped, and the connection closed once
 * {@link MOST_DISCARDED_BYTES} more have come. An upload is never read whole.
 */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let discarded = 0;
    const declared = Number(request.headers["content-length"]);
    let over = declared > limit;
    const onData = (chunk: Buffer) => {
      if (over) {
        discarded += chunk.length;
        if (discarded > MOST_DISCARDED_BYTES) request.socket.destroy();
        return;
      }
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      over = true;
      chunks.length = 0;
      resolve(undefined);
    };
    if (over) resolve(undefined);
    request.on("data", onData);
    request.on("end", () => resolve(over ? undefined : Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, answer: SandboxResponse): void {
  const headers = { ...answer.headers };
  let text = "";
  if (typeof answer.body === "string") {
    text = answer.body;
    headers["content-type"] ??= "text/plain; charset=utf-8";
  } else if (answer.body !== undefined) {
    text = stringifyJson(answer.body);
    headers["content-type"] ??= "application/json";
  }
  response.writeHead(answer.status, headers);
  response.end(text);
}

/** The ids of a JSON-RPC request or batch, so an injected -32005 can echo them. */
function rpcIds(body: string): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    return calls.map((call) => (call as { id?: unknown }).id ?? null);
  } catch {
    return undefined;
  }
}

function injectedRateLimit(body: string, tryAgainIn: string): SandboxResponse {
  const ids = rpcIds(body) ?? [null];
  const errorFor = (id: unknown) => ({
    jsonrpc: "2.0",
    id,
    error: { code: -32005, message: "request limit reached", data: { try_again_in: tryAgainIn } },
  });
  return {
    status: 200,
    body: ids.length === 1 && !body.trimStart().startsWith("[") ? errorFor(ids[0]) : ids.map(errorFor),
  };
}

function unauthorized(auth: SurfaceAuth, reason: string): SandboxResponse {
  if (auth === "bearer") {
    return { status: 401, body: { error: { code: "unauthorized", message: reason } } };
  }
  return {
    status: 401,
    body: { error: reason, code: 401 },
    headers: { "www-authenticate": 'Basic realm="node"' },
  };
}

/** Answers an upgrade request with a plain HTTP response and closes the connection. */
function refuseUpgrade(socket: Duplex, answer: SandboxResponse): void {
  const body = typeof answer.body === "string" ? answer.body : stringifyJson(answer.body ?? null);
  const headers = {
    "content-type": typeof answer.body === "string" ? "text/plain; charset=utf-8" : "application/json",
    ...answer.headers,
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ""}\r\n${head.join("")}\r\n${body}`);
}

/** A WebSocket path carries the node token last (`/ws/<token>`); authentication reads it first. */
function tokenFirst(path: string): string {
  const match = /^\/ws\/([^/]+)\/?$/.exec(path);
  return match ? `/${match[1]}/ws` : path;
}

/** Authenticates a request per the surface's mode; returns the path the handler sees, or a refusal. */
function authenticate(
  options: SurfaceServerOptions,
  routes: ReadonlySet<string> | undefined,
  path: string,
  authorization: string | undefined,
): { path: string } | SandboxResponse {
  if (options.auth === "none") return { path };
  if (options.auth === "bearer") {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? "");
    if (match?.[1] && options.apiKeys?.has(match[1].trim())) return { path };
    return unauthorized("bearer", match ? "invalid API key" : "missing bearer API key");
  }
  const result = options.nodeAuth?.check(path, authorization, routes) ?? {
    ok: false as const,
    reason: "no credentials",
  };
  return result.ok ? { path: result.path } : unauthorized("node", result.reason);
}

/** A failure to listen, saying which surface and port, and what to do about a busy port. */
function listenError(error: NodeJS.ErrnoException, options: SurfaceServerOptions): Error {
  const port = options.port ?? 0;
  if (error.code === "EADDRINUSE") {
    return new Error(
      `port ${port} (${options.name}) is already in use on 127.0.0.1: stop what holds it, or choose other ports (chainkit sandbox --port <base>)`,
      { cause: error },
    );
  }
  if (error.code === "EACCES") {
    return new Error(`port ${port} (${options.name}) may not be opened by this user: choose one above 1023`, {
      cause: error,
    });
  }
  return error;
}

/**
 * Serves one surface on 127.0.0.1 at a free port (or `port`): refuses requests from web pages and
 * names that are not this machine's (403), reads the body, injects faults, authenticates, and hands
 * the request to the surface's handler.
 */
export async function serveSurface(options: SurfaceServerOptions): Promise<SurfaceServer> {
  const faults = new FaultInjector(options.faults);
  const routes = options.routes && new Set(options.routes);
  const sockets = new Set<Socket>();
  const latencyTimers = new Set<NodeJS.Timeout>();
  let requestCount = 0;
  let closed = false;

  // Injected latency must not keep a closed sandbox's process alive, so close() clears it.
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        latencyTimers.delete(timer);
        resolve();
      }, ms);
      latencyTimers.add(timer);
    });

  const server = createServer(async (incoming, response) => {
    requestCount++;
    const refusal = localCallerRefusal(incoming.headers, options.callers ?? {});
    if (refusal !== undefined) return send(response, { status: 403, body: refusal });
    const browserOrigins = options.callers?.browserOrigins;
    const preflight = preflightAnswer(incoming.method, incoming.headers, browserOrigins);
    if (preflight !== undefined) return send(response, preflight);
    for (const [name, value] of Object.entries(browserReadHeaders(incoming.headers, browserOrigins))) {
      response.setHeader(name, value);
    }
    try {
      const body = await readBody(incoming, options.maxBodyBytes ?? ONE_MEGABYTE);
      if (body === undefined) {
        // Answered while the upload may still be arriving; readBody drops the rest.
        const limit = options.maxBodyBytes ?? ONE_MEGABYTE;
        return send(response, {
          status: 413,
          body: `request body over ${limit === ONE_MEGABYTE ? "1 MB" : `${limit} bytes`}`,
        });
      }
      const plan = faults.plan;
      if (plan.latencyMs) await delay(plan.latencyMs);
      if (closed) return incoming.socket.destroy();
      switch (faults.draw(options.jsonRpc === true)) {
        case "drop":
          return incoming.socket.destroy();
        case "serverError":
          return send(response, { status: 503, body: "service unavailable (injected)" });
        case "rateLimit":
          return send(response, {
            status: 429,
            body: { error: "too many requests (injected)", code: 429 },
            headers: { "retry-after": String(plan.retryAfterSeconds ?? 0) },
          });
        case "rpcRateLimit":
          return send(response, injectedRateLimit(body, plan.tryAgainIn ?? "1ms"));
        case "malformed":
          return send(response, {
            status: 200,
            body: '{"truncated": ',
            headers: { "content-type": "application/json" },
          });
      }
      const url = new URL(incoming.url ?? "/", "http://sandbox");
      const authorized = authenticate(options, routes, url.pathname, incoming.headers.authorization);
      if ("status" in authorized) return send(response, authorized);
      const request: SandboxRequest = {
        method: incoming.method ?? "GET",
        path: authorized.path,
        query: url.searchParams,
        headers: incoming.headers,
        body,
      };
      send(response, await options.handler(request));
    } catch (error) {
      // A throwing handler is a sandbox bug: answer 500 and say so on stderr, without request data.
      console.error(`[sandbox:${options.name}] handler failed:`, (error as Error).message);
      if (!response.headersSent) send(response, { status: 500, body: "sandbox internal error" });
      else response.destroy();
    }
  });
  server.on("upgrade", async (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    requestCount++;
    socket.on("error", () => socket.destroy());
    const refusal = localCallerRefusal(incoming.headers, options.callers ?? {});
    if (refusal !== undefined) return refuseUpgrade(socket, { status: 403, body: refusal });
    try {
      const plan = faults.plan;
      if (plan.latencyMs) await delay(plan.latencyMs);
      if (closed) return socket.destroy();
      if (options.upgrade === undefined) {
        return refuseUpgrade(socket, { status: 404, body: "no WebSocket endpoint on this surface" });
      }
      if (faults.drawUpgradeRefusal()) {
        return refuseUpgrade(socket, { status: 503, body: "upgrade refused (injected)" });
      }
      const url = new URL(incoming.url ?? "/", "http://sandbox");
      const authorized = authenticate(
        options,
        routes,
        tokenFirst(url.pathname),
        incoming.headers.authorization,
      );
      if ("status" in authorized) return refuseUpgrade(socket, authorized);
      options.upgrade(incoming, socket, head, {
        path: authorized.path,
        drawFault: () => faults.drawSocket(),
      });
    } catch (error) {
      console.error(`[sandbox:${options.name}] upgrade failed:`, (error as Error).message);
      socket.destroy();
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => reject(listenError(error, options)));
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    setFaults: (plan) => faults.set(plan),
    get requestCount() {
      return requestCount;
    },
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        for (const timer of latencyTimers) clearTimeout(timer);
        latencyTimers.clear();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
