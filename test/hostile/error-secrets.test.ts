import { ChainkitError, HttpError, JsonRpcError } from "chainkit/evm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { everyClientCall, everythingShown, SECRETS, TOKEN } from "./support/clients.js";

/** Every character as a JSON \u escape, as `ensure_ascii` servers and some proxies write strings. */
const allEscaped = (text: string) =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
/** What a JSON writer that escapes `/`, `&`, `<` and `>` (PHP, Go's html-safe mode) makes of a string. */
const htmlSafe = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/\//g, "\\/")
    .replace(/&/g, "\\u0026")
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e");

/** A JSON error body that echoes every secret in escaped forms, in messages, fields, keys and data. */
function echoingBody(): string {
  const said = SECRETS.map((secret) => `${allEscaped(secret)} ${htmlSafe(secret)}`).join(" ");
  const key = htmlSafe(SECRETS[0] as string);
  return `{"error":{"code":"denied","message":"refused ${said}","fields":{"${key}":["${said}"]}},"Error":"${said}","detail":{"${allEscaped(TOKEN)}":"${said}"}}`;
}

// Finding 1: error bodies were scrubbed as raw text before parsing, so secrets echoed JSON-escaped
// came back in clear; the status line was never scrubbed.
describe("secrets a server echoes into an error never reach the error", () => {
  let server: HostileServer;
  let rpcServer: HostileServer;

  beforeAll(async () => {
    server = await startHostileServer((_request, response) => {
      response.writeHead(404, `No route /${TOKEN}/evm`, { "content-type": "application/json" });
      response.end(echoingBody());
    });
    rpcServer = await startHostileServer((request, response) => {
      const { id } = JSON.parse(request.text) as { id: number };
      const said = SECRETS.map((secret) => `${allEscaped(secret)} ${htmlSafe(secret)}`).join(" ");
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        `{"jsonrpc":"2.0","id":${id},"error":{"code":-32000,"message":"no ${said}","data":{"${allEscaped(TOKEN)}":["${said}"],"deep":${"[".repeat(5000)}"${said}"${"]".repeat(5000)}}}}`,
      );
    });
  });
  afterAll(async () => {
    await Promise.all([server.close(), rpcServer.close()]);
  });

  it("in HTTP errors of every client: body, parsed message and fields, and the status line", async () => {
    for (const { surface, mode, secrets, call } of everyClientCall(server.url)) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error, `${surface} (${mode})`).toBeInstanceOf(ChainkitError);
      const shown = await everythingShown(error);
      for (const secret of secrets) {
        expect(shown, `${surface} (${mode})`).not.toContain(secret);
        expect(shown, `${surface} (${mode})`).not.toContain(allEscaped(secret));
      }
      if (mode === "token") expect((error as HttpError).message).toContain("HTTP 404 No route /***/evm");
      if (error instanceof HttpError && mode !== "signed") {
        expect(error.serviceMessage).toContain("***");
      }
    }
  });

  it("in JSON-RPC errors: message and data, however deep", async () => {
    for (const { surface, mode, secrets, call } of everyClientCall(rpcServer.url).filter(
      (c) => c.surface === "evm",
    )) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error, `${surface} (${mode})`).toBeInstanceOf(JsonRpcError);
      const shown = await everythingShown(error);
      for (const secret of secrets) expect(shown, `${surface} (${mode})`).not.toContain(secret);
      expect((error as JsonRpcError).message).toContain("***");
    }
  });

  it("keeps a bounded part of a huge error body", async () => {
    const huge = await startHostileServer((_request, response) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ error: { message: "x".repeat(5_000_000), fields: { a: ["y".repeat(100_000)] } } }),
      );
    });
    try {
      const [platform] = everyClientCall(huge.url);
      const error = (await platform?.call().catch((caught: unknown) => caught)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(JSON.stringify(error.body).length).toBeLessThan(40_000);
      expect(error.message.length).toBeLessThan(40_000);
    } finally {
      await huge.close();
    }
  });
});
