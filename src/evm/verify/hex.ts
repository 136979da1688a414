import { ProofError } from "../errors/proof-error.js";

// The tables below are built by functions marked pure, so that a bundle which never calls these
// helpers drops the whole module: no work at load time, nothing a bundler must keep.

function nibbleTable(): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 10; i++) table[48 + i] = i;
  for (let i = 0; i < 6; i++) {
    table[65 + i] = 10 + i;
    table[97 + i] = 10 + i;
  }
  return table;
}

type HexDecoder = { from(hex: string, encoding: "hex"): Uint8Array };

function nativeDecoder(): HexDecoder | undefined {
  return (globalThis as { Buffer?: HexDecoder }).Buffer;
}

function hexPairs(): string[] {
  return Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
}

// Nibble value per ASCII code, -1 for characters that are not hex digits.
const NIBBLE = /* @__PURE__ */ nibbleTable();

// Node's Buffer when present (never required: browsers use the portable loop).
const NativeBuffer = /* @__PURE__ */ nativeDecoder();

// Buffer's hex decoder reads only the low byte of each UTF-16 unit, so a Cyrillic "а" (U+0430)
// decodes as "0" and "Ѣ" (U+0462) as "b": digits are checked against this before it sees them.
const HEX_DIGITS = /^[0-9a-fA-F]*$/;

const HEX_PAIRS = /* @__PURE__ */ hexPairs();

function fail(subject: string, field: string, why: string): never {
  throw new ProofError(`${subject}: ${field} ${why}`, { subject, field });
}

function requireHexString(value: unknown, subject: string, field: string): string {
  if (typeof value !== "string") fail(subject, field, "is missing or not a hex string");
  if (value.length < 3 || value.charCodeAt(0) !== 48 || (value.charCodeAt(1) | 32) !== 120) {
    fail(subject, field, "is not 0x-prefixed hex");
  }
  return value;
}

/**
 * Decodes `0x`-prefixed hex data (even length, either case) into bytes. `"0x"` decodes to no bytes.
 *
 * @param value - the hex string, as a node returned it
 * @param subject - what is being verified, for the error message (e.g. `"accountProof"`)
 * @param field - which field the value came from (e.g. `"accountProof[2]"`)
 * @returns the bytes (on Node they may sit in Buffer's shared pool; treat them as read-only)
 * @throws {ProofError} when the value is not a string of hex byte pairs
 * @example
 * hexToBytes("0xc0ffee", "header", "extraData"); // Uint8Array [192, 255, 238]
 */
export function hexToBytes(value: unknown, subject: string, field: string): Uint8Array {
  if (value === "0x") return new Uint8Array(0);
  const hex = requireHexString(value, subject, field);
  if (hex.length % 2 !== 0) fail(subject, field, "has an odd number of hex digits");
  const length = (hex.length - 2) / 2;
  // Node's native decoder is several times faster, but only safe on plain ASCII hex digits; any
  // other input goes to the portable loop below, which reports the bad character precisely.
  if (NativeBuffer !== undefined) {
    const digits = hex.slice(2);
    if (HEX_DIGITS.test(digits)) return NativeBuffer.from(digits, "hex");
  }
  const out = new Uint8Array(length);
  for (let i = 0, j = 2; i < out.length; i++, j += 2) {
    const hi = NIBBLE[hex.charCodeAt(j)] ?? -1;
    const lo = NIBBLE[hex.charCodeAt(j + 1)] ?? -1;
    if (hi < 0 || lo < 0) fail(subject, field, `has a non-hex character near position ${j}`);
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/**
 * Decodes hex data that must be exactly `length` bytes long (hashes, addresses, blooms).
 *
 * @param value - the hex string
 * @param length - the required byte length
 * @param subject - what is being verified, for the error message
 * @param field - which field the value came from
 * @returns the bytes
 * @throws {ProofError} when the value is not hex or has another length
 * @example
 * fixedHexToBytes(block.stateRoot, 32, "header", "stateRoot");
 */
export function fixedHexToBytes(value: unknown, length: number, subject: string, field: string): Uint8Array {
  const bytes = hexToBytes(value, subject, field);
  if (bytes.length !== length) fail(subject, field, `must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}

/**
 * Reads a hex quantity as an unsigned number. Leading zeros are accepted (some nodes send them).
 *
 * @param value - the hex quantity, e.g. `"0x1b"` or `"0x001b"`
 * @param subject - what is being verified, for the error message
 * @param field - which field the value came from
 * @returns the number
 * @throws {ProofError} when the value is not a hex quantity
 * @example
 * hexToBigint("0x1b", "transaction", "v"); // 27n
 */
export function hexToBigint(value: unknown, subject: string, field: string): bigint {
  const hex = requireHexString(value, subject, field);
  for (let j = 2; j < hex.length; j++) {
    if ((NIBBLE[hex.charCodeAt(j)] ?? -1) < 0) fail(subject, field, "is not a hex quantity");
  }
  return BigInt(hex);
}

/**
 * Reads a hex quantity as the minimal big-endian bytes RLP uses for integers (zero is no bytes).
 *
 * @param value - the hex quantity, leading zeros allowed
 * @param subject - what is being verified, for the error message
 * @param field - which field the value came from
 * @returns the minimal big-endian bytes
 * @throws {ProofError} when the value is not a hex quantity
 * @example
 * quantityToBytes("0x0100", "header", "number"); // Uint8Array [1, 0]
 */
export function quantityToBytes(value: unknown, subject: string, field: string): Uint8Array {
  const hex = requireHexString(value, subject, field);
  let start = 2;
  while (start < hex.length && hex.charCodeAt(start) === 48) start++;
  if (start === hex.length) return new Uint8Array(0);
  const digits = hex.slice(start);
  return hexToBytes(digits.length % 2 === 0 ? `0x${digits}` : `0x0${digits}`, subject, field);
}

/**
 * Encodes bytes as lowercase `0x`-prefixed hex.
 *
 * @param bytes - the bytes
 * @returns the hex string
 * @example
 * bytesToHex(new Uint8Array([1, 171])); // "0x01ab"
 */
export function bytesToHex(bytes: Uint8Array): string {
  let out = "0x";
  for (let i = 0; i < bytes.length; i++) out += HEX_PAIRS[bytes[i] as number];
  return out;
}

/**
 * Reads big-endian bytes as an unsigned number.
 *
 * @param bytes - big-endian bytes (empty is zero)
 * @returns the number
 * @example
 * bytesToBigint(new Uint8Array([1, 0])); // 256n
 */
export function bytesToBigint(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n;
  if (bytes.length <= 6) {
    let n = 0;
    for (let i = 0; i < bytes.length; i++) n = n * 256 + (bytes[i] as number);
    return BigInt(n);
  }
  return BigInt(bytesToHex(bytes));
}

/**
 * Compares two byte arrays for equal content.
 *
 * @param a - the first array
 * @param b - the second array
 * @returns whether both hold the same bytes
 * @example
 * equalBytes(hexToBytes(block.hash, "block", "hash"), hexToBytes(verifyBlockHash(block), "block", "hash")); // true
 */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Decodes a hex constant written in the source (no `0x`, trusted, even length). Exists so that
 * constants such as empty-trie hashes are literals instead of being hashed at load time.
 *
 * @param digits - lowercase hex digits
 * @returns a fresh byte array
 * @example
 * const EMPTY = hexConstant("56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421");
 */
export function hexConstant(digits: string): Uint8Array {
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return out;
}
