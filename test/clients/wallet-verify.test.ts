import { readFileSync } from "node:fs";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import {
  decodeRawTransaction,
  decodeTransferValue,
  recoverSignerAddress,
  TransactionMismatchError,
  type UnsignedTransaction,
  verifyTransfer,
} from "chainkit/wallet";
import { describe, expect, it } from "vitest";
import { walletOperations } from "../../generated/wallet/operations.js";
import { convertInt64 } from "../../src/runtime/json/convert-int64.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { responseInt64 } from "../support/spec-validators.js";

type Recorded = { examples: { request: Record<string, unknown>; response: Record<string, unknown> }[] };
const recorded = (name: string) =>
  parseJson(readFileSync(new URL(`../fixtures/wallet/${name}.json`, import.meta.url), "utf8")) as Recorded;

const int64 = await responseInt64(walletOperations.createTransaction, 200);
/** The recorded Nile createtransaction answer, int64s as the client reads them. */
function nileTransfer(): UnsignedTransaction {
  const [example] = recorded("tron_createtransaction").examples;
  return convertInt64(structuredClone(example?.response), int64) as UnsignedTransaction;
}
const intent = {
  owner: "41dd791d6b49e190062d650e6a23c575510d35f2f9",
  to: "4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a",
  amount: 1_000_000n,
};
/** A moment 30 s before the recorded transaction expires. */
const when = (tx: UnsignedTransaction) => ({
  now: Number(tx.raw_data.expiration) - 30_000,
  maxExpirationMs: 300_000,
});

/** The same answer with its bytes changed at `offset`, and txID and raw_data left alone. */
function withByte(tx: UnsignedTransaction, offset: number, value: number): UnsignedTransaction {
  const bytes = hexToBytes(tx.raw_data_hex);
  bytes[offset] = value;
  return { ...tx, raw_data_hex: bytesToHex(bytes) };
}

describe("verifyTransfer on a real node's answer", () => {
  it("accepts the recorded Nile transfer for what it was asked", () => {
    const tx = nileTransfer();
    expect(() => verifyTransfer(tx, intent, when(tx))).not.toThrow();
  });

  it("refuses it for another amount, recipient or sender, or as a token transfer", () => {
    const tx = nileTransfer();
    const field = (changed: Partial<typeof intent> & { asset?: string }) => {
      try {
        verifyTransfer(tx, { ...intent, ...changed }, when(tx));
      } catch (error) {
        expect(error).toBeInstanceOf(TransactionMismatchError);
        return (error as TransactionMismatchError).field;
      }
      return "accepted";
    };
    expect(field({ amount: 999_999n })).toBe("/raw_data/contract/0/parameter/value/amount");
    expect(field({ to: intent.owner })).toBe("/raw_data/contract/0/parameter/value/to_address");
    expect(field({ owner: intent.to })).toBe("/raw_data/contract/0/parameter/value/owner_address");
    expect(field({ asset: "1005416" })).toBe("/raw_data/contract/0/type");
  });

  it("refuses bytes that no longer hash to the txID, and an expired transaction", () => {
    const tx = nileTransfer();
    const last = hexToBytes(tx.raw_data_hex).length - 1;
    expect(() => verifyTransfer(withByte(tx, last, 0x34), intent, when(tx))).toThrowError(
      /txID is not the SHA-256/,
    );
    const later = { now: Number(tx.raw_data.expiration) + 1, maxExpirationMs: 300_000 };
    expect(() => verifyTransfer(tx, intent, later)).toThrowError(/expires outside/);
  });

  it("refuses consistent but altered bytes: the amount varint, seen through a matching txID", () => {
    const tx = nileTransfer();
    const hex = tx.raw_data_hex.replace("18c0843d", "18c1843d"); // amount 1000000 -> 1000001
    const altered = { ...tx, raw_data_hex: hex, txID: bytesToHex(sha256(hexToBytes(hex))) };
    const error = (() => {
      try {
        verifyTransfer(altered, intent, when(tx));
      } catch (e) {
        return e as TransactionMismatchError;
      }
    })();
    expect(error?.field).toBe("/raw_data/contract/0/parameter/value/amount");
    expect(error?.details).toBe("expected 1000000, got 1000001");
  });

  it("refuses bytes that are not a transaction, or repeat a field", () => {
    const tx = nileTransfer();
    const broken = { ...tx, raw_data_hex: "0a05ff", txID: bytesToHex(sha256(hexToBytes("0a05ff"))) };
    expect(() => verifyTransfer(broken, intent, when(tx))).toThrowError(/not a well-formed/);
    const repeated = `${tx.raw_data_hex}0a022927`;
    const twice = { ...tx, raw_data_hex: repeated, txID: bytesToHex(sha256(hexToBytes(repeated))) };
    expect(() => verifyTransfer(twice, intent, when(tx))).toThrowError(/not a well-formed/);
  });
});

describe("decoding recorded transactions", () => {
  it("reads the contracts of real blocks and transactions: TRX transfer and TRC-20 call", () => {
    const block = recorded("tron_getblockbynum").examples[1]?.response as {
      transactions: { raw_data_hex: string }[];
    };
    const transfer = decodeRawTransaction(hexToBytes(block.transactions[0]?.raw_data_hex ?? ""));
    expect(transfer.contracts[0]?.type).toBe(1n);
    expect(transfer.expiration).toBe(1642508655000n);
    const value = decodeTransferValue(1n, transfer.contracts[0]?.value ?? new Uint8Array());
    expect(value.amount).toBe(2_000_000_000n);
    expect(bytesToHex(value.to ?? new Uint8Array())).toBe("4175f6a3be1bf8d02e6f82ec24e210e91acec38be8");

    const trc20 = recorded("tron_gettransactionbyid").examples[0]?.response as { raw_data_hex: string };
    const call = decodeRawTransaction(hexToBytes(trc20.raw_data_hex));
    expect(call.contracts[0]?.type).toBe(31n);
    expect(call.contracts[0]?.typeUrl).toBe("type.googleapis.com/protocol.TriggerSmartContract");
    expect(call.otherFields).toEqual([]);
    expect(call.feeLimit).toBe(10_000_000n); // the TRC-20 call's fee_limit, which a transfer must not carry
  });

  it("recovers the signer of a recorded signature", () => {
    const signed = recorded("tron_gettransactionbyid").examples[0]?.response as {
      txID: string;
      signature: string[];
    };
    expect(recoverSignerAddress(signed.txID, signed.signature[0] ?? "")).toBe(
      "41954f4930a2057860956eaa824137669d5398258a",
    );
    expect(recoverSignerAddress(signed.txID, "00".repeat(65))).toBeUndefined();
  });
});
