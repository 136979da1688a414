import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { beforeSignature } from "../../runtime/signing/base-point-table.js";
import { signedTransaction, signingPayload } from "../encoding/transaction-envelope.js";
import { transactionFieldProblem } from "../encoding/transaction-fields.js";
import { typedDataDigest } from "../encoding/typed-data.js";
import { EvmSignerError } from "../errors/evm-signer-error.js";
import { bytesToHex } from "../verify/hex.js";
import type { EvmTransactionToSign, EvmTypedData, Hex } from "./evm-signer.js";

// RFC 6979 nonces without extra entropy and low s (EIP-2): the bytes equal viem's and ethers'.
// The digest is already keccak-256, so noble must not hash it again.
const SIGN = { prehash: false, lowS: true, format: "recovered" } as const;

/**
 * Signs and serialises a transaction with chainkit's own encoding (`src/evm/encoding`): RLP,
 * EIP-2718 envelope, EIP-155 for legacy. Loaded on the first signature, so a client that only reads
 * never loads it.
 *
 * @param transaction - Every field filled in and checked.
 * @param secret - The 32-byte key.
 * @returns The signed transaction as hex, ready for `eth_sendRawTransaction`.
 * @throws {EvmSignerError} naming a field outside the protocol's bounds (a tip above the fee cap, a nonce of 2^64 - 1).
 * @example
 * const secret = new Uint8Array(32).fill(7);
 * signTransactionWithKey({ type: "eip1559", chainId: 999, nonce: 0, to: address, value: 1n, data: "0x", gas: 21_000n, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 0n }, secret);
 */
export function signTransactionWithKey(transaction: EvmTransactionToSign, secret: Uint8Array): Hex {
  const problem = transactionFieldProblem({
    ...transaction,
    chainId: BigInt(transaction.chainId),
    nonce: BigInt(transaction.nonce),
  });
  if (problem)
    throw new EvmSignerError(`${problem.field} ${problem.why}; nothing was signed`, { field: problem.field });
  beforeSignature();
  const signature = secp256k1.Signature.fromBytes(
    secp256k1.sign(keccak256(signingPayload(transaction)), secret, SIGN),
    "recovered",
  );
  const yParity = signature.recovery === 1 ? 1 : 0;
  return bytesToHex(signedTransaction(transaction, { yParity, r: signature.r, s: signature.s })) as Hex;
}

/**
 * Signs EIP-712 typed data (deterministic, low s, `v` 27/28).
 *
 * @param typedData - Domain, types (without `EIP712Domain`, which is derived from the domain), primary type, message.
 * @param secret - The 32-byte key.
 * @returns The 65-byte `r ‖ s ‖ v` signature as hex.
 * @example
 * const secret = new Uint8Array(32).fill(7);
 * signTypedDataWithKey({ domain: { name: "Mail", chainId: 999 }, types: { Mail: [{ name: "text", type: "string" }] }, primaryType: "Mail", message: { text: "hi" } }, secret);
 */
export function signTypedDataWithKey(typedData: EvmTypedData, secret: Uint8Array): Hex {
  const digest = typedDataDigest(typedData);
  beforeSignature();
  const recovered = secp256k1.sign(digest, secret, SIGN);
  const out = new Uint8Array(65);
  out.set(recovered.subarray(1), 0);
  out[64] = 27 + (recovered[0] as number);
  return bytesToHex(out) as Hex;
}
