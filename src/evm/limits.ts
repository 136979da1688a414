/**
 * HyperEVM's limits that apps plan around, as named values: each is also what the client's own
 * checks use. A leaf module, so the entry can re-export them without pulling the code that reads them.
 */

/** The most blocks one `eth_getLogs` call covers on HyperEVM; `evm.logs` walks a range in windows of this size. */
export const LOG_WINDOW_BLOCKS = 50n;

/**
 * The most gas a HyperEVM small block holds (blocks about every second), and so the largest gas limit
 * a sender on small blocks may sign. Hyperliquid's "dual-block architecture" page gives 2M; the
 * service may change it, hence a named value.
 */
export const SMALL_BLOCK_GAS_LIMIT = 2_000_000n;

/**
 * The most gas a HyperEVM big block holds (blocks about every minute): the largest gas limit a sender
 * on big blocks may sign. 30M per the same page.
 */
export const BIG_BLOCK_GAS_LIMIT = 30_000_000n;

/**
 * How many of one sender's transactions may be sent and not yet mined: HyperEVM's mempool accepts
 * only the next 8 nonces of an address and refuses the rest, so the 9th waits until one is mined.
 */
export const MEMPOOL_NONCE_WINDOW = 8;
