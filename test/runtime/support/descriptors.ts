import { Ajv2020 } from "ajv/dist/2020.js";
import type {
  RestOperation,
  RestOperationValidators,
  RpcMethod,
  RpcMethodValidators,
  Validator,
} from "../../../src/runtime/operation.js";

const ajv = new Ajv2020({ allErrors: true, strict: false });

/** Compiles a JSON Schema into a validator, as the generator's standalone ones behave. */
function validator(schema: object): Validator {
  return ajv.compile(schema) as unknown as Validator;
}

/** A descriptor's loader of these validators, resolved on a later turn as an import would be. */
function lazy<T>(validators: T): () => Promise<T> {
  return () => new Promise((resolve) => setTimeout(() => resolve(validators), 0));
}

/** A REST operation's module, as a generated one exports it. */
function rest(module: RestOperationValidators): () => Promise<RestOperationValidators> {
  return lazy(module);
}

/** A JSON-RPC method's module, as a generated one exports it. */
function rpc(
  params: object,
  result: object,
  positions: Pick<RpcMethodValidators, "int64" | "secrets"> = {},
): () => Promise<RpcMethodValidators> {
  return lazy({ params: validator(params), result: validator(result), ...positions });
}

const int64 = { type: ["integer", "string"], pattern: "^-?[0-9]+$" };

/** A GET with path, query and a response holding int64 fields; safe to retry. */
export const getThing: RestOperation = {
  id: "getThing",
  method: "GET",
  path: "/v1/things/{id}/",
  idempotent: true,
  validators: rest({
    path: validator({
      type: "object",
      required: ["id"],
      properties: { id: { type: "string", pattern: "^TH-[0-9]+$" } },
    }),
    query: validator({
      type: "object",
      additionalProperties: false,
      properties: {
        limit: { type: "integer", minimum: 1, maximum: 1000 },
        tag: { type: "array", items: { type: "string" } },
        after_lt: int64,
      },
    }),
    responses: {
      "200": {
        validate: validator({
          type: "object",
          required: ["id", "total_supply"],
          properties: {
            id: { type: "string" },
            total_supply: int64,
            lts: { type: "array", items: int64 },
            price: { type: "number" },
          },
        }),
        int64: [["total_supply"], ["lts", "*"]],
      },
      "4XX": {},
    },
  }),
};

/** A POST that creates something; not safe to retry. */
export const createThing: RestOperation = {
  id: "createThing",
  method: "POST",
  path: "/v1/things/",
  idempotent: false,
  validators: rest({
    body: validator({
      type: "object",
      required: ["name", "region"],
      additionalProperties: false,
      properties: {
        name: { type: "string", minLength: 1 },
        region: { enum: ["us-east-1", "eu3"] },
        amount: int64,
      },
    }),
    responses: {
      "201": {
        validate: validator({ type: "object", required: ["id"], properties: { id: { type: "string" } } }),
      },
      "204": {},
      default: {},
    },
  }),
};

/** A query operation answered with HTTP 200 even for errors (wallet style); safe to retry. */
export const queryThing: RestOperation = {
  id: "queryThing",
  method: "POST",
  path: "/wallet/querything",
  idempotent: true,
  validators: rest({
    body: validator({ type: "object", required: ["value"], properties: { value: { type: "string" } } }),
    responses: { "200": { validate: validator({ type: "object" }) } },
  }),
};

const noParams = { type: "array", maxItems: 0 };

/** `eth_blockNumber`: read-only, hex quantity result. */
export const blockNumber: RpcMethod = {
  name: "eth_blockNumber",
  idempotent: true,
  validators: rpc(noParams, { type: "string", pattern: "^0x[0-9a-f]+$" }),
};

/** `eth_getTransactionByHash`: read-only, result an object or `null`. */
export const getTransaction: RpcMethod = {
  name: "eth_getTransactionByHash",
  idempotent: true,
  validators: rpc(
    {
      type: "array",
      minItems: 1,
      maxItems: 1,
      prefixItems: [{ type: "string", pattern: "^0x[0-9a-f]{64}$" }],
    },
    {
      oneOf: [
        { type: "null" },
        { type: "object", required: ["hash"], properties: { hash: { type: "string" } } },
      ],
    },
  ),
};

/** `eth_sendRawTransaction`: writes, never retried. */
export const sendRaw: RpcMethod = {
  name: "eth_sendRawTransaction",
  idempotent: false,
  validators: rpc(
    { type: "array", minItems: 1, maxItems: 1, prefixItems: [{ type: "string" }] },
    { type: "string" },
  ),
};

/** A method with an int64 result field, as a TON-style indexer would return logical times. */
export const getLt: RpcMethod = {
  name: "test_getLt",
  idempotent: true,
  validators: rpc(
    noParams,
    { type: "object", required: ["lt"], properties: { lt: int64 } },
    { int64: [["lt"]] },
  ),
};

/** A 64-hex hash for tests. */
export const HASH = `0x${"ab".repeat(32)}`;
