import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * A contract call ran and reverted. `reason` is the decoded revert reason: the text of a Solidity
 * `require`/`revert("…")` (`Error(string)`), a panic description (`Panic(uint256)`), or `undefined`
 * when the contract reverted without one; `data` holds the raw revert data either way.
 *
 * @example
 * try { await wallet.trc20("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").balanceOf("TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp"); } catch (err) {
 *   if (err instanceof ContractRevertError) console.log(err.reason);
 * }
 */
export class ContractRevertError extends ChainkitError {
  override name = "ContractRevertError";
  /** The contract called, as the request named it. */
  readonly contract: string;
  /** The function signature, e.g. `balanceOf(address)`. */
  readonly functionSelector: string;
  /** The decoded reason, or `undefined` when the contract gave none. */
  readonly reason: string | undefined;
  /** The raw revert data as hex (empty when there was none). */
  readonly data: string;

  constructor(options: {
    contract: string;
    functionSelector: string;
    reason: string | undefined;
    data: string;
  }) {
    super(
      `${options.functionSelector} reverted${options.reason === undefined ? " without a reason" : `: ${options.reason}`}`,
      { details: `contract ${options.contract}${options.data ? `; revert data 0x${options.data}` : ""}` },
    );
    this.contract = options.contract;
    this.functionSelector = options.functionSelector;
    this.reason = options.reason;
    this.data = options.data;
  }
}
