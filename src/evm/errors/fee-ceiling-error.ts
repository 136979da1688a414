import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * The fees chainkit filled in from the node's suggestions (`eth_feeHistory`, `eth_maxPriorityFeePerGas`,
 * `eth_gasPrice`, `eth_bigBlockGasPrice`) are above the fee ceiling: by default three times the latest
 * base fee, or the `feeCeiling` option of the client or of the call. Nothing was signed. A node that
 * suggests far more than the chain charges would otherwise have the signer pay it.
 *
 * @example
 * const me = privateKeySigner(key);
 * try { await evm.sendTransaction({ to: address, value: 1n }, me); } catch (err) {
 *   if (err instanceof FeeCeilingError) console.log(err.field, err.fee, err.ceiling);
 * }
 */
export class FeeCeilingError extends ChainkitError {
  override name = "FeeCeilingError";
  /** The fee field over the ceiling: `maxFeePerGas` (EIP-1559) or `gasPrice` (legacy). */
  readonly field: "maxFeePerGas" | "gasPrice";
  /** What the suggestions made that field, in wei per gas. */
  readonly fee: bigint;
  /** The ceiling, in wei per gas. */
  readonly ceiling: bigint;

  constructor(init: { field: "maxFeePerGas" | "gasPrice"; fee: bigint; ceiling: bigint; rule: string }) {
    super(
      `The node's fee suggestions make ${init.field} ${init.fee} wei per gas, above the fee ceiling of ` +
        `${init.ceiling} (${init.rule}); nothing was signed. If the fee is right, raise the ceiling with the ` +
        `feeCeiling option (of the client, or of this call), or set ${init.field} yourself.`,
    );
    this.field = init.field;
    this.fee = init.fee;
    this.ceiling = init.ceiling;
  }
}
