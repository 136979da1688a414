// One-byte changes of hex values, for the property tests that tamper with what a verifier reads.
// The XOR masks come from a fixed-seed generator, so runs repeat.

let seed = 0x7e3a11c5;
function nextMask(): number {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return ((seed >>> 16) % 255) + 1;
}

const toHex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;

/** Every one-byte change of hex data. */
export function* dataFlips(hex: string): Generator<string> {
  const bytes = Uint8Array.from(Buffer.from(hex.slice(2), "hex"));
  for (let i = 0; i < bytes.length; i++) {
    const copy = bytes.slice();
    copy[i] = (copy[i] as number) ^ nextMask();
    yield toHex(copy);
  }
}

/** Every one-byte change of a quantity's minimal big-endian bytes (zero counts as one zero byte). */
export function* quantityFlips(hex: string): Generator<string> {
  const digits = BigInt(hex).toString(16);
  for (const flipped of dataFlips(`0x${digits.length % 2 ? "0" : ""}${digits}`)) {
    yield `0x${BigInt(flipped).toString(16)}`;
  }
}

/** One tampered value and what was changed. */
export interface Tampered<T> {
  what: string;
  value: T;
}
