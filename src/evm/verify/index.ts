// The public face of the verifiers, as `chainkit/evm` exports them. The client loads the same code
// on first use (getVerifiedProof, getVerifiedReceipt, the head follower), so the names are bound
// here as constants instead of re-exported: a split build (esbuild) puts every module that the
// entry re-exports and that lazy code shares in the entry's static imports, even when the app uses
// none of them. A constant no app uses is dropped with its imports; each binding's docs are on the
// function it names.
import { encodeHeader as encodeHeaderOf, verifyBlockHash as verifyBlockHashOf } from "./block-hash.js";
import { encodeReceipt as encodeReceiptOf } from "./receipt-encoding.js";
import { verifyReceiptsRoot as verifyReceiptsRootOf } from "./receipts-root.js";
import {
  encodeTransaction as encodeTransactionOf,
  verifyTransactionHash as verifyTransactionHashOf,
} from "./transaction-hash.js";
import { verifyTransactionsRoot as verifyTransactionsRootOf } from "./transactions-root.js";
import {
  EMPTY_TRIE_ROOT as EMPTY_TRIE_ROOT_VALUE,
  indexKey as indexKeyOf,
  trieRoot as trieRootOf,
  walkProof as walkProofOf,
} from "./trie.js";
import { getVerifiedProof as getVerifiedProofOf } from "./verified-proof.js";
import { EMPTY_CODE_HASH as EMPTY_CODE_HASH_VALUE, verifyProof as verifyProofOf } from "./verify-proof.js";

export type { BatchAnswer, BatchCall, BatchRpc } from "./batch-rpc.js";
export type { BlockHeaderInput } from "./block-hash.js";
export type { LogInput, ReceiptInput } from "./receipt-encoding.js";
export type { AccessListEntryInput, AuthorizationInput, TransactionInput } from "./transaction-hash.js";
export type {
  BlockWithTransactionsInput,
  TransactionsRootOptions,
  VerifiedTransactionsRoot,
} from "./transactions-root.js";
export type { VerifiedProofOptions, VerifiedProofResult } from "./verified-proof.js";
// Types only: the code needs secp256k1 and is loaded on first use by the client's getVerifiedReceipt.
export type { VerifiedReceiptOptions, VerifiedReceiptResult } from "./verified-receipt.js";
export type { AccountProofInput, StorageProofInput, VerifiedAccount, VerifiedSlot } from "./verify-proof.js";

/** RLP-encodes a block header in the layout its fields imply (see {@link encodeHeaderOf}). */
export const encodeHeader = encodeHeaderOf;
/** Recomputes a block's hash and checks it against the `hash` the node sent (see {@link verifyBlockHashOf}). */
export const verifyBlockHash = verifyBlockHashOf;
/** Encodes a receipt the way blocks commit to it (see {@link encodeReceiptOf}). */
export const encodeReceipt = encodeReceiptOf;
/** Checks a block's receipts against its `receiptsRoot` (see {@link verifyReceiptsRootOf}). */
export const verifyReceiptsRoot = verifyReceiptsRootOf;
/** Encodes a signed transaction the way blocks commit to it (see {@link encodeTransactionOf}). */
export const encodeTransaction = encodeTransactionOf;
/** Recomputes a transaction's hash from its signed fields (see {@link verifyTransactionHashOf}). */
export const verifyTransactionHash = verifyTransactionHashOf;
/** Checks a block's transactions against its `transactionsRoot` (see {@link verifyTransactionsRootOf}). */
export const verifyTransactionsRoot = verifyTransactionsRootOf;
/** The root of a trie with nothing in it: keccak(rlp("")). */
export const EMPTY_TRIE_ROOT: Uint8Array = EMPTY_TRIE_ROOT_VALUE;
/** The key of the `index`-th entry of a block's transactions, receipts or withdrawals trie (see {@link indexKeyOf}). */
export const indexKey = indexKeyOf;
/** The root hash of a Merkle-Patricia trie holding the given entries (see {@link trieRootOf}). */
export const trieRoot = trieRootOf;
/** Walks a Merkle-Patricia proof from `root` along `key` (see {@link walkProofOf}). */
export const walkProof = walkProofOf;
/** Fetches and verifies an account and storage slots at the chain head (see {@link getVerifiedProofOf}). */
export const getVerifiedProof = getVerifiedProofOf;
/** Verifies an `eth_getProof` answer against a state root (see {@link verifyProofOf}). */
export const verifyProof = verifyProofOf;
/** keccak of no bytes: the code hash of an account without code. */
export const EMPTY_CODE_HASH: Uint8Array = EMPTY_CODE_HASH_VALUE;
