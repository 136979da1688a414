import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { beforeKeyDerivation, beforeSignature } from "../../runtime/signing/base-point-table.js";
import { addressOfPublicKey } from "../../runtime/signing/checksum-address.js";
import type { Hex } from "./action-hash.js";
import { hashTypedData, type TypedData } from "./eip712.js";
import type { Signature } from "./signature.js";

// The curve half of a private-key signer. Nothing imports it statically: it loads on a signer's
// first signature or address, so making a signer or a client downloads and runs no curve code.
// The EIP-712 hashing is imported here rather than loaded on its own: exchange signing already
// shares it, so a lazy import of it would split that shared code into one more file to load.

/**
 * Signs a 32-byte digest as Ethereum does: RFC 6979 deterministic nonce, low s, v = 27 + recovery.
 *
 * @param digest - the 32-byte message hash (not hashed again).
 * @param key - the 32-byte private key.
 * @returns `{ r, s, v }`.
 * @example
 * signDigest(agentDigest(actionHash({ action, nonce }), true), parsePrivateKey(key));
 */
export function signDigest(digest: Uint8Array, key: Uint8Array): Signature {
  beforeSignature();
  const recovered = secp256k1.sign(digest, key, { prehash: false, lowS: true, format: "recovered" });
  const hex = bytesToHex(recovered);
  return { r: `0x${hex.slice(2, 66)}`, s: `0x${hex.slice(66, 130)}`, v: recovered[0] === 1 ? 28 : 27 };
}

/**
 * The EIP-55 checksummed address of a private key.
 *
 * @param key - the 32-byte private key.
 * @returns `0x` + 40 checksummed hex digits.
 * @example
 * addressOfKey(parsePrivateKey(key)); // "0xE5cA49Fb3bD9A581F0D1EF9CB5D7177Da08bf901"
 */
export function addressOfKey(key: Uint8Array): Hex {
  beforeKeyDerivation();
  return addressOfPublicKey(secp256k1.getPublicKey(key, false));
}

/**
 * Signs any flat EIP-712 typed data with a private key, as `eth_signTypedData_v4` does.
 *
 * @param typedData - the domain, types, primary type and message.
 * @param key - the 32-byte private key.
 * @returns the 65-byte `r ‖ s ‖ v` signature as hex.
 * @example
 * const connection = "0x8f8d9d3c4d2bc4a6e5d24b3e0c56df5b4f2ad4c7d1a6e9e0a7e3b1c2d4f6a8b0";
 * signTypedDataWithKey(agentTypedData(connection, true), parsePrivateKey(key)); // "0x…" (132 hex digits)
 */
export function signTypedDataWithKey(typedData: TypedData, key: Uint8Array): Hex {
  const { r, s, v } = signDigest(hashTypedData(typedData), key);
  return `${r}${s.slice(2)}${v.toString(16)}` as Hex;
}
