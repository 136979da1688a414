import type { CallOptions, RpcMethod, RpcMethodValidators } from "../operation.js";
import type { FailedCheck } from "../validation/failed-check.js";
import { loadValidators } from "../validation/load-validators.js";
import { type PreparedCall, refuseParams } from "./check-rpc-params.js";
import type { RpcOutcome } from "./read-rpc-response.js";

/** What the queue needs from its client. */
export interface BatchQueueSteps {
  /** Most calls per request. */
  maxSize: number;
  /** Milliseconds to collect calls before sending (0: the calls of this tick, on a microtask). */
  wait: number;
  /** Checks a call whose method's validators have just loaded (see `prepareCall`). */
  prepare(
    method: RpcMethod,
    validators: RpcMethodValidators,
    params: readonly unknown[],
    callOptions: CallOptions,
  ): { call: PreparedCall; failed: FailedCheck | undefined };
  /** Sends calls to completion (see `runCalls`): a lone call as a plain request, several as a batch. */
  run(calls: readonly PreparedCall[], asBatch: boolean): Promise<RpcOutcome[]>;
}

/** Automatic batching: {@link BatchQueue.enqueue} a call and it goes out with the others of its tick. */
export interface BatchQueue {
  /**
   * Queues a call; `prepared` is `undefined` while its method's validators are still loading, and
   * the flush then loads and checks it, so it still joins this tick's batch.
   *
   * @returns The call's result.
   */
  enqueue(
    prepared: PreparedCall | undefined,
    method: RpcMethod,
    params: readonly unknown[],
    callOptions: CallOptions,
  ): Promise<unknown>;
}

interface QueuedCall {
  /** The checked call; `undefined` while its method's validators are still loading. */
  call: PreparedCall | undefined;
  method: RpcMethod;
  params: readonly unknown[];
  callOptions: CallOptions;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Creates the queue that collects the calls of one tick (or of `wait` ms) into batches of at most
 * `maxSize` calls.
 *
 * @param steps - Batch size and wait, and how to check and send calls.
 * @returns The queue.
 */
export function createBatchQueue(steps: BatchQueueSteps): BatchQueue {
  const { maxSize, wait } = steps;
  let queue: QueuedCall[] = [];
  let flushScheduled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function enqueue(
    prepared: PreparedCall | undefined,
    method: RpcMethod,
    params: readonly unknown[],
    callOptions: CallOptions,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      queue.push({ call: prepared, method, params, callOptions, resolve, reject });
      if (queue.length >= maxSize) flush();
      else scheduleFlush();
    });
  }

  /**
   * Sends the queue when the calls of this tick are in: on a microtask when `wait` is 0 (a lone
   * call then goes out at once, where a zero timer would hold it about 1 ms), else on a timer.
   */
  function scheduleFlush() {
    if (flushScheduled) return;
    flushScheduled = true;
    if (wait === 0) queueMicrotask(flush);
    else timer = setTimeout(flush, wait);
  }

  function flush() {
    flushScheduled = false;
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const taken = queue;
    queue = [];
    const loading = taken.filter((queued) => queued.call === undefined);
    if (loading.length === 0) sendQueued(taken);
    // Calls whose validators were not loaded yet wait for them; the batch waits with them, whole.
    else void Promise.all(loading.map(checkWhenLoaded)).then(() => sendQueued(taken.filter(isChecked)));
  }

  /** Loads a queued call's validators and checks it; a call that fails is settled and left out. */
  async function checkWhenLoaded(queued: QueuedCall): Promise<void> {
    try {
      const validators = await loadValidators(queued.method);
      const { call, failed } = steps.prepare(queued.method, validators, queued.params, queued.callOptions);
      if (failed) queued.reject(await refuseParams(queued.method.name, [failed]));
      else queued.call = call;
    } catch (error) {
      queued.reject(error);
    }
  }

  function sendQueued(taken: readonly QueuedCall[]) {
    for (let start = 0; start < taken.length; start += maxSize) {
      const chunk = taken.slice(start, start + maxSize);
      steps
        .run(
          chunk.map((queued) => queued.call as PreparedCall),
          chunk.length > 1,
        )
        .then(
          (outcomes) =>
            outcomes.forEach((outcome, i) => {
              const queued = chunk[i] as QueuedCall;
              if ("error" in outcome) queued.reject(outcome.error);
              else queued.resolve(outcome.result);
            }),
          (error: unknown) => {
            for (const queued of chunk) queued.reject(error);
          },
        );
    }
  }

  return { enqueue };
}

function isChecked(queued: QueuedCall): boolean {
  return queued.call !== undefined;
}
