import type { UnsignedTransaction } from "../../../generated/wallet/types.js";
import type { ExpectedTransaction, TransferCheckOptions } from "./expected-transaction.js";
import { verifyBuiltTransaction } from "./verify-built-transaction.js";

export type { TransferCheckOptions } from "./expected-transaction.js";

/** What the sender asked for, addresses as lowercase `41…` hex. */
export interface TransferIntent {
  owner: string;
  to: string;
  /** Sun for TRX, the token's smallest unit for TRC-10. */
  amount: bigint;
  /** The TRC-10 token id (digits); absent for TRX. */
  asset?: string;
}

/**
 * The transaction a TRX transfer (`TransferContract`: owner 1, to 2, amount 3) or a TRC-10 transfer
 * (`TransferAssetContract`: asset_name 1, owner 2, to 3, amount 4) must be.
 *
 * @example
 * transferExpectation({ owner: "41dd791d6b49e190062d650e6a23c575510d35f2f9", to: "4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a", amount: 1n }).contract.name; // "TransferContract"
 */
export function transferExpectation(intent: TransferIntent): ExpectedTransaction {
  const owner = { json: "owner_address", what: "owner", kind: "address", value: intent.owner } as const;
  const to = { json: "to_address", what: "recipient", kind: "address", value: intent.to } as const;
  const amount = { json: "amount", what: "amount", kind: "int64", value: intent.amount } as const;
  if (intent.asset === undefined) {
    return {
      contract: {
        type: 1n,
        name: "TransferContract",
        fields: [
          { number: 1, ...owner },
          { number: 2, ...to },
          { number: 3, ...amount },
        ],
      },
    };
  }
  return {
    contract: {
      type: 2n,
      name: "TransferAssetContract",
      fields: [
        { number: 1, json: "asset_name", what: "token", kind: "tokenId", value: intent.asset },
        { number: 2, ...owner },
        { number: 3, ...to },
        { number: 4, ...amount },
      ],
    },
  };
}

/**
 * Checks, before anything is signed, that a transaction a node built is exactly the transfer asked
 * for: {@link verifyBuiltTransaction} with {@link transferExpectation}. `txID` must be the SHA-256
 * of `raw_data_hex`, whose protobuf bytes must hold one contract of the right type with the asked
 * owner, recipient, amount and token, nothing else (no memo, fee limit, extra contract, other
 * permission, trailing bytes), and an expiration after now and at most `maxExpirationMs` ahead.
 *
 * @param transaction - The node's answer to `createTransaction` or `transferAsset` (int64s as bigint).
 * @param intent - What was asked.
 * @param options - The time now and the expiration window.
 * @throws {TransactionMismatchError} naming the first field that differs.
 * @example
 * const unsigned = await wallet.createTransaction({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", to_address: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n });
 * const intent = { owner: "41dd791d6b49e190062d650e6a23c575510d35f2f9", to: "4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a", amount: 1_000_000n };
 * verifyTransfer(unsigned, intent, { now: Date.now(), maxExpirationMs: 300_000 }); // throws when the node changed anything
 */
export function verifyTransfer(
  transaction: UnsignedTransaction,
  intent: TransferIntent,
  options: TransferCheckOptions,
): void {
  verifyBuiltTransaction(transaction, transferExpectation(intent), options);
}
