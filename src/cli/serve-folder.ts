import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".yaml": "text/yaml; charset=utf-8",
  ".json": "application/json",
};

/** A static file server on 127.0.0.1. */
export interface StaticServer {
  /** Base URL with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a folder on loopback: `/` serves `index.html`, paths outside the folder and unknown paths
 * answer 404.
 *
 * @param folder - The folder to serve.
 * @param port - The port (default 0: a free one).
 * @param generated - Files made while serving, by URL path (`/try-it-targets.json`), served before the folder's.
 * @returns The running server.
 * @example
 * const server = await serveFolder("site");
 * await server.close();
 */
export async function serveFolder(
  folder: string,
  port = 0,
  generated: ReadonlyMap<string, string> = new Map(),
): Promise<StaticServer> {
  const root = resolve(folder);
  const server: Server = createServer((request, response) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
    } catch {
      path = "/";
    }
    const made = generated.get(path);
    if (made !== undefined) {
      response.writeHead(200, {
        "content-type": TYPES[extname(path)] ?? "text/plain",
        "cache-control": "no-store",
      });
      response.end(made);
      return;
    }
    const file = join(root, normalize(path === "/" ? "/index.html" : path));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolveListen);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise<void>((resolveClose, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolveClose()));
      }),
  };
}
