/**
 * What specs nobody here wrote need from the REST caller, over a real socket on 127.0.0.1: header
 * and cookie parameters, OpenAPI's parameter styles, form, multipart and byte bodies, and answers
 * that are text or bytes (never decoded).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, describe, expect, it } from "vitest";
import { RequestValidationError } from "../../src/runtime/errors/request-validation-error.js";
import type { RestOperation, RestOperationValidators, Validator } from "../../src/runtime/operation.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A server that records raw request bytes and answers `body` with `contentType`. */
async function serve(body: Buffer | string, contentType: string) {
  const seen: Seen[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      bytes: Buffer.concat(chunks),
    });
    res.writeHead(200, { "content-type": contentType });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const ajv = new Ajv2020({ strict: false });
const check = (schema: object) => ajv.compile(schema) as unknown as Validator;

function operation(
  fields: Partial<RestOperation>,
  module: Partial<RestOperationValidators> = {},
): RestOperation {
  return {
    id: "op",
    method: "GET",
    path: "/things",
    idempotent: true,
    validators: async () => ({ responses: { "200": {} }, ...module }),
    ...fields,
  };
}

describe("REST caller: parameters beyond path and query", () => {
  it("sends header parameters, and cookie parameters as one Cookie header", async () => {
    const { url, seen } = await serve("{}", "application/json");
    const op = operation(
      {},
      {
        headers: check({
          type: "object",
          properties: { "X-Request-Id": { type: "string" } },
          required: ["X-Request-Id"],
        }),
        cookies: check({ type: "object", properties: { session: { type: "string" } } }),
      },
    );
    await createRestCaller({ baseUrl: url }).call(op, {
      headers: { "X-Request-Id": "r-1" },
      cookies: { session: "a b", ids: [1, 2] },
    });
    expect(seen[0]?.headers["x-request-id"]).toBe("r-1");
    expect(seen[0]?.headers.cookie).toBe("session=a%20b; ids=1,2");
  });

  it("refuses a missing required header before sending, naming /headers", async () => {
    const { url, seen } = await serve("{}", "application/json");
    const op = operation({}, { headers: check({ type: "object", required: ["X-Request-Id"] }) });
    const error = await createRestCaller({ baseUrl: url })
      .call(op, { headers: {} })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain("/headers");
    expect(seen).toHaveLength(0);
  });

  it("writes query and path parameters in their OpenAPI style", async () => {
    const { url, seen } = await serve("{}", "application/json");
    const op = operation({
      path: "/things/{ids}/{coords}",
      styles: {
        query: {
          filter: { style: "deepObject", explode: true },
          tags: { style: "form", explode: false },
          sizes: { style: "pipeDelimited", explode: false },
        },
        path: { coords: { style: "matrix", explode: false } },
      },
    });
    await createRestCaller({ baseUrl: url }).call(op, {
      path: { ids: [3, 4], coords: [1, 2] },
      query: { filter: { status: "on" }, tags: ["a", "b"], sizes: [1, 2], plain: ["x", "y"] },
    });
    expect(decodeURIComponent(seen[0]?.url ?? "")).toBe(
      "/things/3,4/;coords=1,2?filter[status]=on&tags=a,b&sizes=1|2&plain=x&plain=y",
    );
  });
});

describe("REST caller: bodies and answers that are not JSON", () => {
  it("sends form fields urlencoded, checked against the schema first", async () => {
    const { url, seen } = await serve("{}", "application/json");
    const op = operation(
      { method: "POST", requestMedia: "application/x-www-form-urlencoded" },
      { body: check({ type: "object", properties: { name: { type: "string" } }, required: ["name"] }) },
    );
    const caller = createRestCaller({ baseUrl: url });
    await caller.call(op, { body: { name: "Rex & co", tags: ["a", "b"] } });
    expect(seen[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(seen[0]?.bytes.toString()).toBe("name=Rex+%26+co&tags=a&tags=b");
    await expect(caller.call(op, { body: { tags: [] } })).rejects.toBeInstanceOf(RequestValidationError);
  });

  it("sends multipart form data with fetch's boundary, and bytes as they are", async () => {
    const { url, seen } = await serve("{}", "application/json");
    const caller = createRestCaller({ baseUrl: url });
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([0, 255])]), "a.bin");
    await caller.call(operation({ method: "POST", requestMedia: "multipart/form-data" }), { body: form });
    expect(seen[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.bytes.includes(Buffer.from([0, 255]))).toBe(true);

    const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0x80]);
    await caller.call(operation({ method: "PUT", requestMedia: "application/octet-stream" }), {
      body: bytes,
    });
    expect(seen[1]?.headers["content-type"]).toBe("application/octet-stream");
    expect([...(seen[1]?.bytes ?? [])]).toEqual([0xff, 0xfe, 0x00, 0x80]);
  });

  it("returns a binary answer as its exact bytes, asking for its media type", async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0xc3]);
    const { url, seen } = await serve(bytes, "image/png");
    const op = operation({ responseKind: "binary", accept: "image/png" });
    const answer = await createRestCaller({ baseUrl: url }).call(op, {});
    expect(answer).toBeInstanceOf(Uint8Array);
    expect([...(answer as Uint8Array)]).toEqual([...bytes]);
    expect(seen[0]?.headers.accept).toBe("image/png");
  });

  it("returns a text answer as a string, not parsed", async () => {
    const { url } = await serve("42", "text/plain");
    const answer = await createRestCaller({ baseUrl: url }).call(
      operation({ responseKind: "text", accept: "text/plain" }),
      {},
    );
    expect(answer).toBe("42");
  });

  it("sends HEAD", async () => {
    const { url, seen } = await serve("", "application/json");
    await createRestCaller({ baseUrl: url }).call(operation({ method: "HEAD" }), {});
    expect(seen[0]?.method).toBe("HEAD");
  });
});
