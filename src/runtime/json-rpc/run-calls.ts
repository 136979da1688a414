import { RateLimitError } from "../errors/rate-limit-error.js";
import type { RetryPolicy } from "../http/retry-options.js";
import { isRetryable, nextRetryDelay, retryHint } from "../http/retry-policy.js";
import { sleep } from "../http/sleep.js";
import type { CallOptions } from "../operation.js";
import type { PreparedCall } from "./check-rpc-params.js";
import { exchangeCalls, type RpcSending } from "./exchange-calls.js";
import type { RpcOutcome } from "./read-rpc-response.js";

/**
 * Runs calls to completion: the whole request is retried on retryable failures when every call
 * is idempotent; rate-limited entries of idempotent methods are re-sent until retries run out.
 *
 * @param sending - The client's transport, meter and limits.
 * @param policy - The client's retry policy.
 * @param calls - Checked calls.
 * @param asBatch - Whether they go as a JSON-RPC batch.
 * @param callOptions - Signal, timeout and size limit.
 * @returns One outcome per call, in order.
 * @throws what the last try threw, when the request as a whole fails for good.
 */
export async function runCalls(
  sending: RpcSending,
  policy: RetryPolicy,
  calls: readonly PreparedCall[],
  asBatch: boolean,
  callOptions: CallOptions,
): Promise<RpcOutcome[]> {
  const outcomes: RpcOutcome[] = new Array(calls.length);
  let pending = calls.map((_, index) => index);
  const started = Date.now();
  for (let retry = 0; ; retry++) {
    const group = pending.map((index) => calls[index] as PreparedCall);
    let results: RpcOutcome[];
    try {
      results = await exchangeCalls(sending, group, asBatch, callOptions);
    } catch (error) {
      const idempotent = group.every((call) => call.method.idempotent);
      const delay =
        idempotent && isRetryable(error)
          ? nextRetryDelay(policy, retry, Date.now() - started, retryHint(error))
          : undefined;
      if (delay === undefined) throw error;
      await sleep(delay, callOptions.signal);
      continue;
    }
    const limited: number[] = [];
    let hint: number | undefined;
    results.forEach((outcome, k) => {
      const index = pending[k] as number;
      outcomes[index] = outcome;
      if ("error" in outcome && outcome.error instanceof RateLimitError && calls[index]?.method.idempotent) {
        limited.push(index);
        const wait = outcome.error.retryAfter;
        if (wait !== undefined) hint = Math.max(hint ?? 0, wait); // no hint at all: back off instead
      }
    });
    if (limited.length === 0) return outcomes;
    const delay = nextRetryDelay(policy, retry, Date.now() - started, hint);
    if (delay === undefined) return outcomes;
    await sleep(delay, callOptions.signal);
    pending = limited;
  }
}
