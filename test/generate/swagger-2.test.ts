/**
 * Swagger 2.0 specs are converted to OpenAPI 3.1 inside (`upgrade-swagger-2.ts`): a client is
 * generated and calls a local server with its requests checked and its answers validated, and a
 * broken 2.0 spec's error points into the file the user wrote, not into its conversion.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { describeSpecError } from "../../scripts/generate/source-position.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { swaggerPointer } from "../../scripts/generate/upgrade-swagger-2.js";
import { repoRoot, scratchRoot } from "./support.js";

const fixtures = join(repoRoot, "test/fixtures/swagger-2");

describe("a Swagger 2.0 spec generates a working client", () => {
  let scratch: Awaited<ReturnType<typeof scratchRoot>>;
  const requests: string[] = [];
  let answer = "";
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
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

  it("host and basePath become the default server; int64 arrives as bigint; bad input is refused before sending", async () => {
    const out = join(scratch.root, "nodes");
    const notes: string[] = [];
    const result = await generateClient({
      spec: join(fixtures, "nodes.swagger.yaml"),
      out,
      runtime: join(repoRoot, "src/runtime.js"),
      note: (line) => notes.push(line),
    });
    expect(result.defaultBaseUrl).toBe("https://nodes.example/v2");
    expect(notes.some((line) => line.includes("Swagger 2.0, read as OpenAPI 3.1"))).toBe(true);
    type Client = Record<string, (...args: unknown[]) => Promise<unknown>>;
    const generated = (await import(pathToFileURL(join(out, "index.ts")).href)) as Record<
      string,
      (options: { baseUrl: string }) => Client
    >;
    const { port } = server.address() as AddressInfo;
    const client = generated[result.factory]?.({ baseUrl: `http://127.0.0.1:${port}/v2` });

    answer = '[{"id":"n1","height":9007199254740993,"label":null}]';
    expect(await client?.listNodes?.({ limit: 5 })).toEqual([
      { id: "n1", height: 9007199254740993n, label: null },
    ]);
    expect(requests).toEqual(["GET /v2/nodes?limit=5"]);

    // The 2.0 parameter's `maximum` and the definition's `pattern` hold after the conversion.
    await expect(client?.listNodes?.({ limit: 500 })).rejects.toThrow(/limit/);
    await expect(client?.createNode?.({ id: "x1", height: 1n })).rejects.toThrow(/\/id/);
    expect(requests).toHaveLength(1);

    // An answer that breaks the definition is refused.
    answer = '[{"id":"n1"}]';
    await expect(client?.listNodes?.()).rejects.toThrow(/height/);
  });
});

describe("a broken Swagger 2.0 spec is located in the file as written", () => {
  async function failure(name: string): Promise<{ error: SpecError; printed: string }> {
    const spec = join(fixtures, name);
    const error = await generateClient({ spec, out: join(tmpdir(), "chainkit-never-written") }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SpecError);
    return { error: error as SpecError, printed: await describeSpecError(error as SpecError, spec) };
  }

  it("a body parameter's schema: the parameter, not the request body it became", async () => {
    const { error, printed } = await failure("broken-body.swagger.yaml");
    expect(error.pointer).toBe("/paths/~1nodes/post/parameters/1/schema/properties/id/type");
    expect(printed).toMatch(/broken-body\.swagger\.yaml:19:23: /);
  });

  it("a response's $ref: the response's schema, quoted as #/definitions", async () => {
    const { error, printed } = await failure("broken-definition.swagger.yaml");
    expect(error.pointer).toBe("/paths/~1nodes/get/responses/200/schema/$ref");
    expect(error.problem).toBe('unknown $ref "#/definitions/Nodes"');
    expect(printed).toMatch(/broken-definition\.swagger\.yaml:13:19: /);
  });
});

describe("pointers into the conversion lead back to the 2.0 document", () => {
  const original = {
    swagger: "2.0",
    paths: {
      "/a": {
        get: {
          parameters: [{ name: "q", in: "query", type: "string" }],
          responses: { "200": { schema: { type: "object" } } },
        },
      },
    },
    definitions: { Node: { type: "object", properties: { id: { type: "string" } } } },
  };

  it.each([
    ["/components/schemas/Node/properties/id/type", "/definitions/Node/properties/id/type"],
    ["/paths/~1a/get/parameters/0/schema/type", "/paths/~1a/get/parameters/0/type"],
    [
      "/paths/~1a/get/responses/200/content/application~1json/schema/type",
      "/paths/~1a/get/responses/200/schema/type",
    ],
    // Nothing in 2.0 to point at: the nearest place that exists.
    ["/paths/~1a/get/requestBody/content/application~1json/schema", "/paths/~1a/get"],
    ["/servers/0/url", ""],
  ])("%s → %s", (converted, expected) => {
    expect(swaggerPointer(original, converted)).toBe(expected);
  });
});
