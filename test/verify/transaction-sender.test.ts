import { type BlockWithTransactionsInput, ProofError, type TransactionInput } from "chainkit/evm";
import { describe, expect, it } from "vitest";
import { recoverSender } from "../../src/evm/verify/transaction-sender.js";
import { realVectors } from "./fixtures.js";

// Sender recovery (what ties a receipt's `from` to its transaction) on real mainnet and Goerli
// transactions: legacy with and without EIP-155, EIP-1559.

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const transactions = [
  ...realVectors("eth_getTransactionByHash_").map(
    ({ json }) => json.result as TransactionInput & { from: string },
  ),
  ...realVectors("eth_getBlockByHash_mainnet_2000004_full").flatMap(
    ({ json }) =>
      (json.result as BlockWithTransactionsInput).transactions as (TransactionInput & { from: string })[],
  ),
];

describe("recoverSender", () => {
  it("recovers the sender the node reports, for every recorded transaction", () => {
    expect(transactions.length).toBeGreaterThan(7);
    for (const tx of transactions)
      expect(recoverSender(tx, "transaction"), tx.hash ?? "").toBe(tx.from.toLowerCase());
  });

  it("recovers someone else from a changed signature or payload", () => {
    const [tx] = transactions as [TransactionInput & { from: string }];
    const flip = (hex: string) => `0x${(BigInt(hex) ^ 1n).toString(16)}`;
    for (const changed of [
      { ...tx, s: flip(tx.s as string) },
      { ...tx, nonce: flip(tx.nonce as string) },
    ]) {
      let recovered: string | undefined;
      try {
        recovered = recoverSender(changed, "transaction");
      } catch (error) {
        expect(error).toBeInstanceOf(ProofError);
      }
      expect(recovered).not.toBe(tx.from.toLowerCase());
    }
  });

  it("refuses r and s outside the curve's scalars, naming the field", () => {
    const tx = transactions[0] as TransactionInput;
    for (const [field, value] of [
      ["r", "0x0"],
      ["s", "0x0"],
      ["r", `0x${N.toString(16)}`],
      ["s", `0x${(N + 5n).toString(16)}`],
    ] as const) {
      expect(() => recoverSender({ ...tx, [field]: value }, "transaction")).toThrow(
        expect.objectContaining({ name: "ProofError", field }),
      );
    }
  });
});
