import { ConfigurationError } from "../../runtime/errors/configuration-error.js";
import type { HeadSubscriptionOptions } from "./live-events.js";

const DEFAULT_BUFFERED = 1000;
const DEFAULT_REORG_DEPTH = 64;

/** Subscription options with defaults filled in. */
export interface CheckedSubscriptionOptions {
  signal: AbortSignal | undefined;
  maxBuffered: number;
  fromBlock: bigint | undefined;
  maxReorgDepth: number;
  verifyHeads: boolean;
}

/**
 * Checks a subscription's options and fills in the defaults (`maxBuffered` 1000, `maxReorgDepth` 64).
 *
 * @throws {ConfigurationError} naming the option when a number is not a whole number in range.
 * @example
 * checkSubscriptionOptions({ fromBlock: 5 }); // { fromBlock: 5n, maxBuffered: 1000, maxReorgDepth: 64, … }
 */
export function checkSubscriptionOptions(options: HeadSubscriptionOptions): CheckedSubscriptionOptions {
  const { maxBuffered = DEFAULT_BUFFERED, maxReorgDepth = DEFAULT_REORG_DEPTH, fromBlock } = options;
  if (!Number.isInteger(maxBuffered) || maxBuffered < 1)
    throw new ConfigurationError("maxBuffered", "must be a whole number >= 1");
  if (!Number.isInteger(maxReorgDepth) || maxReorgDepth < 1)
    throw new ConfigurationError("maxReorgDepth", "must be a whole number >= 1");
  if (
    fromBlock !== undefined &&
    !(typeof fromBlock === "bigint" ? fromBlock >= 0n : Number.isSafeInteger(fromBlock) && fromBlock >= 0)
  )
    throw new ConfigurationError("fromBlock", "must be a block number >= 0 (a safe integer or a bigint)");
  return {
    signal: options.signal,
    maxBuffered,
    maxReorgDepth,
    fromBlock: fromBlock === undefined ? undefined : BigInt(fromBlock),
    verifyHeads: options.verifyHeads === true,
  };
}
