import { ProofError } from "../errors/proof-error.js";

/** One call of a JSON-RPC batch. */
export interface BatchCall {
  method: string;
  params: unknown[];
}

/** One answer of a JSON-RPC batch, in call order. */
export type BatchAnswer = { result: unknown } | { error: unknown };

/**
 * The one thing the verified reads need from a client: send calls as one JSON-RPC batch and hand
 * back one answer per call, in call order.
 */
export interface BatchRpc {
  batch(calls: BatchCall[]): Promise<BatchAnswer[]>;
}

/**
 * The result of one batch answer: an object (or list), or `null` when the node answered null. A
 * failed call throws the client's own error when it is one (a `JsonRpcError` or `RateLimitError` says
 * more than any wrapper could).
 *
 * @param entry - the answer at the call's position, `undefined` when the batch came back short
 * @param method - the call's method, named in errors
 * @returns the result, or `null`
 * @throws {ProofError} when the answer is missing, is an error that is not an `Error`, or is neither an object nor null
 * @example
 * const block = batchResult<BlockHeaderInput>({ result: null }, "eth_getBlockByHash"); // null
 */
export function batchResult<T>(entry: BatchAnswer | undefined, method: string): T | null {
  if (entry === undefined) {
    throw new ProofError(`${method}: the batch answer is missing`, { subject: method });
  }
  if ("error" in entry) {
    if (entry.error instanceof Error) throw entry.error;
    throw new ProofError(`${method}: the node answered with an error`, {
      subject: method,
      cause: entry.error,
    });
  }
  if (entry.result !== null && typeof entry.result !== "object") {
    throw new ProofError(`${method}: the node answered a non-object`, { subject: method });
  }
  return entry.result as T | null;
}
