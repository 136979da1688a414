import type { RpcErrorObject } from "../validation.js";

/** A request that passed the envelope check. */
export interface RpcCall {
  id: number;
  method: string;
  params: unknown[];
}

/** One JSON-RPC response object. */
export type RpcAnswer =
  | { jsonrpc: "2.0"; id: number | string | null; result: unknown }
  | { jsonrpc: "2.0"; id: number | string | null; error: RpcErrorObject };

/** The JSON-RPC 2.0 error codes the node answers with. */
export const RPC_ERRORS = {
  parse: { code: -32700, message: "Parse error" },
  invalidRequest: { code: -32600, message: "Invalid request" },
  methodNotFound: { code: -32601, message: "Method not found" },
  invalidParams: { code: -32602, message: "Invalid params" },
  internal: { code: -32603, message: "Internal error" },
} as const;

/** A success answer. */
export function resultAnswer(id: number, result: unknown): RpcAnswer {
  return { jsonrpc: "2.0", id, result };
}

/** A failure answer; `data` says what exactly was wrong. */
export function errorAnswer(id: number | string | null, error: RpcErrorObject): RpcAnswer {
  return { jsonrpc: "2.0", id, error };
}

/**
 * Checks one request object against the envelope our spec asks for (`JsonRpcRequest`): exactly
 * `jsonrpc: "2.0"`, a method name, a params array and an integer id.
 *
 * @param value - One element of the parsed body.
 * @returns The call, or the -32600 answer (echoing the id when there is a usable one).
 * @example
 * readCall({ jsonrpc: "2.0", method: "eth_chainId", params: [], id: 1 }); // { id: 1, method: "eth_chainId", params: [] }
 */
export function readCall(value: unknown): RpcCall | RpcAnswer {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return errorAnswer(null, { ...RPC_ERRORS.invalidRequest, data: "a request must be a JSON object" });
  }
  const request = value as Record<string, unknown>;
  const echo = typeof request.id === "number" || typeof request.id === "string" ? request.id : null;
  const refuse = (why: string) => errorAnswer(echo, { ...RPC_ERRORS.invalidRequest, data: why });
  if (request.jsonrpc !== "2.0") return refuse('jsonrpc must be the string "2.0"');
  if (typeof request.method !== "string" || request.method === "")
    return refuse("method must be a non-empty string");
  if (!Array.isArray(request.params)) return refuse("params must be an array (send [] for none)");
  if (!Number.isInteger(request.id)) return refuse("id must be an integer");
  const extra = Object.keys(request).filter((key) => !["jsonrpc", "method", "params", "id"].includes(key));
  if (extra.length > 0) return refuse(`unexpected member ${extra[0]}`);
  return { id: request.id as number, method: request.method, params: request.params };
}
