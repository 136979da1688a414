import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { browserReadHeaders, checkBrowserOrigins, preflightAnswer } from "../../sandbox/browser-origins.js";
import { type CreateMockOptions, createMock, type SpecMock } from "./create-mock.js";

/** Options of {@link serveMock}: the mock's, plus where it listens and which pages may read it. */
export interface ServeMockOptions extends CreateMockOptions {
  /** The port (default: a free one). */
  port?: number;
  /**
   * Web pages that may read the answers from a browser (CORS), by origin, e.g. the docs portal's for
   * its try-it (`chainkit docs <spec> --out <dir> --serve --mock` sets it). No other page may.
   */
  browserOrigins?: readonly string[];
}

/** A running mock server. */
export interface MockServer {
  /** `http://127.0.0.1:<port>`: the base URL to give a client. */
  url: string;
  mock: SpecMock;
  close(): Promise<void>;
}

/** Largest request body the mock reads: a mock has no reason to take more. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Serves a mock of a spec on 127.0.0.1 (`chainkit mock`).
 *
 * @param spec - The spec file.
 * @param options - Port (default: a free one), seed, state, `$ref` permissions, browser pages.
 * @returns The server, listening.
 * @example
 * const server = await serveMock("petstore.yaml", { port: 4010 });
 * console.log(server.url); // http://127.0.0.1:4010
 */
export async function serveMock(spec: string, options: ServeMockOptions = {}): Promise<MockServer> {
  const browserOrigins = checkBrowserOrigins(options.browserOrigins ?? []);
  const mock = await createMock(spec, options);
  const server = createServer((request, response) => {
    const preflight = preflightAnswer(request.method, request.headers, browserOrigins);
    if (preflight !== undefined) {
      response.writeHead(preflight.status, preflight.headers).end();
      return;
    }
    for (const [name, value] of Object.entries(browserReadHeaders(request.headers, browserOrigins))) {
      response.setHeader(name, value);
    }
    readBody(request)
      .then((body) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        const answer = mock.handle({
          method: request.method ?? "GET",
          url: new URL(request.url ?? "/", "http://127.0.0.1"),
          headers,
          body,
        });
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      })
      .catch((error: unknown) => {
        response.writeHead(413, { "content-type": "text/plain" });
        response.end(error instanceof Error ? error.message : String(error));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mock,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`the request body is over ${MAX_BODY_BYTES} bytes`));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
