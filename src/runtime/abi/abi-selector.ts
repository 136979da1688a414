import { keccak256 } from "../hashing/keccak-256.js";

const utf8 = /* @__PURE__ */ new TextEncoder();

/**
 * A function's or error's 4-byte selector: the first bytes of the keccak-256 of its signature.
 *
 * @param signature - The canonical signature, e.g. `transfer(address,uint256)`.
 * @returns The 4 bytes.
 * @example
 * selectorOf("transfer(address,uint256)"); // Uint8Array [0xa9, 0x05, 0x9c, 0xbb]
 */
export function selectorOf(signature: string): Uint8Array {
  return keccak256(utf8.encode(signature)).slice(0, 4);
}
