import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hexToBytes } from "@noble/hashes/utils.js";
import { addressOfPublicKey } from "./wallet-signer.js";

/**
 * The address that made a TRON signature over a transaction id, or `undefined` when the signature
 * is not 65 bytes `r ‖ s ‖ v` with `v` in 0, 1, 27 or 28, or recovers no key.
 *
 * @param txID - The signed transaction id (64 hex digits).
 * @param signature - 130 hex digits, optionally `0x`-prefixed.
 * @returns The signer's `41…` hex address.
 * @example
 * recoverSignerAddress("a6850deb302e647f386dce814e272a86919d6d77fde5b44b0db1b6641e51740f", "d6bb522d4f876dc5e4540ef1b7e47a67c9295e88758668bdd12e1d455741d19550fa561bbb79e7c57b233a19c551f92153ec9660ac086ad3caf0f2963e70424b00");
 * // "41954f4930a2057860956eaa824137669d5398258a"
 */
export function recoverSignerAddress(txID: string, signature: string): string | undefined {
  const hex = typeof signature === "string" ? signature.replace(/^0x/, "") : "";
  if (!/^[0-9a-fA-F]{130}$/.test(hex)) return undefined;
  const v = Number.parseInt(hex.slice(128), 16);
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return undefined;
  try {
    const compact = hexToBytes(`0${recovery}${hex.slice(0, 128)}`);
    const publicKey = secp256k1.recoverPublicKey(compact, hexToBytes(txID), { prehash: false });
    return addressOfPublicKey(publicKey);
  } catch {
    return undefined;
  }
}
