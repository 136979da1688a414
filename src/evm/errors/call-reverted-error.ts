import { ChainkitError } from "../../runtime/errors/chainkit-error.js";
import type { RevertReason } from "../revert/revert-reason.js";

/**
 * A call reverted before anything was signed: a contract read (`contract().read`, `erc20().balanceOf`,
 * …) or the gas estimate of `evm.sendTransaction`, `contract().write` and `erc20().transfer`. The node's
 * `JsonRpcError` (code 3) is the `cause`; `reason` is its revert data, decoded.
 *
 * @example
 * const token = contract(evm, address, ERC20_ABI);
 * try { await token.write.transfer([address, 10n ** 30n], privateKeySigner(key)); } catch (err) {
 *   if (err instanceof CallRevertedError) console.log(err.reason.message); // "ERC20: transfer amount exceeds balance"
 * }
 */
export class CallRevertedError extends ChainkitError {
  override name = "CallRevertedError";
  /** The JSON-RPC method that reverted: `eth_call` or `eth_estimateGas`. */
  readonly method: string;
  readonly reason: RevertReason;

  constructor(init: { method: string; reason: RevertReason; cause?: unknown }) {
    super(`${init.method} reverted: ${init.reason.message}`, { cause: init.cause });
    this.method = init.method;
    this.reason = init.reason;
  }
}
