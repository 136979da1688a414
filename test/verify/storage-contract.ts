import { keccak_256 } from "@noble/hashes/sha3.js";

/** A slot the contract writes at deployment. */
export interface Slot {
  /** 32-byte key, lowercase hex. */
  key: string;
  /** The value written (never zero: zero would not create the slot). */
  value: bigint;
}

const PUSH1 = 0x60;
const PUSH2 = 0x61;
const PUSH32 = 0x7f;
const SSTORE = 0x55;
const CODECOPY = 0x39;
const RETURN = 0xf3;

// Runtime code: return the 32-byte word 42 (PUSH1 42 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN).
export const RUNTIME_CODE = Uint8Array.of(0x60, 0x2a, 0x60, 0x00, 0x52, 0x60, 0x20, 0x60, 0x00, 0xf3);

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;
const word = (n: bigint) => Uint8Array.from(Buffer.from(n.toString(16).padStart(64, "0"), "hex"));

/**
 * `count` slots: the first half at small keys 0, 1, 2, …, the rest at keccak-spread keys, with values
 * from one byte to the full 32 bytes, so the storage trie has branches, extensions and leaves of
 * every value length.
 */
export function makeSlots(count: number): Slot[] {
  return Array.from({ length: count }, (_, i) => {
    const key = i < count / 2 ? BigInt(i) : BigInt(hex(keccak_256(Uint8Array.of(i))));
    const value =
      i % 3 === 0 ? BigInt(i + 1) : BigInt(hex(keccak_256(Uint8Array.of(i, 1)))) >> BigInt((i % 31) * 8);
    return { key: `0x${key.toString(16).padStart(64, "0")}`, value: value === 0n ? 1n : value };
  });
}

/**
 * Hand-assembled init code: PUSH32 value, PUSH32 key, SSTORE for every slot, then CODECOPY the
 * runtime code that follows and RETURN it.
 */
export function initCode(slots: readonly Slot[]): string {
  const stores = slots.flatMap(({ key, value }) => [
    PUSH32,
    ...word(value),
    PUSH32,
    ...Buffer.from(key.slice(2), "hex"),
    SSTORE,
  ]);
  const tailLength = 13;
  const offset = stores.length + tailLength;
  const length = RUNTIME_CODE.length;
  const tail = [
    PUSH1,
    length,
    PUSH2,
    offset >> 8,
    offset & 0xff,
    PUSH1,
    0,
    CODECOPY,
    PUSH1,
    length,
    PUSH1,
    0,
    RETURN,
  ];
  return hex(Uint8Array.from([...stores, ...tail, ...RUNTIME_CODE]));
}
