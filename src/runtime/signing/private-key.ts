/**
 * The one rule every surface's `privateKeySigner` applies to a key, in the words its error uses: the
 * exchange, wallet and EVM signers accept the same keys and refuse the same ones the same way.
 */
export const PRIVATE_KEY_RULE =
  "The private key must be a valid secp256k1 key: 64 hex digits, with or without 0x, or 32 bytes";

const KEY_HEX = /^(0x)?[0-9a-fA-F]{64}$/;

// The order n of secp256k1's group, a public constant: a key is a number in [1, n). Checked here,
// without the curve, so that making a signer loads no curve code (the curve loads on first use).
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * Reads a private key, checked at run time (a key typed as a string may hold anything), without ever
 * echoing it. Each surface throws its own error with {@link PRIVATE_KEY_RULE} when this gives nothing.
 *
 * @param key - 64 hex digits with or without `0x`, or 32 bytes (copied).
 * @returns A fresh copy of the key's 32 bytes, or `undefined` when the value is not a key or lies
 *   outside the curve order.
 * @example
 * readPrivateKey("4c0883a69102937d6231471b5dbb6204fe512961708279f1d8d3e4f1b0a8b8ff"); // Uint8Array(32)
 * readPrivateKey("0x12"); // undefined
 */
export function readPrivateKey(key: unknown): Uint8Array | undefined {
  let bytes: Uint8Array | undefined;
  if (key instanceof Uint8Array) bytes = key.length === 32 ? Uint8Array.from(key) : undefined;
  else if (typeof key === "string" && KEY_HEX.test(key)) {
    const hex = key.replace(/^0x/, "");
    bytes = Uint8Array.from({ length: 32 }, (_, i) => Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16));
  }
  if (!bytes) return undefined;
  const value = bytes.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);
  return value > 0n && value < CURVE_ORDER ? bytes : undefined;
}
