import type { EvmMethods } from "../../../generated/evm/index.js";
import type { BlockKind } from "./block-kinds.js";
import { checkFeeCeiling } from "./fee-ceiling.js";
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

/**
 * The base fees a sender's price is read from: the latest block's, the one the ceiling is relative to,
 * and the next block's, the one fees are priced from. `latest` is `undefined` when the node reports none.
 */
export interface BaseFees {
  latest: bigint | undefined;
  next: bigint;
}

/** Reads fees from the node, each read shared by the sends that ask at the same time. */
export interface FeeReader {
  /**
   * Fills the fee fields the user left out, priced from the sender's block kind: a small-block sender
   * from the next small block's base fee (`eth_feeHistory`) or `eth_gasPrice`, a big-block sender
   * from `eth_bigBlockGasPrice`; the tip from `eth_maxPriorityFeePerGas`. What it fills in is held to
   * the fee ceiling: `ceiling` when given, else the default relative to the latest base fee.
   *
   * @throws {FeeCeilingError} when the filled-in fee is above the ceiling.
   */
  fill(type: "legacy" | "eip1559", kind: BlockKind, given: Fees, ceiling?: bigint): Promise<FilledFees>;
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
  const baseFees = sharedWhilePending(async (kind: BlockKind): Promise<BaseFees> => {
    if (kind === "big") {
      const price = BigInt(await node.eth_bigBlockGasPrice());
      return { latest: price, next: price };
    }
    // A one-block history holds the latest block's base fee, then the next block's.
    const fees = (await node.eth_feeHistory("0x1", "latest", [])).baseFeePerGas;
    const [latest, next] = [fees[0], fees.at(-1)];
    if (latest === undefined || next === undefined) {
      return { latest: undefined, next: BigInt(await node.eth_gasPrice()) };
    }
    return { latest: BigInt(latest), next: BigInt(next) };
  });
  const gasPrice = sharedWhilePending(async (kind: BlockKind) =>
    BigInt(kind === "big" ? await node.eth_bigBlockGasPrice() : await node.eth_gasPrice()),
  );
  const tip = sharedWhilePending(async (_: "tip") => BigInt(await node.eth_maxPriorityFeePerGas()));

  return {
    async fill(type, kind, given, ceiling) {
      if (type === "legacy") {
        if (given.gasPrice !== undefined) return { type, gasPrice: given.gasPrice };
        const [price, base] = await Promise.all([
          gasPrice(kind),
          ceiling === undefined ? baseFees(kind) : undefined,
        ]);
        checkFeeCeiling({ field: "gasPrice", fee: price, ceiling, latestBaseFee: base?.latest });
        return { type, gasPrice: price };
      }
      const [base, suggestedTip] = await Promise.all([
        given.maxFeePerGas === undefined ? baseFees(kind) : undefined,
        given.maxPriorityFeePerGas === undefined ? tip("tip") : undefined,
      ]);
      let maxPriorityFeePerGas = given.maxPriorityFeePerGas ?? (suggestedTip as bigint);
      if (given.maxFeePerGas !== undefined) {
        // A suggested tip never exceeds a cap the user set.
        if (given.maxPriorityFeePerGas === undefined && maxPriorityFeePerGas > given.maxFeePerGas) {
          maxPriorityFeePerGas = given.maxFeePerGas;
        }
        return { type, maxFeePerGas: given.maxFeePerGas, maxPriorityFeePerGas };
      }
      const { latest, next } = base as BaseFees;
      const maxFeePerGas = next * BASE_FEE_MULTIPLIER + maxPriorityFeePerGas;
      // A tip the user chose is theirs; what the node suggested is held to the ceiling.
      checkFeeCeiling({
        field: "maxFeePerGas",
        fee: maxFeePerGas - (given.maxPriorityFeePerGas ?? 0n),
        ceiling,
        latestBaseFee: latest,
      });
      return { type, maxFeePerGas, maxPriorityFeePerGas };
    },
  };
}
