/** OpenRPC `paramStructure: by-name`: the client takes params by position and sends them as an object. */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createJsonRpcClient } from "../../src/runtime/json-rpc/create-json-rpc-client.js";
import type { RpcMethod, Validator } from "../../src/runtime/operation.js";
import { serversClosedAfterEach } from "./support/http-server.js";

const serve = serversClosedAfterEach();
const ajv = new Ajv2020({ strict: false });
const check = (schema: object) => ajv.compile(schema) as unknown as Validator;

const getPets: RpcMethod = {
  name: "get_pets",
  idempotent: true,
  paramNames: ["limit", "tag"],
  validators: async () => ({
    params: check({ type: "array", prefixItems: [{ type: "integer" }, { type: "string" }], minItems: 1 }),
    result: check({ type: "array" }),
  }),
};

describe("JSON-RPC by-name params", () => {
  it("sends the params tuple as an object keyed by name, leaving out what was left out", async () => {
    const { url, requests } = await serve((request) => {
      const { id } = JSON.parse(request.body) as { id: number };
      return { body: { jsonrpc: "2.0", id, result: [] } };
    });
    const client = createJsonRpcClient({ url, batch: false });
    await client.call(getPets, [5]);
    await client.call(getPets, [5, "dog"]);
    expect(JSON.parse(requests[0]?.body ?? "").params).toEqual({ limit: 5 });
    expect(JSON.parse(requests[1]?.body ?? "").params).toEqual({ limit: 5, tag: "dog" });
  });

  it("sends a param named like an Object.prototype member (__proto__) as a field of its own", async () => {
    const { url, requests } = await serve((request) => {
      const { id } = JSON.parse(request.body) as { id: number };
      return { body: { jsonrpc: "2.0", id, result: [] } };
    });
    const protoNamed: RpcMethod = {
      name: "proto_named",
      idempotent: true,
      paramNames: ["__proto__", "constructor"],
      validators: async () => ({ params: check({ type: "array" }), result: check({ type: "array" }) }),
    };
    const client = createJsonRpcClient({ url, batch: false });
    await client.call(protoNamed, ["P", { nested: 1 }]);
    const body = requests[0]?.body ?? "";
    expect(body).toContain('"params":{"__proto__":"P","constructor":{"nested":1}}');
  });
});
