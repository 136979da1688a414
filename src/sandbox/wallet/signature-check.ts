import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { toBase58Address } from "../../wallet/address.js";

/**
 * The `41…` address of a public key, as the chain derives it: `41` and the last 20 bytes of the
 * Keccak-256 of the 64-byte uncompressed point. The sandbox's own copy, so that a slip in the
 * client's derivation cannot hide behind the same slip in the node.
 */
export function chainAddressOf(point: InstanceType<typeof secp256k1.Point>): string {
  return `41${bytesToHex(keccak_256(point.toBytes(false).subarray(1)).subarray(12))}`;
}

/**
 * Who signed a transaction id, as a node checks it: the signature is 65 bytes `r ‖ s ‖ v` with `v`
 * the recovery id (0/1, or 27/28 as java-tron also accepts), `s` in the lower half (no malleable
 * duplicates), and the recovered point gives the address.
 *
 * @param txID - The transaction id, 64 hex digits.
 * @param signature - The signature as hex.
 * @returns The signer's `41…` and `T…` addresses, or undefined when the signature does not check.
 * @example
 * verifiedSigner("a6850deb302e647f386dce814e272a86919d6d77fde5b44b0db1b6641e51740f", "d6bb522d4f876dc5e4540ef1b7e47a67c9295e88758668bdd12e1d455741d19550fa561bbb79e7c57b233a19c551f92153ec9660ac086ad3caf0f2963e70424b00")?.address;
 * // "41954f4930a2057860956eaa824137669d5398258a"
 */
export function verifiedSigner(
  txID: string,
  signature: string,
): { address: string; base58: string } | undefined {
  if (!/^[0-9a-fA-F]{130}$/.test(signature)) return undefined;
  const v = Number.parseInt(signature.slice(128), 16);
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return undefined;
  try {
    const parsed = secp256k1.Signature.fromBytes(hexToBytes(signature.slice(0, 128)), "compact");
    if (parsed.hasHighS()) return undefined;
    const point = parsed.addRecoveryBit(recovery).recoverPublicKey(hexToBytes(txID));
    const address = chainAddressOf(point);
    return { address, base58: toBase58Address(address) };
  } catch {
    return undefined;
  }
}
