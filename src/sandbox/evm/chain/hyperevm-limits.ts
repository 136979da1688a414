/**
 * HyperEVM's limits the sandbox's chain enforces, as the service's docs give them (the "dual-block
 * architecture" page and the mempool rules). They are expected to change: keep them here, named.
 */

/** Gas limit of a small block, made about every second; the block kind every address starts on. */
export const SMALL_BLOCK_GAS_LIMIT = 2_000_000n;

/** Gas limit of a big block, made about every minute, for addresses that moved to big blocks. */
export const BIG_BLOCK_GAS_LIMIT = 30_000_000n;

/** How often the real chain makes a small block, in milliseconds. */
export const SMALL_BLOCK_INTERVAL_MS = 1_000;

/** How often the real chain makes a big block, in milliseconds. */
export const BIG_BLOCK_INTERVAL_MS = 60_000;

/**
 * How many nonces of one address the mempool accepts: the account's next nonce and the 7 after it.
 * A transaction further ahead is refused ("nonce too high"), one behind is refused ("nonce too low").
 */
export const NONCE_WINDOW = 8n;

/** The block gas limit a sender's transactions are held to, by the block kind it is on. */
export function blockGasLimitFor(usesBigBlocks: boolean): bigint {
  return usesBigBlocks ? BIG_BLOCK_GAS_LIMIT : SMALL_BLOCK_GAS_LIMIT;
}
