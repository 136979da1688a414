import type { EvmEip1559Transaction, EvmLegacyTransaction } from "../signer/evm-signer.js";

/** A transaction whose chain id and nonce are bigints: what a signed transaction's bytes can hold. */
export type WideTransaction = Widened<EvmLegacyTransaction> | Widened<EvmEip1559Transaction>;

type Widened<T> = Omit<T, "chainId" | "nonce"> & { chainId: bigint; nonce: bigint };

const MAX_UINT64 = (1n << 64n) - 1n;
const MAX_UINT256 = (1n << 256n) - 1n;
// EIP-7907's limit on creation code (EIP-3860's, raised).
const MAX_INIT_CODE_BYTES = 524_288;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const STORAGE_KEY = /^0x[0-9a-fA-F]{64}$/;
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

/** A transaction field that breaks the protocol's bounds: which one, and why in words. */
export interface FieldProblem {
  field: string;
  why: string;
}

function outside(value: bigint, max: bigint): boolean {
  return typeof value !== "bigint" || value < 0n || value > max;
}

/**
 * The protocol's bounds on a transaction's fields (EIP-2681's nonce, 64-bit gas, 256-bit amounts, a
 * tip within the fee cap, EIP-7907's creation code size), checked both on what chainkit signs and on
 * what a signer returns, so neither side lets through what a node would refuse.
 *
 * @param transaction - The transaction; `chainId` and `nonce` as bigints when parsed.
 * @returns The first field out of bounds, or `undefined`.
 * @example
 * transactionFieldProblem({
 *   type: "legacy", chainId: 999n, nonce: 2n ** 64n, to: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
 *   value: 0n, data: "0x", gas: 21_000n, gasPrice: 1n,
 * }); // { field: "nonce", why: "must be below 2^64 - 1 (EIP-2681)" }
 */
export function transactionFieldProblem(transaction: WideTransaction): FieldProblem | undefined {
  const { chainId, nonce, gas, value, to, data } = transaction;
  if (outside(chainId, MAX_UINT256) || chainId === 0n)
    return { field: "chainId", why: "must be 1 to 2^256 - 1" };
  if (outside(nonce, MAX_UINT64 - 1n)) return { field: "nonce", why: "must be below 2^64 - 1 (EIP-2681)" };
  if (outside(gas, MAX_UINT64)) return { field: "gas", why: "must fit 64 bits" };
  if (outside(value, MAX_UINT256)) return { field: "value", why: "must fit 256 bits" };
  if (to !== undefined && !ADDRESS.test(to)) return { field: "to", why: "must be a 20-byte address" };
  if (!HEX_BYTES.test(data)) return { field: "data", why: "must be 0x-prefixed hex of whole bytes" };
  if (to === undefined && data.length - 2 > 2 * MAX_INIT_CODE_BYTES) {
    return { field: "data", why: `is creation code over ${MAX_INIT_CODE_BYTES} bytes (EIP-7907)` };
  }
  if (transaction.type === "legacy") {
    return outside(transaction.gasPrice, MAX_UINT256)
      ? { field: "gasPrice", why: "must fit 256 bits" }
      : undefined;
  }
  const { maxFeePerGas, maxPriorityFeePerGas, accessList = [] } = transaction;
  if (outside(maxFeePerGas, MAX_UINT256)) return { field: "maxFeePerGas", why: "must fit 256 bits" };
  if (gas * maxFeePerGas > MAX_UINT256) return { field: "maxFeePerGas", why: "times gas overflows 256 bits" };
  if (outside(maxPriorityFeePerGas, maxFeePerGas)) {
    return { field: "maxPriorityFeePerGas", why: "must be between 0 and maxFeePerGas" };
  }
  for (const [i, entry] of accessList.entries()) {
    if (!ADDRESS.test(entry.address))
      return { field: `accessList/${i}/address`, why: "must be a 20-byte address" };
    for (const [j, key] of entry.storageKeys.entries()) {
      if (!STORAGE_KEY.test(key))
        return { field: `accessList/${i}/storageKeys/${j}`, why: "must be 32 bytes of hex" };
    }
  }
  return undefined;
}
