import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { nodeAuth } from "../../src/runtime/credentials/auth.js";
import { ConfigurationError } from "../../src/runtime/errors/configuration-error.js";
import { RequestValidationError } from "../../src/runtime/errors/request-validation-error.js";
import { ResponseValidationError } from "../../src/runtime/errors/response-validation-error.js";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import type { RestOperation, RpcMethod, Validator } from "../../src/runtime/operation.js";
import { createRestCaller } from "../../src/runtime/rest/create-rest-caller.js";
import type { ValidationViolation } from "../../src/runtime.js";
import { createThing, getThing } from "./support/descriptors.js";
import { serversClosedAfterEach } from "./support/http-server.js";

const serve = serversClosedAfterEach();
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validator = (schema: object) => ajv.compile(schema) as unknown as Validator;
const TOKEN = "tok-report-0123456789";

/** An answer with a secret field (`x-secret`) and a field that echoes a URL. */
const getKey: RestOperation = {
  id: "getKey",
  method: "GET",
  path: "/v1/key/",
  idempotent: true,
  validators: async () => ({
    responses: {
      "200": {
        validate: validator({
          type: "object",
          required: ["key"],
          properties: { key: { type: "string" }, calls: { type: "integer" }, endpoint: { type: "integer" } },
        }),
        secrets: [["key"]],
      },
    },
  }),
};

/** A result with a nested object and an int64 field. */
const getBlock: RpcMethod = {
  name: "test_getBlock",
  idempotent: true,
  validators: async () => ({
    params: validator({ type: "array", maxItems: 0 }),
    result: validator({
      type: "object",
      required: ["number", "lt"],
      properties: {
        number: { type: "string", pattern: "^0x[0-9a-f]+$" },
        lt: { type: ["integer", "string"], pattern: "^-?[0-9]+$" },
        kind: { enum: ["full", "light"] },
      },
    }),
    int64: [["lt"]],
  }),
};

function collector() {
  const violations: ValidationViolation[] = [];
  return { violations, onViolation: (violation: ValidationViolation) => violations.push(violation) };
}

describe('validation: "report", REST', () => {
  it("returns a drifted answer converted, and hands each violation to onViolation", async () => {
    const drifted = '{"id":"TH-1","total_supply":990000000000000000,"price":"cheap","lts":[null]}';
    const { url } = await serve(() => ({ body: drifted }));
    const { violations, onViolation } = collector();
    const caller = createRestCaller({ baseUrl: url, validation: "report", onViolation });
    const thing = await caller.call(getThing, { path: { id: "TH-1" } });
    expect(thing).toEqual({ id: "TH-1", total_supply: 990000000000000000n, price: "cheap", lts: [null] });
    expect(violations).toContainEqual({
      operation: "getThing",
      direction: "response",
      pointer: "/price",
      rule: "type",
      message: expect.stringContaining("number"),
      sample: '"cheap"',
    });
    expect(violations.map((v) => v.pointer)).toContain("/lts/0");
  });

  it("reports a status the spec does not describe, and returns the body", async () => {
    const { url } = await serve(() => ({ status: 203, body: { id: "TH-9", total_supply: "1" } }));
    const { violations, onViolation } = collector();
    const caller = createRestCaller({ baseUrl: url, validation: "report", onViolation });
    const thing = await caller.call(getThing, { path: { id: "TH-9" } });
    expect(thing).toEqual({ id: "TH-9", total_supply: "1" });
    expect(violations).toEqual([expect.objectContaining({ pointer: "", rule: "status" })]);
  });

  it("keeps secrets out of samples: no sample at a secret field, credentials scrubbed elsewhere", async () => {
    const body = `{"key":42,"calls":"many","endpoint":"https://node.example/${TOKEN}/evm"}`;
    const { url } = await serve(() => ({ body }));
    const { violations, onViolation } = collector();
    const caller = createRestCaller({
      baseUrl: url,
      auth: nodeAuth({ token: TOKEN }),
      validation: "report",
      onViolation,
    });
    const answer = (await caller.call(getKey, {})) as Record<string, unknown>;
    expect(answer.calls).toBe("many");
    const byPointer = Object.fromEntries(violations.map((v) => [v.pointer, v]));
    expect(byPointer["/key"]).toMatchObject({ rule: "type" });
    expect(byPointer["/key"]).not.toHaveProperty("sample");
    expect(byPointer["/calls"]?.sample).toBe('"many"');
    expect(byPointer["/endpoint"]?.sample).toBeDefined();
    expect(JSON.stringify(violations)).not.toContain(TOKEN);
    expect(JSON.stringify(violations)).not.toContain("42");
  });

  it("still refuses a request the spec refuses, before sending, without reporting it", async () => {
    const { url, requests } = await serve(() => ({ body: {} }));
    const { violations, onViolation } = collector();
    const caller = createRestCaller({ baseUrl: url, validation: "report", onViolation });
    const call = caller.call(createThing, { body: { name: "", region: "mars" } });
    await expect(call).rejects.toBeInstanceOf(RequestValidationError);
    expect(requests).toHaveLength(0);
    expect(violations).toEqual([]);
  });

  it("refuses again for a call with validateResponse: true", async () => {
    const { url } = await serve(() => ({ body: '{"id":"TH-1","total_supply":1,"price":"cheap"}' }));
    const { violations, onViolation } = collector();
    const caller = createRestCaller({ baseUrl: url, validation: "report", onViolation });
    const call = caller.call(getThing, { path: { id: "TH-1" } }, { validateResponse: true });
    await expect(call).rejects.toBeInstanceOf(ResponseValidationError);
    expect(violations).toEqual([]);
  });

  it('refuses "report" without onViolation, and validation next to validateResponse, at construction', () => {
    const baseUrl = "http://127.0.0.1:1";
    expect(() => createRestCaller({ baseUrl, validation: "report" })).toThrow(ConfigurationError);
    expect(() => createRestCaller({ baseUrl, validation: "off", validateResponse: true })).toThrow(
      /not both/,
    );
    expect(() => createRestCaller({ baseUrl, validation: "loud" as "on" })).toThrow(
      /"on", "off" or "report"/,
    );
  });
});

describe('validation: "report", JSON-RPC', () => {
  const drifted = { number: "0x10", lt: "49000000000000001", kind: "archive", extra: true };

  it("resolves a drifted result converted, and reports its pointer and rule", async () => {
    const { url } = await serve((request) => {
      const { id } = JSON.parse(request.body) as { id: number };
      return { body: { jsonrpc: "2.0", id, result: drifted } };
    });
    const { violations, onViolation } = collector();
    const rpc = createJsonRpcClient({ url, validation: "report", onViolation });
    const block = await rpc.call(getBlock, []);
    expect(block).toEqual({ ...drifted, lt: 49000000000000001n });
    expect(violations).toEqual([
      {
        operation: "test_getBlock",
        direction: "response",
        pointer: "/result/kind",
        rule: "enum",
        message: expect.stringContaining("full"),
        sample: '"archive"',
      },
    ]);
  });

  it("reports each entry of a batch on its own", async () => {
    const { url } = await serve((request) => {
      const calls = JSON.parse(request.body) as { id: number }[];
      return { body: calls.map(({ id }) => ({ jsonrpc: "2.0", id, result: { ...drifted, number: 16 } })) };
    });
    const { violations, onViolation } = collector();
    const rpc = createJsonRpcClient({ url, validation: "report", onViolation });
    const outcomes = await rpc.batch([
      { method: getBlock, params: [] },
      { method: getBlock, params: [] },
    ]);
    expect(outcomes.every((outcome) => "result" in outcome)).toBe(true);
    expect(violations.filter((v) => v.pointer === "/result/number")).toHaveLength(2);
  });

  it("fails the call as before when validation is on", async () => {
    const { url } = await serve((request) => {
      const { id } = JSON.parse(request.body) as { id: number };
      return { body: { jsonrpc: "2.0", id, result: drifted } };
    });
    const rpc = createJsonRpcClient({ url });
    await expect(rpc.call(getBlock, [])).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
