import { ProofError } from "../errors/proof-error.js";

/** A decoded RLP item: a byte string or a list of items. Byte strings are views into the input, not copies. */
export type RlpValue = Uint8Array | RlpValue[];

function lengthPrefix(length: number, shortBase: number): Uint8Array {
  if (length < 56) return Uint8Array.of(shortBase + length);
  const lengthBytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) lengthBytes.unshift(n % 256);
  return Uint8Array.of(shortBase + 55 + lengthBytes.length, ...lengthBytes);
}

/**
 * RLP-encodes a byte string.
 *
 * @param bytes - the string's bytes (integers: minimal big-endian, zero is empty)
 * @returns the encoding
 * @example
 * encodeBytes(new Uint8Array([0x7f])); // Uint8Array [0x7f]
 */
export function encodeBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 1 && (bytes[0] as number) < 0x80) return bytes;
  const prefix = lengthPrefix(bytes.length, 0x80);
  const out = new Uint8Array(prefix.length + bytes.length);
  out.set(prefix);
  out.set(bytes, prefix.length);
  return out;
}

/**
 * RLP-encodes a list whose items are already encoded (so embedded encodings can be passed through).
 *
 * @param encodedItems - each item's complete RLP encoding
 * @returns the list's encoding
 * @example
 * encodeList([encodeBytes(new Uint8Array([1])), encodeBytes(new Uint8Array([2, 3]))]);
 */
export function encodeList(encodedItems: readonly Uint8Array[]): Uint8Array {
  let payloadLength = 0;
  for (const item of encodedItems) payloadLength += item.length;
  const prefix = lengthPrefix(payloadLength, 0xc0);
  const out = new Uint8Array(prefix.length + payloadLength);
  out.set(prefix);
  let offset = prefix.length;
  for (const item of encodedItems) {
    out.set(item, offset);
    offset += item.length;
  }
  return out;
}

/**
 * RLP-encodes a decoded value again (the inverse of {@link decodeRlp} for canonical input).
 *
 * @param value - a byte string or nested list
 * @returns the encoding
 * @example
 * encodeRlp([new Uint8Array([1]), []]); // Uint8Array [0xc2, 0x01, 0xc0]
 */
export function encodeRlp(value: RlpValue): Uint8Array {
  return value instanceof Uint8Array ? encodeBytes(value) : encodeList(value.map(encodeRlp));
}

/** Where a decode failure is reported: which proof or object, which node, which field. */
export interface RlpErrorContext {
  subject: string;
  field?: string;
  nodeIndex?: number;
}

/**
 * The error for bytes that are not canonical RLP, naming the proof, node, field and byte offset.
 *
 * @param context - which proof, node and field was being decoded
 * @param why - what is wrong at that byte
 * @param offset - the byte offset of the bad item
 * @returns the error, for the caller to throw
 * @example
 * throw malformedRlp({ subject: "accountProof", nodeIndex: 2 }, "item runs past the end", 40);
 */
export function malformedRlp(context: RlpErrorContext, why: string, offset: number): ProofError {
  const { subject, field, nodeIndex } = context;
  const where = [field, nodeIndex === undefined ? undefined : `node ${nodeIndex}`].filter(Boolean).join(", ");
  return new ProofError(`${subject}: malformed RLP${where ? ` in ${where}` : ""} at byte ${offset}: ${why}`, {
    subject,
    ...(field === undefined ? {} : { field }),
    ...(nodeIndex === undefined ? {} : { nodeIndex }),
  });
}

/**
 * The deepest list nesting any RLP the verifier reads may have. Headers, transactions, receipts and
 * trie nodes nest a few levels at most; a hostile node's deeper nesting is refused as malformed
 * before it can exhaust the call stack.
 */
export const MAX_RLP_DEPTH = 32;

class Decoder {
  constructor(
    readonly bytes: Uint8Array,
    readonly context: RlpErrorContext,
  ) {}

  fail(why: string, offset: number): never {
    throw malformedRlp(this.context, why, offset);
  }

  // Reads a long-form length of `size` bytes at `offset`, rejecting leading zeros and short values.
  longLength(offset: number, size: number, end: number): number {
    if (offset + size > end) this.fail("length runs past the end", offset);
    if (this.bytes[offset] === 0) this.fail("length has a leading zero", offset);
    let length = 0;
    for (let i = 0; i < size; i++) length = length * 256 + (this.bytes[offset + i] as number);
    if (length < 56) this.fail("long form used for a short length", offset);
    return length;
  }

  // Decodes the item at `offset` (which must end by `end`); returns the value and the offset after it.
  item(offset: number, end: number, depth = 0): [RlpValue, number] {
    if (offset >= end) this.fail("item expected", offset);
    if (depth > MAX_RLP_DEPTH) this.fail(`lists nested deeper than ${MAX_RLP_DEPTH}`, offset);
    const bytes = this.bytes;
    const first = bytes[offset] as number;
    if (first < 0x80) return [bytes.subarray(offset, offset + 1), offset + 1];
    let start: number;
    let length: number;
    if (first < 0xb8) {
      start = offset + 1;
      length = first - 0x80;
      if (length === 1 && start < end && (bytes[start] as number) < 0x80) {
        this.fail("single byte below 0x80 must encode as itself", offset);
      }
    } else if (first < 0xc0) {
      start = offset + 1 + (first - 0xb7);
      length = this.longLength(offset + 1, first - 0xb7, end);
    } else if (first < 0xf8) {
      start = offset + 1;
      length = first - 0xc0;
    } else {
      start = offset + 1 + (first - 0xf7);
      length = this.longLength(offset + 1, first - 0xf7, end);
    }
    const stop = start + length;
    if (stop > end) this.fail("item runs past the end", offset);
    if (first < 0xc0) return [bytes.subarray(start, stop), stop];
    const items: RlpValue[] = [];
    let at = start;
    while (at < stop) {
      const [value, next] = this.item(at, stop, depth + 1);
      items.push(value);
      at = next;
    }
    return [items, stop];
  }
}

/**
 * Decodes one complete RLP item, strictly: canonical lengths only and no trailing bytes.
 *
 * @param bytes - the encoding
 * @param context - names the proof, node and field in the error if decoding fails
 * @returns the decoded value; byte strings are views into `bytes`
 * @throws {ProofError} when the bytes are not exactly one canonical RLP item
 * @example
 * decodeRlp(hexToBytes(proof.accountProof[3], "accountProof", "node 3"), { subject: "accountProof", nodeIndex: 3 });
 */
export function decodeRlp(bytes: Uint8Array, context: RlpErrorContext): RlpValue {
  const decoder = new Decoder(bytes, context);
  const [value, end] = decoder.item(0, bytes.length);
  if (end !== bytes.length) decoder.fail("trailing bytes after the item", end);
  return value;
}
