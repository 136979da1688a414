import { type Block, privateKeySigner, type TransactionInfo, toHexAddress } from "chainkit/wallet";
import { describe, expect, it } from "vitest";
import { blockPayments } from "../../src/wallet/watch/block-payments.js";

// The payments of one block, from java-tron's block and receipt shapes: what the watcher yields.
const watched = privateKeySigner("a9".repeat(32)).address;
const payer = privateKeySigner("b9".repeat(32)).address;
const contract = privateKeySigner("c9".repeat(32)).address;
const hex = (address: string) => toHexAddress(address);
const word = (address: string) => hex(address).slice(2).padStart(64, "0");
const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const filter = { addresses: new Set([hex(watched)]), assets: undefined };

function transaction(txID: string, type: string, value: Record<string, unknown>, contractRet = "SUCCESS") {
  return {
    ret: [{ contractRet }],
    txID,
    raw_data: {
      contract: [{ type, parameter: { value, type_url: `type.googleapis.com/protocol.${type}` } }],
    },
  };
}

const block = {
  blockID: "00000000000000077f0e6a1ffb8f3e4c7c0f7d35a1c4e5b9e2b1cd0f0e1a2b3c",
  block_header: { raw_data: { number: 7n, timestamp: 1_777_445_121_000n, parentHash: "00".repeat(32) } },
  transactions: [
    transaction("11".repeat(32), "TransferContract", {
      owner_address: payer,
      to_address: watched,
      amount: 5n,
    }),
    transaction(
      "22".repeat(32),
      "TransferContract",
      { owner_address: payer, to_address: watched, amount: 9n },
      "REVERT",
    ),
    transaction("33".repeat(32), "TriggerSmartContract", {
      owner_address: payer,
      contract_address: contract,
      data: "",
    }),
    transaction("44".repeat(32), "TransferAssetContract", {
      owner_address: payer,
      to_address: watched,
      asset_name: "1005416",
      amount: 3n,
    }),
  ],
} as unknown as Block;

const receipts = [
  {
    id: "33".repeat(32),
    receipt: { result: "SUCCESS" },
    log: [
      {
        address: hex(contract).slice(2),
        topics: [TRANSFER_TOPIC, word(payer), word(watched)],
        data: "0".repeat(63) + "8",
      },
      {
        address: hex(contract).slice(2),
        topics: [TRANSFER_TOPIC, word(watched), word(payer)],
        data: "0".repeat(63) + "1",
      },
    ],
    internal_transactions: [
      {
        caller_address: hex(contract),
        transferTo_address: hex(watched),
        callValueInfo: [{ callValue: 40n }],
      },
      {
        caller_address: hex(contract),
        transferTo_address: hex(watched),
        callValueInfo: [{ callValue: 2n, tokenId: "1005416" }],
      },
      {
        caller_address: hex(contract),
        transferTo_address: hex(watched),
        callValueInfo: [{ callValue: 99n }],
        rejected: true,
      },
    ],
  },
] as unknown as TransactionInfo[];

describe("blockPayments", () => {
  it("TRX, TRC-20 logs, internal transfers and TRC-10 to the watched address, in block order; failed transactions and outgoing transfers pay nothing", () => {
    const found = blockPayments(block, receipts, filter);
    expect(
      found.map(({ kind, asset, amount, internal, txID }) => [kind, asset, amount, internal, txID]),
    ).toEqual([
      ["TRX", "TRX", 5n, false, "11".repeat(32)],
      ["TRC20", contract, 8n, false, "33".repeat(32)],
      ["TRX", "TRX", 40n, true, "33".repeat(32)],
      ["TRC10", "1005416", 2n, true, "33".repeat(32)],
      ["TRC10", "1005416", 3n, false, "44".repeat(32)],
    ]);
    expect(found[0]).toMatchObject({ from: payer, to: watched, blockNumber: 7n, blockId: block.blockID });
    expect(found[2]?.from).toBe(contract);
  });

  it("keeps only the assets asked for", () => {
    const onlyTokens = { ...filter, assets: new Set(["1005416", contract]) };
    expect(blockPayments(block, receipts, onlyTokens).map((payment) => payment.kind)).toEqual([
      "TRC20",
      "TRC10",
      "TRC10",
    ]);
  });
});
