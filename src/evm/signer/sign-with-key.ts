import { signTyped, Transaction } from "micro-eth-signer";
import { beforeSignature } from "../../runtime/signing/base-point-table.js";
import type { EvmTransactionToSign, EvmTypedData, Hex } from "./evm-signer.js";

/**
 * Signs and serialises a transaction with micro-eth-signer: RLP, EIP-2718 envelope, EIP-155 for
 * legacy, RFC 6979 nonces without extra entropy (so the bytes equal viem's and ethers'). Loaded on
 * the first signature, so a client that only reads never loads it.
 *
 * @param transaction - Every field filled in and checked.
 * @param secret - The 32-byte key.
 * @returns The signed transaction as hex, ready for `eth_sendRawTransaction`.
 * @example
 * const secret = new Uint8Array(32).fill(7);
 * signTransactionWithKey({ type: "eip1559", chainId: 999, nonce: 0, to: address, value: 1n, data: "0x", gas: 21_000n, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 0n }, secret);
 */
export function signTransactionWithKey(transaction: EvmTransactionToSign, secret: Uint8Array): Hex {
  const common = {
    chainId: BigInt(transaction.chainId),
    nonce: BigInt(transaction.nonce),
    to: transaction.to ?? "0x",
    value: transaction.value,
    data: transaction.data,
    gasLimit: transaction.gas,
  };
  // strict=false: chainkit has checked every field by its own rules, which name the field at fault.
  const prepared =
    transaction.type === "legacy"
      ? Transaction.prepare({ ...common, type: "legacy", gasPrice: transaction.gasPrice }, false)
      : Transaction.prepare(
          {
            ...common,
            type: "eip1559",
            maxFeePerGas: transaction.maxFeePerGas,
            maxPriorityFeePerGas: transaction.maxPriorityFeePerGas,
            accessList: (transaction.accessList ?? []).map(({ address, storageKeys }) => ({
              address,
              storageKeys: [...storageKeys],
            })),
          },
          false,
        );
  beforeSignature();
  return prepared.signBy(secret, false).toHex() as Hex;
}

/**
 * Signs EIP-712 typed data with micro-eth-signer (deterministic, low s, `v` 27/28).
 *
 * @param typedData - Domain, types (without `EIP712Domain`, which is derived from the domain), primary type, message.
 * @param secret - The 32-byte key.
 * @returns The 65-byte `r ‖ s ‖ v` signature as hex.
 * @example
 * const secret = new Uint8Array(32).fill(7);
 * signTypedDataWithKey({ domain: { name: "Mail", chainId: 999 }, types: { Mail: [{ name: "text", type: "string" }] }, primaryType: "Mail", message: { text: "hi" } }, secret);
 */
export function signTypedDataWithKey(typedData: EvmTypedData, secret: Uint8Array): Hex {
  beforeSignature();
  return signTyped(typedData as never, secret as never, false) as Hex;
}
