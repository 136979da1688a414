import { describe, expect, it } from "vitest";
import { bearerAuth, nodeAuth } from "../../src/runtime/credentials/auth.js";
import { HttpError } from "../../src/runtime/errors/http-error.js";
import { RateLimitError } from "../../src/runtime/errors/rate-limit-error.js";
import { RequestValidationError } from "../../src/runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../src/runtime/errors/response-validation-error.js";
import type { RestOperation } from "../../src/runtime/operation.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";
import { loadValidators } from "../../src/runtime/validation/load-validators.js";
import { createThing, getThing, queryThing } from "./support/descriptors.js";
import { type Answer, serversClosedAfterEach } from "./support/http-server.js";

const serve = serversClosedAfterEach();

const THING = '{"id":"TH-1","total_supply":990000000000000000,"lts":["49000000000000001",7],"price":0.25}';

describe("REST caller: sending", () => {
  it("sends path, repeated query keys and exact bigints, with bearer auth", async () => {
    const { url, requests } = await serve(() => ({ body: THING }));
    const caller = createRestCaller({
      baseUrl: url,
      auth: bearerAuth("k3y-0123456789"),
      headers: { "x-client": "test" },
    });
    await caller.call(getThing, {
      path: { id: "TH-1" },
      query: { limit: 10, tag: ["a", "b"], after_lt: 49000000000000001n },
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe("GET");
    expect(requests[0]?.url).toBe("/v1/things/TH-1/?limit=10&tag=a&tag=b&after_lt=49000000000000001");
    expect(requests[0]?.headers.authorization).toBe("Bearer k3y-0123456789");
    expect(requests[0]?.headers["x-client"]).toBe("test");
  });

  it("sends a JSON body with bigints as integer literals, token in the path", async () => {
    const { url, requests } = await serve(() => ({ status: 201, body: { id: "TH-2" } }));
    const caller = createRestCaller({ baseUrl: url, auth: nodeAuth({ token: "tok-0123456789" }) });
    const created = await caller.call(createThing, {
      body: { name: "n", region: "eu3", amount: 990000000000000000n },
    });
    expect(created).toEqual({ id: "TH-2" });
    expect(requests[0]?.url).toBe("/tok-0123456789/v1/things/");
    expect(requests[0]?.headers["content-type"]).toBe("application/json");
    expect(requests[0]?.body).toBe('{"name":"n","region":"eu3","amount":990000000000000000}');
  });

  it("sends basic auth with the path unchanged", async () => {
    const { url, requests } = await serve(() => ({ body: THING }));
    const caller = createRestCaller({
      baseUrl: url,
      auth: nodeAuth({ username: "u", password: "p-0123456789" }),
    });
    await caller.call(getThing, { path: { id: "TH-1" } });
    expect(requests[0]?.url).toBe("/v1/things/TH-1/");
    expect(requests[0]?.headers.authorization).toBe("Basic dTpwLTAxMjM0NTY3ODk=");
  });
});

describe("REST caller: per-request state", () => {
  it("gives each request its own headers, so a fetch wrapper's additions do not leak", async () => {
    const seen: Record<string, string>[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      seen.push({ ...headers });
      headers["x-trace"] = String(seen.length);
      return Response.json({ id: "TH-1", total_supply: 1 });
    };
    const caller = createRestCaller({
      baseUrl: "http://127.0.0.1:1",
      fetch,
      auth: bearerAuth("key-1-0123456789"),
    });
    await caller.call(getThing, { path: { id: "TH-1" } });
    await caller.call(createThing, { body: { name: "a", region: "eu3", amount: 1n } }).catch(() => undefined);
    await caller.call(getThing, { path: { id: "TH-1" } });
    expect(seen.map((headers) => headers["x-trace"])).toEqual([undefined, undefined, undefined]);
    expect(seen[0]).toEqual({ accept: "application/json", authorization: "Bearer key-1-0123456789" });
    expect(seen[1]?.["content-type"]).toBe("application/json");
    expect(seen[2]?.["content-type"]).toBeUndefined();
  });
});

describe("REST caller: request validation", () => {
  it("names every bad field by JSON pointer and sends nothing", async () => {
    const { url, requests } = await serve(() => ({ body: THING }));
    const caller = createRestCaller({ baseUrl: url });
    const error = await caller
      .call(getThing, { path: { id: "nope" }, query: { limit: 5000, extra: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    const pointers = (error as RequestValidationError).issues.map((issue) => issue.pointer);
    expect(pointers).toEqual(expect.arrayContaining(["/path/id", "/query/limit", "/query/extra"]));
    expect((error as RequestValidationError).field).toBe("/path/id");

    const bodyError = await caller
      .call(createThing, { body: { name: "n", region: "mars-1" } })
      .catch((e: unknown) => e);
    expect((bodyError as RequestValidationError).field).toBe("/body/region");
    const missing = await caller.call(createThing, { body: { region: "eu3" } }).catch((e: unknown) => e);
    expect((missing as RequestValidationError).field).toBe("/body/name");
    const tooBig = await caller
      .call(createThing, { body: { name: "n", region: "eu3", amount: 1.5 } })
      .catch((e: unknown) => e);
    expect((tooBig as RequestValidationError).field).toBe("/body/amount");
    expect(requests).toHaveLength(0);
  });
});

describe("REST caller: responses", () => {
  it("parses losslessly, validates and converts int64 fields to bigint; floats stay numbers", async () => {
    const { url } = await serve(() => ({ body: THING }));
    const caller = createRestCaller({ baseUrl: url });
    expect(await caller.call(getThing, { path: { id: "TH-1" } })).toEqual({
      id: "TH-1",
      total_supply: 990000000000000000n,
      lts: [49000000000000001n, 7n],
      price: 0.25,
    });
  });

  it("refuses a body that breaks the schema, unless validation is off for the client or the call", async () => {
    const { url } = await serve(() => ({ body: '{"id":7,"total_supply":"12x"}' }));
    const strict = createRestCaller({ baseUrl: url });
    const error = await strict.call(getThing, { path: { id: "TH-1" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.pointer)).toEqual(["/id", "/total_supply"]);
    expect(await strict.call(getThing, { path: { id: "TH-1" } }, { validateResponse: false })).toEqual({
      id: 7,
      total_supply: "12x",
    });
    const lax = createRestCaller({ baseUrl: url, validateResponse: false });
    expect(await lax.call(getThing, { path: { id: "TH-1" } })).toEqual({ id: 7, total_supply: "12x" });
  });

  it("picks the descriptor by exact status, then range, then default; empty bodies are undefined", async () => {
    const { url } = await serve((_request, index) =>
      index === 0 ? { status: 204 } : { status: 202, body: "[1]" },
    );
    const caller = createRestCaller({ baseUrl: url });
    expect(await caller.call(createThing, { body: { name: "n", region: "eu3" } })).toBeUndefined();
    // 202 falls to `default`, which has no schema: passed through.
    expect(await caller.call(createThing, { body: { name: "n", region: "eu3" } })).toEqual([1]);
  });

  it("refuses a success status the spec does not describe, unless validation is off", async () => {
    const { url } = await serve(() => ({ status: 200, body: '{"truncated": ' }));
    const [create, thing] = await Promise.all([loadValidators(createThing), loadValidators(getThing)]);
    const onlyCreated: RestOperation = {
      ...createThing,
      validators: async () => ({ ...create, responses: { "201": thing.responses["200"] ?? {} } }),
    };
    const error = await createRestCaller({ baseUrl: url })
      .call(onlyCreated, { body: { name: "n", region: "eu3" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toContain("status 200");
    const lax = createRestCaller({ baseUrl: url, validateResponse: false });
    expect(await lax.call(onlyCreated, { body: { name: "n", region: "eu3" } })).toBe('{"truncated": ');
  });

  it("falls back to the status range (2XX) when the exact status is not listed", async () => {
    const { url } = await serve(() => ({ status: 203, body: { id: 5 } }));
    const [create, thing] = await Promise.all([loadValidators(createThing), loadValidators(getThing)]);
    const ranged: RestOperation = {
      ...createThing,
      validators: async () => ({
        ...create,
        responses: { "2XX": thing.responses["200"] ?? {}, default: {} },
      }),
    };
    const error = await createRestCaller({ baseUrl: url })
      .call(ranged, { body: { name: "n", region: "eu3" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).status).toBe(203);
  });

  it("refuses a non-JSON success body when the status has a schema", async () => {
    const { url } = await serve(() => ({ body: "<html>oops</html>" }));
    const error = await createRestCaller({ baseUrl: url })
      .call(getThing, { path: { id: "TH-1" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.message).toBe("is not JSON");
  });
});

describe("REST caller: service errors", () => {
  const cases: [string, Answer, Partial<HttpError>][] = [
    [
      "platform {error:{code,message,fields}}",
      {
        status: 400,
        body: {
          error: { code: "validation_error", message: "Invalid input", fields: { region: ["bad region"] } },
        },
      },
      {
        status: 400,
        code: "validation_error",
        serviceMessage: "Invalid input",
        fields: { region: ["bad region"] },
      },
    ],
    [
      "platform {detail}",
      { status: 404, body: { detail: "Not found." } },
      { status: 404, serviceMessage: "Not found." },
    ],
    [
      "indexer {error,code}",
      { status: 422, body: { error: "limit is not allowed: 2000 > 1000", code: 422 } },
      { status: 422, code: 422, serviceMessage: "limit is not allowed: 2000 > 1000" },
    ],
    [
      "a text body",
      { status: 500, headers: { "content-type": "text/plain" }, body: "upstream broke" },
      { status: 500, serviceMessage: "upstream broke" },
    ],
  ];
  it.each(cases)("reads %s", async (_name, answer, expected) => {
    const { url } = await serve(() => answer);
    const error = await createRestCaller({ baseUrl: url })
      .call(createThing, { body: { name: "n", region: "eu3" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject(expected);
    expect((error as HttpError).message).toContain(String(expected.serviceMessage));
  });

  it("turns an HTTP 200 {Error} into an HttpError through detectServiceError, without retrying", async () => {
    const { url, requests } = await serve(() => ({
      body: { Error: "class org.tron.core.exception.BadItemException : asset not found" },
    }));
    const caller = createRestCaller({
      baseUrl: url,
      detectServiceError: (body) => (body as { Error?: string }).Error,
      retry: { baseDelay: 1 },
    });
    const error = await caller.call(queryThing, { body: { value: "X" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 200, serviceMessage: expect.stringContaining("asset not found") });
    expect(requests).toHaveLength(1);
  });

  it("maps 429 to RateLimitError with the Retry-After wait", async () => {
    const { url } = await serve(() => ({
      status: 429,
      headers: { "retry-after": "120" },
      body: "slow down",
    }));
    const error = await createRestCaller({ baseUrl: url })
      .call(createThing, { body: { name: "n", region: "eu3" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(120_000);
  });
});
