// The public face of the transaction helpers, as `chainkit/wallet` exports them. Transfers and
// TRC-20 writes load the same code on first use, so the names are bound here as constants instead
// of re-exported: a split build (esbuild) puts every module that the entry re-exports and that
// lazy code shares in the entry's static imports, even when the app uses none of them. A constant
// no app uses is dropped with its imports; each binding's docs are on the function it names.
import {
  decodeRawTransaction as decodeRawTransactionOf,
  decodeTransferValue as decodeTransferValueOf,
} from "./decode-raw-transaction.js";
import { recoverSignerAddress as recoverSignerAddressOf } from "./recover-signer.js";
import { verifyBuiltTransaction as verifyBuiltTransactionOf } from "./verify-built-transaction.js";
import {
  transferExpectation as transferExpectationOf,
  verifyTransfer as verifyTransferOf,
} from "./verify-transfer.js";
import {
  addressOfPublicKey as addressOfPublicKeyOf,
  privateKeySigner as privateKeySignerOf,
} from "./wallet-signer.js";

export type { CheckedWriteOptions, WriteResult } from "./checked-write.js";
export type {
  DecodedContract,
  DecodedRawTransaction,
  DecodedTransferValue,
} from "./decode-raw-transaction.js";
export type { ExpectedField, ExpectedTransaction } from "./expected-transaction.js";
export type { TransferOptions, TransferRequest, TransferResult } from "./transfer.js";
export type { TransferCheckOptions, TransferIntent } from "./verify-transfer.js";
export type { WaitForTransactionOptions } from "./wait-for-transaction.js";
export type { TransactionToSign, TronPrivateKeySigner, WalletSigner } from "./wallet-signer.js";

/** Decodes a transaction's `raw_data_hex` (see {@link decodeRawTransactionOf}). */
export const decodeRawTransaction = decodeRawTransactionOf;
/** Decodes a transfer contract's value bytes (see {@link decodeTransferValueOf}). */
export const decodeTransferValue = decodeTransferValueOf;
/** The address that signed a transaction id (see {@link recoverSignerAddressOf}). */
export const recoverSignerAddress = recoverSignerAddressOf;
/** Checks a transaction the node built against what was asked (see {@link verifyBuiltTransactionOf}). */
export const verifyBuiltTransaction = verifyBuiltTransactionOf;
/** What a transfer's built transaction must hold (see {@link transferExpectationOf}). */
export const transferExpectation = transferExpectationOf;
/** Checks a built transfer against the intent (see {@link verifyTransferOf}). */
export const verifyTransfer = verifyTransferOf;
/** The TRON address of an uncompressed public key (see {@link addressOfPublicKeyOf}). */
export const addressOfPublicKey = addressOfPublicKeyOf;
/** A wallet signer backed by a private key (see {@link privateKeySignerOf}). */
export const privateKeySigner = privateKeySignerOf;
