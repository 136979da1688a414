import { weierstrass } from "@noble/curves/abstract/weierstrass.js";
import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { ProofError } from "../errors/proof-error.js";
import { bytesToBigint, bytesToHex } from "./hex.js";
import { signingPayload, type TransactionInput } from "./transaction-hash.js";

// secp256k1's points from @noble/curves' Weierstrass arithmetic alone: recovering a public key needs
// the point operations, not noble's ECDSA signing (RFC 6979, HMAC, SHA-256), which would triple
// what the EVM entry carries. Curve constants from SEC 2, section 2.4.1.
const Point = /* @__PURE__ */ weierstrass({
  p: 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn,
  n: 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n,
  h: 1n,
  a: 0n,
  b: 7n,
  Gx: 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
  Gy: 0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
});

function refuse(subject: string, field: string, why: string): never {
  throw new ProofError(`${subject}: ${field} ${why}`, { subject, field });
}

/**
 * Recovers the address that signed a transaction from its signature (secp256k1 public key recovery,
 * SEC 1 section 4.1.6), for every type from legacy (with and without EIP-155) to EIP-7702. Only this
 * module needs @noble/curves; it is reached through dynamic imports, so the EVM entry does not load
 * it up front.
 *
 * @param tx - the transaction as the node returned it
 * @param subject - names the transaction in errors
 * @returns the sender's address, lowercase hex
 * @throws {ProofError} naming `r` or `s` when the signature is out of range or recovers no public key
 * @example
 * const [first] = block.transactions;
 * if (typeof first === "object") recoverSender(first, "transactions[0]"); // "0x…", the signer
 */
export function recoverSender(tx: TransactionInput, subject: string): string {
  const { payload, recoveryBit, r, s } = signingPayload(tx, subject);
  const { Fn } = Point;
  if (r <= 0n || r >= Fn.ORDER) refuse(subject, "r", "is not a scalar of the curve (0 < r < n)");
  if (s <= 0n || s >= Fn.ORDER) refuse(subject, "s", "is not a scalar of the curve (0 < s < n)");
  let publicKey: Uint8Array;
  try {
    // R is the point with x = r whose y has the recovery bit's parity; Q = r⁻¹(s·R − e·G).
    const encodedR = new Uint8Array(33);
    encodedR[0] = 2 + recoveryBit;
    encodedR.set(Fn.toBytes(r), 1);
    const R = Point.fromBytes(encodedR);
    const e = Fn.create(bytesToBigint(keccak256(payload)));
    const rInverse = Fn.inv(r);
    const Q = Point.BASE.multiplyUnsafe(Fn.neg(Fn.mul(e, rInverse))).add(
      R.multiplyUnsafe(Fn.mul(s, rInverse)),
    );
    publicKey = Q.toBytes(false);
  } catch {
    refuse(subject, "r", "and s recover no public key");
  }
  // The address is the last 20 bytes of keccak(x ‖ y), the public key without its 0x04 prefix.
  return bytesToHex(keccak256(publicKey.subarray(1)).subarray(12));
}
