// The public face of the verifiers, as `chainkit/evm` exports it. The client loads the same code
// on first use (getVerifiedProof, getVerifiedReceipt, the head follower), so the names
// are bound as constants (one file per bound module, under public/) instead of re-exported: a split
// build (esbuild) puts every module that the entry re-exports and that lazy code shares in the
// entry's static imports, even when the app uses none of them, and a module whose binding an app
// uses brings all its imports, so one file per module keeps one name from loading the others. A
// binding no app uses is dropped with its imports; each binding's docs are on what it names.
export type { BatchAnswer, BatchCall, BatchRpc } from "./batch-rpc.js";
export type { BlockHeaderInput } from "./block-hash.js";
export * from "./public/block-hash.js";
export * from "./public/receipt-encoding.js";
export * from "./public/receipts-root.js";
export * from "./public/transaction-hash.js";
export * from "./public/transactions-root.js";
export * from "./public/trie.js";
export * from "./public/verified-proof.js";
export * from "./public/verify-proof.js";
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
