import type { SandboxResponse } from "../surface.js";
import type { RpcErrorObject } from "../validation.js";

/** A request id as JSON-RPC 2.0 allows it. */
export type RpcId = number | string | null;

/** A request that passed the envelope check. */
export interface RpcCall {
  id: RpcId;
  /** A request without `id`: it runs, and gets no answer. */
  notification: boolean;
  method: string;
  /** The params, `[]` when the request left them out. */
  params: unknown[];
}

/** One JSON-RPC response object. */
export type RpcAnswer =
  | { jsonrpc: "2.0"; id: RpcId; result: unknown }
  | { jsonrpc: "2.0"; id: RpcId; error: RpcErrorObject };

/** The JSON-RPC 2.0 error codes the node answers with. */
export const RPC_ERRORS = {
  parse: { code: -32700, message: "Parse error" },
  invalidRequest: { code: -32600, message: "Invalid request" },
  methodNotFound: { code: -32601, message: "Method not found" },
  invalidParams: { code: -32602, message: "Invalid params" },
  internal: { code: -32603, message: "Internal error" },
} as const;

/** The members a request may have (the spec's `JsonRpcRequest`). */
const MEMBERS = new Set(["jsonrpc", "method", "params", "id"]);

/** A success answer. */
export function resultAnswer(id: RpcId, result: unknown): RpcAnswer {
  return { jsonrpc: "2.0", id, result };
}

/** A failure answer; `data` says what exactly was wrong. */
export function errorAnswer(id: RpcId, error: RpcErrorObject): RpcAnswer {
  return { jsonrpc: "2.0", id, error };
}

function isId(value: unknown): value is RpcId {
  return value === null || typeof value === "string" || Number.isSafeInteger(value);
}

/**
 * Checks one request object against JSON-RPC 2.0 and the spec's `JsonRpcRequest`: `jsonrpc` exactly
 * `"2.0"`, a method name, `params` an array or left out, `id` an integer, a string or `null`, or left
 * out for a notification, and no other members.
 *
 * @param value - One element of the parsed body.
 * @returns The call (`{ id, notification, method, params }`, `params` `[]` when left out), or the
 *   -32600 answer (echoing the id when it is a usable one, else `null`).
 */
function readCall(value: unknown): RpcCall | RpcAnswer {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return errorAnswer(null, { ...RPC_ERRORS.invalidRequest, data: "a request must be a JSON object" });
  }
  const request = value as Record<string, unknown>;
  const echo = isId(request.id) ? request.id : null;
  const refuse = (why: string) => errorAnswer(echo, { ...RPC_ERRORS.invalidRequest, data: why });
  if (request.jsonrpc !== "2.0") return refuse('jsonrpc must be the string "2.0"');
  if (typeof request.method !== "string" || request.method === "")
    return refuse("method must be a non-empty string");
  if (request.params !== undefined && !Array.isArray(request.params))
    return refuse("params must be an array, or left out for a method without params");
  if ("id" in request && !isId(request.id)) return refuse("id must be an integer, a string or null");
  const extra = Object.keys(request).find((key) => !MEMBERS.has(key));
  if (extra !== undefined) return refuse(`unexpected member ${extra}`);
  return {
    id: echo,
    notification: !("id" in request),
    method: request.method,
    params: (request.params as unknown[] | undefined) ?? [],
  };
}

/**
 * Answers a JSON-RPC body as JSON-RPC 2.0 says: a parse error is -32700 with id `null`; an empty batch
 * is one -32600; a batch gets an array with one answer per request that has an `id` (invalid entries
 * included, as -32600); notifications run but get no answer, and a body of notifications only gets
 * HTTP 204 with no body.
 *
 * @param text - The HTTP body.
 * @param answer - Runs one valid call and answers it.
 * @returns The HTTP answer.
 * @example
 * const run = async (call: RpcCall) => resultAnswer(call.id, "0x3e7");
 * await answerBody('[{"jsonrpc":"2.0","method":"eth_chainId"}]', run); // { status: 204 }: a notification
 */
export async function answerBody(
  text: string,
  answer: (call: RpcCall) => Promise<RpcAnswer>,
): Promise<SandboxResponse> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { status: 200, body: errorAnswer(null, { ...RPC_ERRORS.parse, data: (error as Error).message }) };
  }
  const one = async (item: unknown): Promise<RpcAnswer | undefined> => {
    const call = readCall(item);
    if ("jsonrpc" in call) return call;
    const answered = await answer(call);
    return call.notification ? undefined : answered;
  };
  if (!Array.isArray(body)) {
    const answered = await one(body);
    return answered === undefined ? { status: 204 } : { status: 200, body: answered };
  }
  if (body.length === 0) {
    return { status: 200, body: errorAnswer(null, { ...RPC_ERRORS.invalidRequest, data: "empty batch" }) };
  }
  const answers = (await Promise.all(body.map(one))).filter((answered) => answered !== undefined);
  return answers.length === 0 ? { status: 204 } : { status: 200, body: answers };
}
