/**
 * Wraps a read so that calls made while one is under way share its answer: a burst of a thousand
 * sends asks the node for the base fee once, not a thousand times. A settled read is never reused.
 *
 * @param read - The read, by key.
 * @returns The same read, shared per key while pending.
 * @example
 * const usingBigBlocks = sharedWhilePending((address: string) => evm.eth_usingBigBlocks(address));
 */
export function sharedWhilePending<K, T>(read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const pending = new Map<K, Promise<T>>();
  return (key) => {
    let answer = pending.get(key);
    if (answer === undefined) {
      answer = read(key).finally(() => pending.delete(key));
      pending.set(key, answer);
    }
    return answer;
  };
}
