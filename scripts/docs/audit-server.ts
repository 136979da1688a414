/**
 * The static host the portal's audits (`lighthouse-audit.ts`, `main-thread-trace.ts`) load pages
 * from: a built site folder on 127.0.0.1, each file with the content type a static host gives it.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, resolve } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".yaml": "text/yaml; charset=utf-8",
};

/**
 * Serves `folder` on 127.0.0.1 on a free port; nothing outside it.
 *
 * @returns The listening server.
 * @example const server = await serveSiteFolder("site");
 */
export function serveSiteFolder(folder: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = resolve(folder, `.${path.endsWith("/") ? `${path}index.html` : path}`);
    try {
      if (!file.startsWith(folder)) throw new Error("outside");
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}
