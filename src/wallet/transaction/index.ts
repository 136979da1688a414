// The public face of the transaction helpers, as `chainkit/wallet` exports it. Transfers and TRC-20 writes
// load the same code on first use, so the names
// are bound as constants (one file per bound module, under public/) instead of re-exported: a split
// build (esbuild) puts every module that the entry re-exports and that lazy code shares in the
// entry's static imports, even when the app uses none of them, and a module whose binding an app
// uses brings all its imports, so one file per module keeps one name from loading the others. A
// binding no app uses is dropped with its imports; each binding's docs are on what it names.
export type { CheckedWriteOptions, WriteResult } from "./checked-write.js";
export type {
  DecodedContract,
  DecodedRawTransaction,
  DecodedTransferValue,
} from "./decode-raw-transaction.js";
export type { ExpectedField, ExpectedTransaction } from "./expected-transaction.js";
export * from "./public/decode-raw-transaction.js";
export * from "./public/recover-signer.js";
export * from "./public/verify-built-transaction.js";
export * from "./public/verify-transfer.js";
export * from "./public/wallet-signer.js";
export type { TransferOptions, TransferRequest, TransferResult } from "./transfer.js";
export type { TransferCheckOptions, TransferIntent } from "./verify-transfer.js";
export type { WaitForTransactionOptions } from "./wait-for-transaction.js";
export type { TransactionToSign, TronPrivateKeySigner, WalletSigner } from "./wallet-signer.js";
