import type { EvmMethods } from "../../../generated/evm/index.js";
import type { BlockKind } from "./block-kinds.js";
import { sharedWhilePending } from "./shared-while-pending.js";

/** The fee fields a user may give: `gasPrice` (legacy) or the two EIP-1559 ones. */
export interface Fees {
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

/** The fees of a transaction, every one filled in for its type. */
export type FilledFees =
  | { type: "legacy"; gasPrice: bigint }
  | { type: "eip1559"; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/**
 * How much the EIP-1559 fee cap leaves above the base fee it was priced from: twice the base fee, so
 * the transaction stays valid while the base fee rises (it can grow by an eighth per full block).
 */
export const BASE_FEE_MULTIPLIER = 2n;

/** Reads fees from the node, each read shared by the sends that ask at the same time. */
export interface FeeReader {
  /**
   * Fills the fee fields the user left out, priced from the sender's block kind: a small-block sender
   * from the next small block's base fee (`eth_feeHistory`) or `eth_gasPrice`, a big-block sender
   * from `eth_bigBlockGasPrice`; the tip from `eth_maxPriorityFeePerGas`.
   */
  fill(type: "legacy" | "eip1559", kind: BlockKind, given: Fees): Promise<FilledFees>;
}

/**
 * Creates a {@link FeeReader} on a client's typed methods.
 *
 * @param node - The EVM client's methods.
 * @example
 * const fees = createFeeReader(evm);
 * await fees.fill("eip1559", "small", {}); // { type: "eip1559", maxFeePerGas: 2n * base, maxPriorityFeePerGas: 0n }
 */
export function createFeeReader(node: EvmMethods): FeeReader {
  const nextBaseFee = sharedWhilePending(async (kind: BlockKind) => {
    if (kind === "big") return BigInt(await node.eth_bigBlockGasPrice());
    // The last entry of a one-block history is the base fee of the block after it.
    const history = await node.eth_feeHistory("0x1", "latest", []);
    return BigInt(history.baseFeePerGas.at(-1) ?? (await node.eth_gasPrice()));
  });
  const gasPrice = sharedWhilePending(async (kind: BlockKind) =>
    BigInt(kind === "big" ? await node.eth_bigBlockGasPrice() : await node.eth_gasPrice()),
  );
  const tip = sharedWhilePending(async (_: "tip") => BigInt(await node.eth_maxPriorityFeePerGas()));

  return {
    async fill(type, kind, given) {
      if (type === "legacy") return { type, gasPrice: given.gasPrice ?? (await gasPrice(kind)) };
      const [base, suggestedTip] = await Promise.all([
        given.maxFeePerGas === undefined ? nextBaseFee(kind) : undefined,
        given.maxPriorityFeePerGas === undefined ? tip("tip") : undefined,
      ]);
      let maxPriorityFeePerGas = given.maxPriorityFeePerGas ?? (suggestedTip as bigint);
      const maxFeePerGas =
        given.maxFeePerGas ?? (base as bigint) * BASE_FEE_MULTIPLIER + maxPriorityFeePerGas;
      // A suggested tip never exceeds a cap the user set.
      if (given.maxPriorityFeePerGas === undefined && maxPriorityFeePerGas > maxFeePerGas) {
        maxPriorityFeePerGas = maxFeePerGas;
      }
      return { type, maxFeePerGas, maxPriorityFeePerGas };
    },
  };
}
