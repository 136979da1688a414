import { keccak256, keccak256Into } from "../../runtime/hashing/keccak-256.js";
import { ProofError } from "../errors/proof-error.js";
import { bytesToHex, equalBytes, hexConstant } from "./hex.js";
import { encodeBytes, encodeList, malformedRlp } from "./rlp.js";
import { checkItem, RlpItem, readItem } from "./rlp-scan.js";

/** The root of a trie with nothing in it: keccak(rlp("")), written out so loading hashes nothing. */
export const EMPTY_TRIE_ROOT: Uint8Array = /* @__PURE__ */ hexConstant(
  "56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421",
);

// The i-th 4-bit digit of `bytes`, high half first.
function nibble(bytes: Uint8Array, i: number): number {
  const byte = bytes[i >> 1] as number;
  return i & 1 ? byte & 15 : byte >> 4;
}

function nodeError(subject: string, nodeIndex: number, why: string): ProofError {
  return new ProofError(`${subject}: node ${nodeIndex} ${why}`, { subject, nodeIndex });
}

// Whether a[0..length) equals b[bOffset..bOffset + length).
function sameBytesAt(a: Uint8Array, b: Uint8Array, bOffset: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (a[i] !== b[bOffset + i]) return false;
  return true;
}

// Scratch for the walk (it never re-enters itself): the node's list, the item being looked at, and
// where each of a node's first 17 items starts.
const NODE = /* @__PURE__ */ new RlpItem();
const ITEM = /* @__PURE__ */ new RlpItem();
const ITEM_HEADS = /* @__PURE__ */ new Int32Array(17);
const NODE_HASH = /* @__PURE__ */ new Uint8Array(32);

/**
 * Walks a Merkle-Patricia proof (a list of RLP-encoded nodes, root first) from `root` along `key`.
 *
 * Every node must hash to the reference its parent holds (the first node to `root`); nodes under
 * 32 bytes sit inside their parent and may also be repeated as their own entry. The walk ends at
 * the key's leaf or where the trie shows the key cannot be (an empty branch slot or a diverging
 * path), and every node in the proof must have been used by then.
 *
 * @param root - the trie root hash (32 bytes)
 * @param key - the trie key (for state and storage tries: the keccak hash of the address or slot)
 * @param proof - the proof nodes, decoded from hex
 * @param subject - names the proof in errors, e.g. `"accountProof"`
 * @returns the value stored at `key` (a view into its proof node), or `undefined` when the proof shows the key is absent
 * @throws {ProofError} when a node does not hash to its reference, is malformed, is missing or is extra
 * @example
 * const nodes = proof.accountProof.map((node, i) => hexToBytes(node, "accountProof", `node ${i}`));
 * const leaf = walkProof(hexToBytes(block.stateRoot, "block", "stateRoot"), keccak256Into(hexToBytes(proof.address, "proof", "address"), new Uint8Array(32)), nodes, "accountProof");
 */
export function walkProof(
  root: Uint8Array,
  key: Uint8Array,
  proof: readonly Uint8Array[],
  subject: string,
): Uint8Array | undefined {
  const keyNibbles = key.length * 2;
  let keyPos = 0;
  let next = 0; // index of the next proof entry to consume
  let current = 0; // index of the entry the walk is in (embedded nodes report their host)
  let value: Uint8Array | undefined;
  // What the next node must be, as a range of `refBytes`: a hash (a byte string), or the
  // embedded node itself (a list, header included from `refHead`).
  let refBytes = root;
  let refHead = 0;
  let refStart = 0;
  let refStop = root.length;
  let refIsList = false;

  for (;;) {
    // Resolve the reference: empty means nothing is there; 32 bytes is a hash; a list is embedded.
    let node: Uint8Array;
    let nodeStart: number;
    let nodeStop: number;
    if (!refIsList) {
      const refLength = refStop - refStart;
      if (refLength === 0) break;
      if (refLength !== 32) {
        throw nodeError(
          subject,
          current,
          `holds a ${refLength}-byte reference; expected 32 bytes or an embedded node`,
        );
      }
      const encoded = proof[next];
      if (encoded === undefined) {
        if (next === 0 && equalBytes(root, EMPTY_TRIE_ROOT)) break;
        const wanted = bytesToHex(refBytes.subarray(refStart, refStop));
        throw nodeError(
          subject,
          next,
          `is missing: the proof ends before the key is resolved (wanted ${wanted})`,
        );
      }
      if (!sameBytesAt(keccak256Into(encoded, NODE_HASH), refBytes, refStart, 32)) {
        throw nodeError(
          subject,
          next,
          next === 0 ? "does not hash to the root" : "does not hash to the reference in its parent",
        );
      }
      current = next++;
      node = encoded;
      nodeStart = 0;
      nodeStop = encoded.length;
    } else {
      const length = refStop - refHead;
      if (length >= 32) {
        throw nodeError(
          subject,
          current,
          "embeds a child of 32 bytes or more; it must be referenced by hash",
        );
      }
      const repeated = proof[next];
      if (
        repeated !== undefined &&
        repeated.length === length &&
        sameBytesAt(repeated, refBytes, refHead, length)
      ) {
        next++;
      }
      node = refBytes;
      nodeStart = refHead;
      nodeStop = refStop;
    }

    // The node is one list; note where its items start (checking each is canonical RLP).
    readItem(node, nodeStart, nodeStop, NODE, subject, current);
    if (NODE.stop !== nodeStop)
      throw malformedRlp({ subject, nodeIndex: current }, "trailing bytes after the item", NODE.stop);
    if (!NODE.list) {
      if (NODE.stop !== NODE.start) {
        throw nodeError(subject, current, "is a byte string; expected a branch, extension or leaf");
      }
      break; // rlp("") is the empty trie
    }
    let count = 0;
    for (let at = NODE.start; at < NODE.stop; count++) {
      if (count < 17) ITEM_HEADS[count] = at;
      at = checkItem(node, at, NODE.stop, ITEM, subject, current);
    }

    if (count === 17) {
      if (keyPos === keyNibbles) {
        readItem(node, ITEM_HEADS[16] as number, NODE.stop, ITEM, subject, current);
        if (ITEM.list) throw nodeError(subject, current, "has a list as its branch value");
        if (ITEM.stop > ITEM.start) value = node.subarray(ITEM.start, ITEM.stop);
        break;
      }
      readItem(node, ITEM_HEADS[nibble(key, keyPos++)] as number, NODE.stop, ITEM, subject, current);
    } else if (count !== 2) {
      throw nodeError(subject, current, `has ${count} items; expected 2 (leaf or extension) or 17 (branch)`);
    } else {
      // A leaf or an extension: a compact path, then the value or the child.
      readItem(node, ITEM_HEADS[0] as number, NODE.stop, ITEM, subject, current);
      if (ITEM.list || ITEM.stop === ITEM.start) throw nodeError(subject, current, "has no compact path");
      const path = ITEM.start;
      const flag = node[path] as number;
      const kind = flag >> 4;
      if (kind > 3 || (!(kind & 1) && (flag & 15) !== 0)) {
        throw nodeError(subject, current, "has an invalid compact path prefix");
      }
      const skip = kind & 1 ? 1 : 2;
      const pathNibbles = (ITEM.stop - path) * 2 - skip;
      let matches = pathNibbles <= keyNibbles - keyPos;
      for (let i = 0; matches && i < pathNibbles; i++) {
        const at = i + skip;
        const byte = node[path + (at >> 1)] as number;
        if ((at & 1 ? byte & 15 : byte >> 4) !== nibble(key, keyPos + i)) matches = false;
      }
      readItem(node, ITEM_HEADS[1] as number, NODE.stop, ITEM, subject, current);
      if (kind >= 2) {
        if (ITEM.list || ITEM.stop === ITEM.start)
          throw nodeError(subject, current, "is a leaf without a value");
        if (matches && keyPos + pathNibbles === keyNibbles) value = node.subarray(ITEM.start, ITEM.stop);
        break;
      }
      if (pathNibbles === 0) throw nodeError(subject, current, "is an extension with an empty path");
      if (!matches) break;
      keyPos += pathNibbles;
      if (!ITEM.list && ITEM.stop === ITEM.start)
        throw nodeError(subject, current, "is an extension without a child");
    }
    // ITEM is the child reference.
    refBytes = node;
    refHead = ITEM.head;
    refStart = ITEM.start;
    refStop = ITEM.stop;
    refIsList = ITEM.list;
  }
  if (next < proof.length) throw nodeError(subject, next, "is not on the key's path (unused extra node)");
  return value;
}

// Compact (hex-prefix) encoding of nibbles key[from..to), flagged as leaf or extension.
function compactPath(key: Uint8Array, from: number, to: number, leaf: boolean): Uint8Array {
  const count = to - from;
  const odd = count & 1;
  const out = new Uint8Array((count >> 1) + 1);
  out[0] = ((leaf ? 2 : 0) + odd) << 4;
  let at = from;
  if (odd) out[0] |= nibble(key, at++);
  for (let i = 1; i < out.length; i++, at += 2) out[i] = (nibble(key, at) << 4) | nibble(key, at + 1);
  return out;
}

interface TrieEntry {
  key: Uint8Array;
  value: Uint8Array;
}

function reference(encodedNode: Uint8Array): Uint8Array {
  return encodedNode.length < 32 ? encodedNode : encodeBytes(keccak256(encodedNode));
}

// Encodes the node holding entries[start..end) (sorted, sharing their first `depth` nibbles).
function buildNode(entries: readonly TrieEntry[], start: number, end: number, depth: number): Uint8Array {
  const first = entries[start] as TrieEntry;
  if (end - start === 1) {
    return encodeList([
      encodeBytes(compactPath(first.key, depth, first.key.length * 2, true)),
      encodeBytes(first.value),
    ]);
  }
  const last = entries[end - 1] as TrieEntry;
  const limit = Math.min(first.key.length, last.key.length) * 2;
  let shared = depth;
  while (shared < limit && nibble(first.key, shared) === nibble(last.key, shared)) shared++;
  if (shared > depth) {
    const child = buildNode(entries, start, end, shared);
    return encodeList([encodeBytes(compactPath(first.key, depth, shared, false)), reference(child)]);
  }
  const slots: Uint8Array[] = new Array(17).fill(encodeBytes(new Uint8Array(0)));
  let at = start;
  if (first.key.length * 2 === depth) {
    slots[16] = encodeBytes(first.value);
    at++;
  }
  while (at < end) {
    const digit = nibble((entries[at] as TrieEntry).key, depth);
    let stop = at + 1;
    while (stop < end && nibble((entries[stop] as TrieEntry).key, depth) === digit) stop++;
    slots[digit] = reference(buildNode(entries, at, stop, depth + 1));
    at = stop;
  }
  return encodeList(slots);
}

/**
 * The key of the `index`-th entry of a block's transactions, receipts or withdrawals trie: rlp(index).
 *
 * @param index - the position in the block (0-based)
 * @returns the key bytes
 * @example
 * const encodedReceipts = [new Uint8Array([0xc0]), new Uint8Array([0xc1, 0x80])];
 * trieRoot(encodedReceipts.map((value, i) => ({ key: indexKey(i), value })));
 */
export function indexKey(index: number): Uint8Array {
  const bytes: number[] = [];
  for (let n = index; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return encodeBytes(Uint8Array.from(bytes));
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

/**
 * Computes the root hash of a Merkle-Patricia trie holding the given entries (keys used as given,
 * not hashed: this is the layout of the transactions, receipts and withdrawals tries).
 *
 * @param entries - distinct keys with their non-empty values, in any order
 * @returns the 32-byte root hash ({@link EMPTY_TRIE_ROOT} for no entries)
 * @example
 * const encoded = [new Uint8Array([0xc0]), new Uint8Array([0xc1, 0x80])];
 * trieRoot(encoded.map((value, i) => ({ key: indexKey(i), value })));
 */
export function trieRoot(entries: readonly TrieEntry[]): Uint8Array {
  if (entries.length === 0) return EMPTY_TRIE_ROOT;
  const sorted = [...entries].sort((a, b) => compareBytes(a.key, b.key));
  return keccak256(buildNode(sorted, 0, sorted.length, 0));
}
