/** The fee limit of a TRC-20 write when none is given: 100 TRX, in sun. */
export const DEFAULT_FEE_LIMIT = 100_000_000n;
/** The highest fee limit a write accepts unless the client or the call raises it: 1 000 TRX, in sun. */
export const DEFAULT_MAX_FEE_LIMIT = 1_000_000_000n;
