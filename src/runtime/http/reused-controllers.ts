/**
 * AbortControllers for requests, reused while their signal never aborted. Node creates a
 * controller's AbortSignal lazily and that costs about 3 µs, more than the rest of a request's
 * bookkeeping. A controller goes back to the pool only after its request finished without an
 * abort, and serves at most {@link MOST_USES} requests: a fetch that leaves a listener on the
 * signal (undici keeps one until its Request is garbage collected) leaves only a few, below the
 * count at which Node warns about a possible leak.
 */

const MOST_USES = 8;
const MOST_IDLE = 16;

const uses = new WeakMap<AbortController, number>();
const idle: AbortController[] = [];

/**
 * A controller whose signal has not aborted, for one request.
 *
 * @returns A pooled controller, or a new one.
 * @example
 * const controller = takeController();
 * await fetch(url, { signal: controller.signal });
 * releaseController(controller);
 */
export function takeController(): AbortController {
  return idle.pop() ?? new AbortController();
}

/**
 * Gives a controller back once its request is over. An aborted one, or one used
 * {@link MOST_USES} times, is dropped.
 *
 * @param controller - The controller {@link takeController} gave.
 * @example
 * releaseController(controller);
 */
export function releaseController(controller: AbortController): void {
  const used = (uses.get(controller) ?? 0) + 1;
  if (controller.signal.aborted || used >= MOST_USES || idle.length >= MOST_IDLE) return;
  uses.set(controller, used);
  idle.push(controller);
}
