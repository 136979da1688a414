import { AbortError } from "../runtime/errors/abort-error.js";
import { TimeoutError } from "../runtime/errors/timeout-error.js";
import { DEFAULT_TIMEOUT } from "../runtime/http/send-request.js";
import { sleep } from "../runtime/http/sleep.js";
import type { CallOptions } from "../runtime/operation.js";
import { NodeFailedError } from "./errors/node-failed-error.js";
import { NodeWaitTimeoutError } from "./errors/node-wait-timeout-error.js";

/** Statuses a node does not leave on its own: waiting for anything else ends there. */
const TERMINAL_STATUSES: readonly string[] = ["failed", "error"];

/** Options of `waitForNode`. */
export interface WaitForNodeOptions {
  /** The status to wait for (default `"running"`). */
  until?: string;
  /** How long to wait in total, in milliseconds (default 600 000, ten minutes). */
  timeout?: number;
  /** The first pause between polls, in milliseconds (default 2 000); later pauses grow by half up to 30 s. */
  interval?: number;
  /** Stops waiting (the current poll is aborted too). */
  signal?: AbortSignal;
}

/** The part of a node that `waitForNode` reads. */
export interface NodeWithStatus {
  status?: string;
}

const MAX_INTERVAL = 30_000;
const BACKOFF = 1.5;

/**
 * Polls a node until it reaches a status, with growing pauses between polls.
 *
 * @param getNode - Reads the node once (the platform client's `getNode`).
 * @param id - The node id.
 * @param options - The status to wait for, the timeout, the first interval and an abort signal.
 * @param pollTimeout - The longest one poll may take (the client's request timeout); a poll that
 *   times out before the deadline is polled again.
 * @returns The node as last read, in the awaited status.
 * @throws {NodeFailedError} when the node reaches `failed` or `error` first.
 * @throws {NodeWaitTimeoutError} when the timeout runs out first.
 * @throws {AbortError} when `signal` fires.
 * @throws Any error of `getNode` itself (for example an `HttpError` 404 for an unknown id).
 */
export async function waitForNode<T extends NodeWithStatus>(
  getNode: (id: string, options: CallOptions) => Promise<T>,
  id: string,
  options: WaitForNodeOptions = {},
  pollTimeout: number = DEFAULT_TIMEOUT,
): Promise<T> {
  const until = options.until ?? "running";
  const timeout = options.timeout ?? 600_000;
  const signal = options.signal;
  const deadline = Date.now() + timeout;
  let pause = options.interval ?? 2_000;
  let lastStatus: string | undefined;

  for (;;) {
    if (signal?.aborted) throw new AbortError({ reason: signal.reason });
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new NodeWaitTimeoutError({ nodeId: id, until, timeout, lastStatus });

    let node: T | undefined;
    try {
      // One hung poll must not eat the whole wait: each gets the client's request timeout at most.
      node = await getNode(id, { signal, timeout: Math.min(remaining, pollTimeout) });
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      // A poll cut short by the overall deadline is the wait timing out; an earlier one is polled again.
      if (Date.now() >= deadline) {
        throw new NodeWaitTimeoutError({ nodeId: id, until, timeout, lastStatus, cause: error });
      }
    }
    if (node !== undefined) {
      lastStatus = node.status;
      if (lastStatus === until) return node;
      if (lastStatus !== undefined && TERMINAL_STATUSES.includes(lastStatus)) {
        throw new NodeFailedError({ nodeId: id, status: lastStatus, until, node });
      }
    }

    const left = deadline - Date.now();
    if (left <= 0) throw new NodeWaitTimeoutError({ nodeId: id, until, timeout, lastStatus });
    await sleep(Math.min(pause, left), signal);
    pause = Math.min(pause * BACKOFF, MAX_INTERVAL);
  }
}
