/**
 * A string with OpenAPI's `format: password` is a secret, as `x-secret: true` is: the generated
 * types make it the runtime's `Secret`, the client reveals it only on the wire, and an answer's
 * password arrives wrapped, so it never shows in an error, a log line or an inspected object.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { Secret } from "../../src/runtime.js";
import { repoRoot, scratchRoot } from "./support.js";

const PIN = "hunter2-pin";
const TOO_LONG = "hunter2-far-too-long";

describe("format: password", () => {
  let scratch: Awaited<ReturnType<typeof scratchRoot>>;
  const bodies: string[] = [];
  let answer = "";
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    bodies.push(body);
    response.setHeader("content-type", "application/json");
    response.end(answer);
  });

  beforeAll(async () => {
    scratch = await scratchRoot();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
  });

  afterAll(async () => {
    server.close();
    await scratch.remove();
  });

  it("is typed Secret, sent revealed, and never shown from an answer, an error or inspect", async () => {
    const out = join(scratch.root, "logins");
    const result = await generateClient({
      spec: join(repoRoot, "test/fixtures/password-format/logins.openapi.yaml"),
      out,
      runtime: join(repoRoot, "src/runtime.js"),
    });
    const { readFile } = await import("node:fs/promises");
    const types = await readFile(join(out, "types.ts"), "utf8");
    // The query's, the body's and the answer's.
    expect(types.match(/\bpin: Secret;/g)).toHaveLength(3);

    type Client = Record<string, (...args: unknown[]) => Promise<unknown>>;
    const generated = (await import(pathToFileURL(join(out, "index.ts")).href)) as Record<
      string,
      (options: { baseUrl: string }) => Client
    >;
    const { port } = server.address() as AddressInfo;
    const client = generated[result.factory]?.({ baseUrl: `http://127.0.0.1:${port}` });

    answer = JSON.stringify({ user: "ann", pin: PIN, expires: 60 });
    const login = (await client?.createLogin?.({ user: "ann", pin: new Secret(PIN) })) as Record<
      string,
      unknown
    >;
    expect(JSON.parse(bodies[0] ?? "")).toEqual({ user: "ann", pin: PIN });
    expect(login.pin).toBeInstanceOf(Secret);
    expect((login.pin as Secret).reveal()).toBe(PIN);
    expect(inspect(login, { depth: 9 })).not.toContain(PIN);
    expect(JSON.stringify(login)).not.toContain(PIN);

    // Refused before sending: the error names the field, not the value.
    const refused = await client
      ?.createLogin?.({ user: "ann", pin: new Secret(TOO_LONG) })
      .catch((error) => error);
    expect(String(refused)).toMatch(/\/body\/pin/);
    expect(`${String(refused)} ${inspect(refused, { depth: 9 })} ${JSON.stringify(refused)}`).not.toContain(
      TOO_LONG,
    );
    expect(bodies).toHaveLength(1);

    // An answer that breaks the spec: the error shows where, never the password it carried.
    answer = JSON.stringify({ user: "ann", pin: PIN, expires: "soon" });
    const broken = await client?.createLogin?.({ user: "ann", pin: new Secret(PIN) }).catch((error) => error);
    expect(String(broken)).toMatch(/expires/);
    expect(`${String(broken)} ${inspect(broken, { depth: 9 })} ${JSON.stringify(broken)}`).not.toContain(PIN);
  });
});
