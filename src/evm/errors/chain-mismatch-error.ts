import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * The node serves another chain than the one the client (option `chainId`, or `network`) or the
 * transaction (field `chainId`) is pinned to: its `eth_chainId` answer differs. Nothing was signed, so
 * nothing can be replayed on either chain. The usual cause is a URL pointing at another chain's node.
 *
 * @example
 * const evm = createEvmClient({ url, credentials, chainId: 999 });
 * const me = privateKeySigner(key);
 * try { await evm.sendTransaction({ to: address, value: 1n }, me); } catch (err) {
 *   if (err instanceof ChainMismatchError) console.log(err.expected, err.actual); // 999 1n
 * }
 */
export class ChainMismatchError extends ChainkitError {
  override name = "ChainMismatchError";
  /** The chain id the client or the transaction is pinned to. */
  readonly expected: number;
  /** The chain id the node answered (a bigint: a hostile node may answer any size). */
  readonly actual: bigint;
  /** What pinned it: `chainId` or `network` (client options), or `/chainId` (the transaction's field). */
  readonly option: string;

  constructor(init: { expected: number; actual: bigint; option: string }) {
    super(
      `The node answers eth_chainId ${init.actual}, but ${pinnedBy(init.option)} pins chain ${init.expected}; ` +
        "nothing was signed. Check that the URL is a node of the chain you meant.",
    );
    this.expected = init.expected;
    this.actual = init.actual;
    this.option = init.option;
  }
}

function pinnedBy(option: string): string {
  return option.startsWith("/")
    ? `the transaction's field ${option.slice(1)}`
    : `the client's option ${option}`;
}
