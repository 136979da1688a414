import type { LiveKind } from "./live-events.js";
import type { LiveSubscription } from "./live-methods.js";

const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/**
 * A subscription handed out at once while the code that runs it is still loading: reads wait for it,
 * and ending it early (`break`, `return()`, `unsubscribe()`) ends the real one as soon as it exists,
 * before it has sent anything. Should the code fail to load, the first read throws why and the
 * subscription is over.
 *
 * @param kind - What it follows.
 * @param start - Loads the code and starts the real subscription.
 * @example
 * const heads = deferredSubscription("newHeads", async () => live.subscribe("newHeads"));
 * for await (const event of heads) if (event.type === "head") break;
 */
export function deferredSubscription<E>(
  kind: LiveKind,
  start: () => Promise<LiveSubscription<E>>,
): LiveSubscription<E> {
  let real: LiveSubscription<E> | undefined;
  let failure: { error: unknown } | undefined;
  const started = start().then(
    (subscription) => {
      real = subscription;
      return subscription;
    },
    (error: unknown) => {
      failure = { error };
      return undefined;
    },
  );
  const deferred: LiveSubscription<E> = {
    kind,
    get buffered() {
      return real?.buffered ?? 0;
    },
    async next() {
      const subscription = real ?? (await started);
      if (subscription !== undefined) return subscription.next();
      const failed = failure;
      failure = undefined;
      if (failed === undefined) return DONE;
      throw failed.error;
    },
    async return() {
      const subscription = real ?? (await started);
      failure = undefined;
      return subscription === undefined ? DONE : (subscription.return?.() ?? DONE);
    },
    async unsubscribe() {
      await deferred.return?.();
    },
    [Symbol.asyncIterator]() {
      return deferred;
    },
  };
  return deferred;
}
