import {
  createServer,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import type { RecordedExchange } from "./captured-exchange.js";
import { decodedBody } from "./decoded-body.js";
import { createDriftChecker } from "./drift-checker.js";
import type { DriftRecord } from "./drift-record.js";
import { buildDriftReport, type DriftReport } from "./drift-report.js";
import { DriftSourceError } from "./drift-source-error.js";
import { forwardedHeaders, headerObject } from "./forwarded-headers.js";
import type { DriftSpec } from "./load-drift-spec.js";

/** Options of {@link startDriftProxy}. */
export interface DriftProxyOptions {
  /** The spec to check traffic against (`loadDriftSpec`). */
  spec: DriftSpec;
  /** Where requests go: `https://nd-123.example.com`, `http://127.0.0.1:8545/base`. */
  target: string;
  /** The port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** Called with each exchange once its answer has passed, secrets masked (the NDJSON line). */
  onExchange?: (exchange: RecordedExchange) => void;
}

/** A running proxy. */
export interface DriftProxy {
  /** `http://127.0.0.1:<port>`: point the client here instead of at the target. */
  url: string;
  /** Every record so far. */
  readonly records: readonly DriftRecord[];
  /** How many exchanges were checked so far. */
  readonly exchanges: number;
  /** The report of what was seen so far. */
  report(): DriftReport;
  /** Stops listening, after the exchanges under way have been checked. */
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 that forwards every request to `target` and every answer back byte
 * for byte (headers too, in their order and case, except hop-by-hop ones; `Host` becomes the
 * target's), and checks both against the spec once the answer has passed, so a check never delays
 * or changes what passes through.
 *
 * @throws {DriftSourceError} When `target` is not an http(s) URL.
 * @example
 * const proxy = await startDriftProxy({ spec: await loadDriftSpec({ surface: "evm" }), target: "https://nd-1.example.com" });
 * const evm = createEvmClient({ url: proxy.url, credentials });
 * // … later
 * console.log(renderReport(proxy.report(), "text"));
 */
export async function startDriftProxy(options: DriftProxyOptions): Promise<DriftProxy> {
  const target = targetUrl(options.target);
  const secure = target.protocol === "https:";
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const basePath = target.pathname.replace(/\/$/, "");
  const checker = createDriftChecker(options.spec);
  const records: DriftRecord[] = [];
  let exchanges = 0;
  const pending = new Set<Promise<void>>();

  const check = (
    request: IncomingMessage,
    requestBytes: Buffer,
    status: number,
    responseRaw: readonly string[],
    responseBytes: Buffer,
  ) => {
    const requestHeaders = headerObject(request.rawHeaders);
    const responseHeaders = headerObject(responseRaw);
    const requestBody = decodedBody(requestBytes, requestHeaders["content-encoding"]);
    const responseBody = decodedBody(responseBytes, responseHeaders["content-encoding"]);
    if (requestBody === undefined || responseBody === undefined) return;
    const recorded = checker.check({
      method: request.method ?? "GET",
      target: request.url ?? "/",
      requestHeaders,
      requestBody,
      status,
      responseHeaders,
      responseBody,
    });
    exchanges++;
    records.push(...recorded.records);
    options.onExchange?.(recorded);
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const requestChunks: Buffer[] = [];
    const upstream = send(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: request.method,
        path: `${basePath}${request.url ?? "/"}`,
        headers: forwardedHeaders(request.rawHeaders, target.host),
        agent,
      },
      (answer) => {
        const responseChunks: Buffer[] = [];
        response.writeHead(
          answer.statusCode ?? 502,
          answer.statusMessage,
          forwardedHeaders(answer.rawHeaders),
        );
        answer.on("data", (chunk: Buffer) => responseChunks.push(chunk));
        answer.pipe(response);
        answer.on("end", () => {
          // The answer has gone out whole: the checks run after it, off its path.
          const done = new Promise<void>((resolve) =>
            setImmediate(() => {
              try {
                check(
                  request,
                  Buffer.concat(requestChunks),
                  answer.statusCode ?? 0,
                  answer.rawHeaders,
                  Buffer.concat(responseChunks),
                );
              } finally {
                resolve();
              }
            }),
          );
          pending.add(done);
          void done.then(() => pending.delete(done));
        });
      },
    );
    upstream.on("error", (error) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      response.end(
        `chainkit proxy: the target did not answer (${(error as NodeJS.ErrnoException).code ?? error.message})\n`,
      );
    });
    request.on("data", (chunk: Buffer) => requestChunks.push(chunk));
    request.on("aborted", () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get records() {
      return records;
    },
    get exchanges() {
      return exchanges;
    },
    report: () => buildDriftReport(records, { spec: options.spec, exchanges }),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await Promise.all(pending);
      agent.destroy();
    },
  };
}

function targetUrl(target: string): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new DriftSourceError(
      `--target ${target}`,
      "is not a URL; give the service's base URL, e.g. https://nd-123.example.com",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new DriftSourceError(`--target ${target}`, "must be an http: or https: URL");
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new DriftSourceError(
      "--target",
      "must be a plain base URL, without user info, query or fragment: the client sends its own credentials through the proxy",
    );
  }
  return url;
}
