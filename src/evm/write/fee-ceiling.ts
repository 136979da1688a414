import { FeeCeilingError } from "../errors/fee-ceiling-error.js";

/**
 * The default fee ceiling, as a multiple of the latest block's base fee. The default fee cap is twice
 * the next block's base fee, which is at most an eighth above the latest one (EIP-1559), so 2.25 times
 * the latest; three times leaves room for a tip of three quarters of the base fee. On HyperEVM the
 * priority fee is always zero, so an honest node's suggestion stays well under it.
 */
export const FEE_CEILING_BASE_FEE_MULTIPLE = 3n;

/**
 * The least the default ceiling is, in wei per gas (1 gwei): on a chain whose base fee has fallen near
 * zero, or a node that reports none, three times it would refuse any tip. A plain transfer at 1 gwei
 * costs 0.000021 of the native token.
 */
export const MIN_DEFAULT_FEE_CEILING = 10n ** 9n;

/** One filled-in fee to hold to the ceiling. */
export interface FeeToCheck {
  field: "maxFeePerGas" | "gasPrice";
  /** The part of the fee the node's suggestions made, in wei per gas. */
  fee: bigint;
  /** The ceiling the user set (client or call), if any. */
  ceiling: bigint | undefined;
  /** The latest block's base fee, for the default ceiling; `undefined` when the node reports none. */
  latestBaseFee: bigint | undefined;
}

/**
 * Refuses a fee the node's suggestions pushed above the ceiling: the user's `feeCeiling`, else
 * {@link FEE_CEILING_BASE_FEE_MULTIPLE} times the latest base fee, never under {@link MIN_DEFAULT_FEE_CEILING}.
 *
 * @param check - The fee, the user's ceiling and the latest base fee.
 * @throws {FeeCeilingError} naming the field, the fee, the ceiling and how it was set.
 * @example
 * checkFeeCeiling({ field: "gasPrice", fee: 10n ** 15n, ceiling: undefined, latestBaseFee: 10n ** 9n }); // throws
 */
export function checkFeeCeiling(check: FeeToCheck): void {
  const { field, fee, ceiling, latestBaseFee } = check;
  let limit: bigint;
  let rule: string;
  if (ceiling !== undefined) {
    [limit, rule] = [ceiling, "the feeCeiling option"];
  } else if (latestBaseFee === undefined) {
    [limit, rule] = [MIN_DEFAULT_FEE_CEILING, "1 gwei, as the node reports no base fee"];
  } else {
    const relative = FEE_CEILING_BASE_FEE_MULTIPLE * latestBaseFee;
    limit = relative > MIN_DEFAULT_FEE_CEILING ? relative : MIN_DEFAULT_FEE_CEILING;
    rule = `the default: ${FEE_CEILING_BASE_FEE_MULTIPLE} times the latest base fee ${latestBaseFee}, at least 1 gwei`;
  }
  if (fee > limit) throw new FeeCeilingError({ field, fee, ceiling: limit, rule });
}
