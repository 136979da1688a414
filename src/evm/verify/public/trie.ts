// Bound for the entry, one file per module bound: ../index.ts says why.
import {
  EMPTY_TRIE_ROOT as EMPTY_TRIE_ROOT_VALUE,
  indexKey as indexKeyOf,
  trieRoot as trieRootOf,
  walkProof as walkProofOf,
} from "../trie.js";

/** The root of a trie with nothing in it: keccak(rlp("")). */
export const EMPTY_TRIE_ROOT: Uint8Array = EMPTY_TRIE_ROOT_VALUE;
/** The key of the `index`-th entry of a block's transactions, receipts or withdrawals trie (see {@link indexKeyOf}). */
export const indexKey = indexKeyOf;
/** The root hash of a Merkle-Patricia trie holding the given entries (see {@link trieRootOf}). */
export const trieRoot = trieRootOf;
/** Walks a Merkle-Patricia proof from `root` along `key` (see {@link walkProofOf}). */
export const walkProof = walkProofOf;
