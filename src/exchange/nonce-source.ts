import { ConfigurationError } from "../runtime/errors/configuration-error.js";

/**
 * Where an exchange client takes each nonce: given the last nonce this process used for the signer
 * (0 at first), returns the next one, a larger whole number. The exchange refuses a nonce it has
 * seen from the signer, and one outside (now − 2 days, now + 1 day) in milliseconds.
 *
 * A client's nonces are unique within its process only: every client of one key in a process shares
 * one queue, but two processes (or machines) signing with the same key each count on their own, and
 * the clock alone can give both the same millisecond. Give each process its own source, such as
 * {@link partitionedNonces}, or one backed by a store they share.
 */
export type NonceSource = (last: number) => number;

/**
 * The default source: the current time in milliseconds, or one more than the last nonce if that is
 * later.
 *
 * @param now - The clock (default `Date.now`).
 * @returns The source.
 * @example
 * const next = timeNonces(() => 1000);
 * next(0); // 1000
 * next(1000); // 1001
 */
export function timeNonces(now: () => number = Date.now): NonceSource {
  return (last) => Math.max(now(), last + 1);
}

/** Options of {@link partitionedNonces}. */
export interface NoncePartition {
  /** This process's share, from 0 to `count − 1`. */
  index: number;
  /** How many processes sign with the key (at most 1000: each nonce may lead the clock by up to `count − 1` ms). */
  count: number;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/**
 * A nonce source for one of `count` processes that sign with the same key: each takes the nonces
 * whose remainder by `count` is its `index`, so no two of them can ever use the same nonce, even in
 * the same millisecond. Nonces still follow the clock and always increase.
 *
 * @param partition - `index` of `count`, and optionally the clock.
 * @returns The source, for the exchange client's `nonces` option.
 * @throws {ConfigurationError} when `count` is not a whole number from 1 to 1000 or `index` is not
 *   a whole number below it.
 * @example
 * // In the first of two processes sharing the key (the other passes index: 1):
 * const exchange = createExchangeClient({ baseUrl, privateKey: key, network: "mainnet", nonces: partitionedNonces({ index: 0, count: 2 }) });
 */
export function partitionedNonces({ index, count, now = Date.now }: NoncePartition): NonceSource {
  if (!Number.isInteger(count) || count < 1 || count > 1000) {
    throw new ConfigurationError(
      "count",
      "must be a whole number from 1 to 1000 (the processes sharing the key)",
    );
  }
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new ConfigurationError(
      "index",
      `must be a whole number from 0 to ${count - 1} (this process's share)`,
    );
  }
  return (last) => {
    const earliest = Math.max(now(), last + 1);
    return earliest + ((((index - earliest) % count) + count) % count);
  };
}
