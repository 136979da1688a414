import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { evmMethods } from "../../generated/evm/operations.js";
import { indexerOperations } from "../../generated/indexer/operations.js";
import { platformOperations } from "../../generated/platform/operations.js";
import { serveSurface } from "../../src/sandbox/http-server.js";
import type { SandboxRequest } from "../../src/sandbox/surface.js";
import {
  coerceQuery,
  type ParameterSpec,
  RestContract,
  RpcContract,
  refusal,
  SandboxContractError,
} from "../../src/sandbox/validation.js";

function request(method: string, path: string, query = "", body = ""): SandboxRequest {
  return { method, path, query: new URLSearchParams(query), headers: {}, body };
}

const parameters: ParameterSpec[] = [
  { name: "limit", in: "query", schema: { type: "integer" } },
  { name: "lt", in: "query", schema: { type: ["integer", "string"], format: "int64" } },
  { name: "archive", in: "query", schema: { type: "boolean" } },
  { name: "ratio", in: "query", schema: { anyOf: [{ type: "number" }, { type: "null" }] } },
  { name: "ids", in: "query", schema: { type: "array", items: { type: "integer" } } },
  { name: "sort", in: "query", schema: { type: "string", enum: ["asc", "desc"] } },
];

describe("query coercion by parameter schema", () => {
  it("converts numbers, booleans, null and repeated keys; leaves strings, bad values and int64 text alone", () => {
    const query = new URLSearchParams(
      "limit=5&lt=99999999999999999999&archive=true&ratio=null&ids=1&ids=2&sort=asc",
    );
    expect(coerceQuery(query, parameters)).toEqual({
      limit: 5,
      lt: "99999999999999999999",
      archive: true,
      ratio: null,
      ids: [1, 2],
      sort: "asc",
    });
    expect(coerceQuery(new URLSearchParams("limit=five&archive=yes&limit2=1"), parameters)).toEqual({
      limit: "five",
      archive: "yes",
    });
    // An integer beyond 2^53 would round: it stays text so validation refuses it.
    expect(coerceQuery(new URLSearchParams("limit=9007199254740993"), parameters)).toEqual({
      limit: "9007199254740993",
    });
  });
});

describe("refusals in each surface's real form", () => {
  const issue = (pointer: string, message: string) => [{ pointer, message }];

  it("platform: 400 with per-field messages", () => {
    expect(refusal("platform", "body", issue("/body/configuration/archive", "must be boolean"))).toEqual({
      status: 400,
      body: {
        error: {
          code: "validation_error",
          message: "Invalid input.",
          fields: { "configuration.archive": ["must be boolean"] },
        },
      },
    });
  });

  it("exchange: 422 plain text; wallet: HTTP 200 with Error; indexer: 422 with the indexer's messages", () => {
    const exchange = refusal("exchange", "json", issue("/body", "Unexpected token"));
    expect(exchange.status).toBe(422);
    expect(exchange.body).toMatch(/^Failed to deserialize the JSON body into the target type/);
    expect(refusal("wallet", "json", issue("/body", "bad"))).toEqual({
      status: 200,
      body: { Error: "class org.tron.json.JSONException : bad" },
    });
    expect(refusal("indexer", "query", issue("/query/limit", "must be <= 1000"), { limit: 2000 })).toEqual({
      status: 422,
      body: { error: "limit is not allowed: 2000 > 1000", code: 422 },
    });
    expect(
      refusal("indexer", "query", issue("/query/sort", "must be equal to one of the allowed values")).body,
    ).toEqual({
      error: "wrong value for sort parameter",
      code: 422,
    });
  });
});

describe("RestContract", () => {
  const contract = new RestContract("platform", platformOperations);

  it("routes by method and path template, and answers 404/405 off the spec's paths", async () => {
    const read = await contract.read(request("GET", "/v1/nodes/ND-1-2-3/"));
    expect(read.ok && read.input.operation.id).toBe("getNode");
    expect(read.ok && read.input.pathParams).toEqual({ id: "ND-1-2-3" });
    const wrongMethod = await contract.read(request("PUT", "/v1/nodes/ND-1-2-3/"));
    expect(!wrongMethod.ok && wrongMethod.response.status).toBe(405);
    const unknown = await contract.read(request("GET", "/v3/nodes/"));
    expect(!unknown.ok && unknown.response.status).toBe(404);
  });

  it("throws on an answer the spec does not allow: unlisted status, wrong body, body on 204", async () => {
    const getNode = platformOperations.getNode;
    await expect(contract.check(getNode, { status: 400, body: { detail: "x" } })).rejects.toThrow(
      SandboxContractError,
    );
    await expect(contract.check(getNode, { status: 200, body: { id: "ND-1" } })).rejects.toThrow(
      /does not match the spec/,
    );
    await expect(contract.check(platformOperations.deleteNode, { status: 204, body: {} })).rejects.toThrow(
      /no body/,
    );
    expect((await contract.check(getNode, { status: 404, body: { detail: "Not found." } })).status).toBe(404);
  });

  it("refuses a limit over 1000 in the indexer's own words, after coercing the query", async () => {
    const indexer = new RestContract("indexer", indexerOperations);
    const read = await indexer.read(request("GET", "/api/v3/actions", "limit=2000"));
    expect(!read.ok && read.response).toEqual({
      status: 422,
      body: { error: "limit is not allowed: 2000 > 1000", code: 422 },
    });
  });

  describe("served", () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it("turns an off-spec answer into a 500 from the HTTP core", async () => {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      const handler = contract.handler({ getOrganization: () => ({ status: 200, body: { id: 7 } }) });
      const server = await serveSurface({ name: "platform", auth: "none", handler });
      try {
        const response = await fetch(`${server.url}/v1/organization/`);
        expect(response.status).toBe(500);
        expect(quiet).toHaveBeenCalledWith(
          expect.stringContaining("platform"),
          expect.stringMatching(/does not match/),
        );
      } finally {
        await server.close();
      }
    });
  });
});

describe("RpcContract", () => {
  let contract: RpcContract;
  beforeAll(async () => {
    contract = await RpcContract.load(evmMethods);
  });

  it("refuses bad params with -32602 and leaves methods outside the spec to the surface", () => {
    expect(contract.checkParams("eth_getBlockByHash", ["0x12", false])).toMatchObject({
      code: -32602,
      message: "Invalid params",
    });
    expect(contract.checkParams("eth_chainId", [])).toBeUndefined();
    expect(contract.checkParams("eth_sendTransaction", [1, 2, 3])).toBeUndefined();
  });

  it("throws on a result outside the method's schema", () => {
    expect(() => contract.checkResult("eth_chainId", 999)).toThrow(SandboxContractError);
    expect(() => contract.checkResult("eth_chainId", "0x3e7")).not.toThrow();
  });
});
