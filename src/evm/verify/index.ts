export type { BatchAnswer, BatchCall, BatchRpc } from "./batch-rpc.js";
export { type BlockHeaderInput, encodeHeader, verifyBlockHash } from "./block-hash.js";
export { encodeReceipt, type LogInput, type ReceiptInput } from "./receipt-encoding.js";
export { verifyReceiptsRoot } from "./receipts-root.js";
export {
  type AccessListEntryInput,
  type AuthorizationInput,
  encodeTransaction,
  type TransactionInput,
  verifyTransactionHash,
} from "./transaction-hash.js";
export {
  type BlockWithTransactionsInput,
  type TransactionsRootOptions,
  type VerifiedTransactionsRoot,
  verifyTransactionsRoot,
} from "./transactions-root.js";
export { EMPTY_TRIE_ROOT, indexKey, trieRoot, walkProof } from "./trie.js";
export {
  getVerifiedProof,
  type VerifiedProofOptions,
  type VerifiedProofResult,
} from "./verified-proof.js";
// Types only: the code needs secp256k1 and is loaded on first use by the client's getVerifiedReceipt.
export type { VerifiedReceiptOptions, VerifiedReceiptResult } from "./verified-receipt.js";
export {
  type AccountProofInput,
  EMPTY_CODE_HASH,
  type StorageProofInput,
  type VerifiedAccount,
  type VerifiedSlot,
  verifyProof,
} from "./verify-proof.js";
