import { resolveCallTimeout } from "../http/timeout-option.js";
import { resolveMaxResponseBytes } from "../max-response-bytes.js";
import type { CallOptions } from "../operation.js";
import type { UsageMeter } from "../usage/usage-meter.js";
import type { PreparedCall } from "./check-rpc-params.js";
import { paramsByName } from "./params-by-name.js";
import {
  isRefused,
  matchResponses,
  type RpcOutcome,
  readRpcOutcome,
  wordRefusedOutcomes,
} from "./read-rpc-response.js";
import type { JsonRpcTransport, RpcEnvelope } from "./transport.js";

/** What every exchange of one client goes out with, set when the client is made. */
export interface RpcSending {
  transport: JsonRpcTransport;
  meter: UsageMeter;
  /** The client's timeout and size limit, which a call's own options override. */
  timeout: number;
  maxResponseBytes: number;
  /** The id of the next call sent: ids increase over the client's life. */
  nextId: number;
}

/**
 * One exchange for these calls: numbers them, counts one request, sends them (a lone call as a plain
 * request, several as a batch), lines the answer up with the ids and reads each call's outcome.
 *
 * @param sending - The client's transport, meter and limits.
 * @param calls - Checked calls.
 * @param asBatch - Whether they go as a JSON-RPC batch.
 * @param callOptions - Signal, timeout and size limit of this exchange.
 * @returns One outcome per call, in order.
 * @throws {HttpError | RateLimitError | ResponseValidationError | TimeoutError | NetworkError | AbortError}
 *   when the request as a whole fails or its answer cannot be lined up with the calls.
 */
export async function exchangeCalls(
  sending: RpcSending,
  calls: readonly PreparedCall[],
  asBatch: boolean,
  callOptions: CallOptions,
): Promise<RpcOutcome[]> {
  const ids = calls.map(() => sending.nextId++);
  const envelopes: RpcEnvelope[] = calls.map((call, i) => ({
    jsonrpc: "2.0",
    id: ids[i] as number,
    method: call.method.name,
    params: call.method.paramNames ? paramsByName(call.params, call.method.paramNames) : call.params,
  }));
  const { signal } = callOptions;
  const { meter, transport } = sending;
  // A meter without a budget counts at once: no promise turn before the request goes.
  if (signal?.aborted || !meter.tryAcquire?.(1)) await meter.acquire(1, signal);
  const operation = asBatch ? calls.map((call) => call.method.name).join(",") : (calls[0]?.method.name ?? "");
  const { body, status } = await transport.exchange(asBatch ? envelopes : (envelopes[0] as RpcEnvelope), {
    timeout: resolveCallTimeout(callOptions.timeout, sending.timeout),
    maxResponseBytes: resolveMaxResponseBytes(callOptions.maxResponseBytes, sending.maxResponseBytes),
    signal,
    operation,
  });
  const matched = matchResponses(body, ids, asBatch, operation, status);
  const context = { status, shown: transport.shown };
  const outcomes = calls.map((call, i) =>
    readRpcOutcome(call.method, ids[i] as number, matched[i], call, context),
  );
  // Results the spec refuses are worded here, the only step that waits for the wording to load.
  return outcomes.some(isRefused) ? wordRefusedOutcomes(outcomes) : (outcomes as RpcOutcome[]);
}
