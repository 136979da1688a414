/**
 * Runs at most `max` tasks at a time; the rest wait their turn in order.
 *
 * @param max - How many may run at once.
 * @returns `run(task)`, which resolves with the task's result.
 * @example
 * const limit = createLimiter(16);
 * await Promise.all([1, 2, 3].map((n) => limit(() => evm.eth_getBlockByNumber(`0x${n}`, false))));
 */
export function createLimiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
