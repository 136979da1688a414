import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { ProofError } from "../../runtime/errors/proof-error.js";
import { bytesToHex } from "./hex.js";
import { signingPayload, type TransactionInput } from "./transaction-hash.js";

/**
 * Recovers the address that signed a transaction from its signature (secp256k1), for every type
 * from legacy (with and without EIP-155) to EIP-7702. Only this module needs @noble/curves; it is
 * reached through dynamic imports, so the EVM entry does not load it up front.
 *
 * @param tx - the transaction as the node returned it
 * @param subject - names the transaction in errors
 * @returns the sender's address, lowercase hex
 * @throws {ProofError} naming `r`, `s`, `v` or `yParity` when no public key can be recovered
 * @example
 * const [first] = block.transactions;
 * if (typeof first === "object") recoverSender(first, "transactions[0]"); // "0x…", the signer
 */
export function recoverSender(tx: TransactionInput, subject: string): string {
  const { payload, recoveryBit, r, s } = signingPayload(tx, subject);
  let publicKey: Uint8Array;
  try {
    const signature = new secp256k1.Signature(r, s).addRecoveryBit(recoveryBit);
    publicKey = signature.recoverPublicKey(keccak_256(payload)).toBytes(false);
  } catch {
    throw new ProofError(`${subject}: the signature (r, s, recovery bit) recovers no public key`, {
      subject,
      field: "r",
    });
  }
  // The address is the last 20 bytes of keccak(x ‖ y), the public key without its 0x04 prefix.
  return bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12));
}
