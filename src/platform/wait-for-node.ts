import type { NodeStatus } from "../../generated/platform/types.js";
import { AbortError } from "../runtime/errors/abort-error.js";
import { ConfigurationError } from "../runtime/errors/configuration-error.js";
import { TimeoutError } from "../runtime/errors/timeout-error.js";
import { sleep } from "../runtime/http/sleep.js";
import { DEFAULT_TIMEOUT } from "../runtime/http/timeout-option.js";
import type { CallOptions } from "../runtime/operation.js";
import { NodeFailedError } from "./errors/node-failed-error.js";
import { NodeWaitTimeoutError } from "./errors/node-wait-timeout-error.js";
import { isNodeStatus, NODE_STATUSES } from "./node-statuses.js";

/** Statuses a node does not leave on its own: waiting for anything else ends there. */
const TERMINAL_STATUSES: readonly string[] = ["failed", "error"];

/** Options of `waitForNode`. */
export interface WaitForNodeOptions {
  /** The status to wait for (default `"running"`): one of the spec's `NodeStatus` values, checked at the call. */
  until?: NodeStatus;
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
 * @throws {ConfigurationError} (option `until`) at once when `until` is not a node status of the
 *   spec; the message lists the statuses. (Options `timeout` and `interval`) when `timeout` is not a
 *   number > 0 or `interval` not a finite number > 0.
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
  const until = checkUntil(options.until);
  const timeout = checkTimeout(options.timeout);
  const signal = options.signal;
  const deadline = Date.now() + timeout;
  let pause = checkInterval(options.interval);
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

/** The total wait: a number of milliseconds > 0 (`Infinity`: no limit); `NaN` would never end. */
function checkTimeout(timeout: unknown): number {
  if (timeout === undefined) return 600_000;
  if (typeof timeout !== "number" || Number.isNaN(timeout) || timeout <= 0) {
    throw new ConfigurationError(
      "timeout",
      `must be a number of milliseconds > 0 (Infinity for none), got ${String(timeout)}`,
    );
  }
  return timeout;
}

/** The first pause: a finite number of milliseconds > 0; 0, NaN or a negative one would poll without pause. */
function checkInterval(interval: unknown): number {
  if (interval === undefined) return 2_000;
  if (typeof interval !== "number" || !Number.isFinite(interval) || interval <= 0) {
    throw new ConfigurationError(
      "interval",
      `must be a finite number of milliseconds > 0, got ${String(interval)}`,
    );
  }
  return interval;
}

/** The awaited status, refused at once when it is not one the spec knows (a typo would wait out the timeout). */
function checkUntil(until: unknown): NodeStatus {
  if (until === undefined) return "running";
  if (isNodeStatus(until)) return until;
  const shown = typeof until === "string" ? `"${until}"` : String(until);
  const closest = typeof until === "string" ? closestStatus(until) : undefined;
  const hint = closest === undefined ? "" : ` (did you mean "${closest}"?)`;
  throw new ConfigurationError(
    "until",
    `${shown} is not a node status${hint}; use one of ${NODE_STATUSES.map((status) => `"${status}"`).join(", ")}`,
  );
}

/** The status within two edits of `text`, if one is. */
function closestStatus(text: string): NodeStatus | undefined {
  let best: { status: NodeStatus; distance: number } | undefined;
  for (const status of NODE_STATUSES) {
    const distance = editDistance(text.toLowerCase(), status);
    if (distance <= 2 && (best === undefined || distance < best.distance)) best = { status, distance };
  }
  return best?.status;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
