import { MAX_RLP_DEPTH, malformedRlp } from "./rlp.js";

// Lazy RLP reading for the proof walk: a trie node is read item by item in place, so a branch
// costs 17 header reads and no copies, arrays or views. The rules are those of `decodeRlp`
// (canonical lengths only, nothing past the end).

/** Where one RLP item sits in its buffer. Filled in by {@link readItem}; reuse one per caller. */
export class RlpItem {
  /** Offset of the item's first byte (its header, or the byte itself for a single byte < 0x80). */
  head = 0;
  /** Offset of the payload. */
  start = 0;
  /** Offset just past the payload: the end of the item. */
  stop = 0;
  /** Whether the item is a list (otherwise a byte string). */
  list = false;
}

// Reads a long-form length of `size` bytes at `offset`, rejecting leading zeros and short values.
function longLength(
  bytes: Uint8Array,
  offset: number,
  size: number,
  end: number,
  subject: string,
  nodeIndex: number,
): number {
  if (offset + size > end) throw malformedRlp({ subject, nodeIndex }, "length runs past the end", offset);
  if (bytes[offset] === 0) throw malformedRlp({ subject, nodeIndex }, "length has a leading zero", offset);
  let length = 0;
  for (let i = 0; i < size; i++) length = length * 256 + (bytes[offset + i] as number);
  if (length < 56) throw malformedRlp({ subject, nodeIndex }, "long form used for a short length", offset);
  return length;
}

/**
 * Reads the header of the item at `offset` (which must end by `end`) into `item`, without
 * looking inside lists.
 *
 * @param bytes - the buffer holding the item
 * @param offset - where the item starts
 * @param end - where the enclosing list (or the buffer) ends
 * @param item - receives the item's position
 * @param subject - names the proof in errors
 * @param nodeIndex - names the node in errors
 * @throws {ProofError} when the header is not canonical or the item runs past `end`
 * @example
 * const node = hexToBytes(proof.accountProof[0], "accountProof", "node 0");
 * const item = new RlpItem();
 * readItem(node, 0, node.length, item, "accountProof", 0); // item.list, item.start, item.stop
 */
export function readItem(
  bytes: Uint8Array,
  offset: number,
  end: number,
  item: RlpItem,
  subject: string,
  nodeIndex: number,
): void {
  if (offset >= end) throw malformedRlp({ subject, nodeIndex }, "item expected", offset);
  const first = bytes[offset] as number;
  let start = offset;
  let length = 1;
  if (first >= 0x80) {
    if (first < 0xb8) {
      start = offset + 1;
      length = first - 0x80;
      if (length === 1 && start < end && (bytes[start] as number) < 0x80) {
        throw malformedRlp({ subject, nodeIndex }, "single byte below 0x80 must encode as itself", offset);
      }
    } else if (first < 0xc0) {
      start = offset + 1 + (first - 0xb7);
      length = longLength(bytes, offset + 1, first - 0xb7, end, subject, nodeIndex);
    } else if (first < 0xf8) {
      start = offset + 1;
      length = first - 0xc0;
    } else {
      start = offset + 1 + (first - 0xf7);
      length = longLength(bytes, offset + 1, first - 0xf7, end, subject, nodeIndex);
    }
  }
  if (start + length > end) throw malformedRlp({ subject, nodeIndex }, "item runs past the end", offset);
  item.head = offset;
  item.start = start;
  item.stop = start + length;
  item.list = first >= 0xc0;
}

/**
 * Checks that the item at `offset` is canonical RLP all the way down (lists included).
 *
 * @param bytes - the buffer holding the item
 * @param offset - where the item starts
 * @param end - where the enclosing list (or the buffer) ends
 * @param item - scratch space (overwritten)
 * @param subject - names the proof in errors
 * @param nodeIndex - names the node in errors
 * @param depth - how many lists enclose the item (for the nesting limit)
 * @returns the offset just past the item
 * @throws {ProofError} when any part of the item is not canonical RLP, or lists nest too deep
 * @example
 * const node = hexToBytes(proof.accountProof[3], "accountProof", "node 3");
 * const next = checkItem(node, 0, node.length, new RlpItem(), "accountProof", 3); // node.length when canonical
 */
export function checkItem(
  bytes: Uint8Array,
  offset: number,
  end: number,
  item: RlpItem,
  subject: string,
  nodeIndex: number,
  depth = 0,
): number {
  if (depth > MAX_RLP_DEPTH) {
    throw malformedRlp({ subject, nodeIndex }, `lists nested deeper than ${MAX_RLP_DEPTH}`, offset);
  }
  readItem(bytes, offset, end, item, subject, nodeIndex);
  const stop = item.stop;
  if (item.list) {
    for (let at = item.start; at < stop; )
      at = checkItem(bytes, at, stop, item, subject, nodeIndex, depth + 1);
  }
  return stop;
}
