import { ProofError } from "../errors/proof-error.js";
import type { BlockHeaderInput } from "./block-hash.js";
import { bytesToHex, fixedHexToBytes, hexToBigint } from "./hex.js";
import { encodeReceiptWith, isFailedReceipt, type LogInput, type ReceiptInput } from "./receipt-encoding.js";
import { indexKey, trieRoot } from "./trie.js";

const SUBJECT = "receipts";

function fail(subject: string, field: string, why: string): never {
  throw new ProofError(`${subject}: ${field} ${why}`, { subject, field });
}

/** Hex data compared by value (case and all), after checking it is `length` bytes. */
function hexKey(value: unknown, length: number, subject: string, field: string): string {
  return bytesToHex(fixedHexToBytes(value, length, subject, field));
}

/** What every receipt and log of the block must agree on, as the header and position give it. */
interface Expected {
  blockHash: string | undefined;
  blockNumber: bigint | undefined;
  blockTimestamp: bigint | undefined;
}

function checkQuantity(value: unknown, expected: bigint, subject: string, field: string): void {
  if (value == null) fail(subject, field, "is missing");
  const claimed = hexToBigint(value, subject, field);
  if (claimed !== expected) fail(subject, field, `is ${claimed} but should be ${expected}`);
}

function checkHash(value: unknown, expected: string, subject: string, field: string): void {
  if (value == null) fail(subject, field, "is missing");
  const claimed = hexKey(value, 32, subject, field);
  if (claimed !== expected) fail(subject, field, `is ${claimed} but should be ${expected}`);
}

// A log's copies of where it sits (block, transaction, position) must be the receipt's and the header's.
// Nodes differ in which they send, so each is checked when present.
function checkLog(log: LogInput, field: string, at: LogPosition, expected: Expected, subject: string): void {
  if (log.removed === true)
    fail(subject, `${field}.removed`, "is true: the log was removed by a reorganisation");
  if (log.logIndex !== undefined) checkQuantity(log.logIndex, at.logIndex, subject, `${field}.logIndex`);
  if (log.transactionIndex !== undefined) {
    checkQuantity(log.transactionIndex, at.transactionIndex, subject, `${field}.transactionIndex`);
  }
  if (log.transactionHash !== undefined) {
    checkHash(log.transactionHash, at.transactionHash, subject, `${field}.transactionHash`);
  }
  if (log.blockHash !== undefined && expected.blockHash !== undefined) {
    checkHash(log.blockHash, expected.blockHash, subject, `${field}.blockHash`);
  }
  if (log.blockNumber !== undefined && expected.blockNumber !== undefined) {
    checkQuantity(log.blockNumber, expected.blockNumber, subject, `${field}.blockNumber`);
  }
  if (log.blockTimestamp !== undefined && expected.blockTimestamp !== undefined) {
    checkQuantity(log.blockTimestamp, expected.blockTimestamp, subject, `${field}.blockTimestamp`);
  }
}

interface LogPosition {
  logIndex: bigint;
  transactionIndex: bigint;
  transactionHash: string;
}

/**
 * Checks the fields of receipt `index` that the trie does not hold: its position, its block, the gas
 * it used (the step in `cumulativeGasUsed`) and each log's copies of them. Returns the block's
 * running log count after this receipt.
 */
function checkPlacement(
  receipt: ReceiptInput,
  index: number,
  previousCumulative: bigint,
  firstLogIndex: bigint,
  expected: Expected,
): bigint {
  const subject = `receipts[${index}]`;
  checkQuantity(receipt.transactionIndex, BigInt(index), subject, "transactionIndex");
  if (expected.blockHash !== undefined)
    checkHash(receipt.blockHash, expected.blockHash, subject, "blockHash");
  if (expected.blockNumber !== undefined) {
    checkQuantity(receipt.blockNumber, expected.blockNumber, subject, "blockNumber");
  }
  const cumulative = hexToBigint(receipt.cumulativeGasUsed, subject, "cumulativeGasUsed");
  if (cumulative < previousCumulative) {
    fail(
      subject,
      "cumulativeGasUsed",
      `(${cumulative}) is below the previous receipt's (${previousCumulative})`,
    );
  }
  checkQuantity(receipt.gasUsed, cumulative - previousCumulative, subject, "gasUsed");
  const transactionHash = hexKey(receipt.transactionHash, 32, subject, "transactionHash");
  let logIndex = firstLogIndex;
  for (const [j, log] of (receipt.logs ?? []).entries()) {
    checkLog(
      log,
      `logs[${j}]`,
      { logIndex, transactionIndex: BigInt(index), transactionHash },
      expected,
      subject,
    );
    logIndex++;
  }
  return logIndex;
}

// The header commits to the block's blob gas; receipts that report theirs must add up to it.
function checkBlobGas(receipts: readonly ReceiptInput[], header: BlockHeaderInput): void {
  if (header.blobGasUsed == null || !receipts.some((receipt) => receipt.blobGasUsed != null)) return;
  let total = 0n;
  receipts.forEach((receipt, i) => {
    if (receipt.blobGasUsed != null)
      total += hexToBigint(receipt.blobGasUsed, `receipts[${i}]`, "blobGasUsed");
  });
  const committed = hexToBigint(header.blobGasUsed, "header", "blobGasUsed");
  if (total !== committed) {
    fail(SUBJECT, "blobGasUsed", `adds up to ${total} over the receipts but the header says ${committed}`);
  }
}

/**
 * Checks a block's receipts against its header: rebuilds the receipts trie (keys rlp(index), values
 * the encoded receipts, legacy and typed 0x1–0x4, with status or the pre-Byzantium root) after
 * recomputing each receipt's logs bloom from its logs, and compares the root with `receiptsRoot`.
 * It also checks what the trie does not hold but the header and the receipts' order fix: each
 * receipt's `transactionIndex`, `blockHash`, `blockNumber` and `gasUsed` (its step in
 * `cumulativeGasUsed`), each log's `logIndex`, block and transaction fields, and that the receipts'
 * `blobGasUsed` add up to the header's. Pair it with {@link verifyBlockHash} to tie the receipts to
 * the block hash. A failed status is committed as RLP's empty string, as Ethereum clients write it;
 * ganache 7 writes one 0x00 byte, which is accepted too (it says the same).
 *
 * Not covered (the header does not commit to them): `transactionHash`, `from`, `to`,
 * `contractAddress`, `effectiveGasPrice` and `blobGasPrice`. `evm.getVerifiedReceipt` ties those of
 * the receipt it returns to its verified transaction.
 *
 * @param receipts - the block's receipts in order, as `eth_getBlockReceipts` returns them
 * @param header - the block or header they belong to (`receiptsRoot`; `hash`, `number` and
 *   `timestamp` when present are compared with the receipts' copies)
 * @returns the verified receipts root, lowercase hex
 * @throws {ProofError} naming the receipt (`receipts[i]`) and field (`logsBloom`, `logs[2].logIndex`,
 *   `gasUsed`, …) that failed, or `receiptsRoot` when the root does not match
 * @example
 * const [header, receipts] = await Promise.all([
 *   evm.eth_getBlockByNumber("0x1b4", false),
 *   evm.eth_getBlockReceipts("0x1b4"),
 * ]);
 * if (header && receipts) {
 *   verifyBlockHash(header);
 *   verifyReceiptsRoot(receipts, header); // the root, or a ProofError
 * }
 */
export function verifyReceiptsRoot(receipts: readonly ReceiptInput[], header: BlockHeaderInput): string {
  if (!Array.isArray(receipts)) fail(SUBJECT, "receipts", "is not a list");
  if (typeof header !== "object" || header === null) {
    throw new ProofError("header: is not an object", { subject: "header" });
  }
  const expected: Expected = {
    blockHash: header.hash == null ? undefined : hexKey(header.hash, 32, "header", "hash"),
    blockNumber: header.number == null ? undefined : hexToBigint(header.number, "header", "number"),
    blockTimestamp:
      header.timestamp == null ? undefined : hexToBigint(header.timestamp, "header", "timestamp"),
  };
  let cumulative = 0n;
  let logCount = 0n;
  const bloomBits = new Map<string, number>();
  const entries = receipts.map((receipt, i) => {
    const value = encodeReceiptWith(receipt, `receipts[${i}]`, { bloomBits });
    logCount = checkPlacement(receipt, i, cumulative, logCount, expected);
    cumulative = hexToBigint(receipt.cumulativeGasUsed, `receipts[${i}]`, "cumulativeGasUsed");
    return { key: indexKey(i), value };
  });
  checkBlobGas(receipts, header);
  const computed = bytesToHex(trieRoot(entries));
  const claimed = hexKey(header.receiptsRoot, 32, "header", "receiptsRoot");
  if (claimed === computed || claimed === ganacheRoot(receipts, entries, bloomBits)) return claimed;
  fail(SUBJECT, "receiptsRoot", `is ${claimed} in the header but the receipts give ${computed}`);
}

// Ganache 7 (the sandbox's chain) commits a failed status as one 0x00 byte where Ethereum clients
// write RLP's empty string. Both say "failed" and nothing else, so a block whose root holds that
// form is accepted too; only blocks with a failed transaction can differ.
function ganacheRoot(
  receipts: readonly ReceiptInput[],
  entries: readonly { key: Uint8Array; value: Uint8Array }[],
  bloomBits: Map<string, number>,
): string | undefined {
  if (!receipts.some(isFailedReceipt)) return undefined;
  const ganache = entries.map((entry, i) => {
    const receipt = receipts[i] as ReceiptInput;
    if (!isFailedReceipt(receipt)) return entry;
    return {
      key: entry.key,
      value: encodeReceiptWith(receipt, `receipts[${i}]`, { bloomBits, zeroByteFailure: true }),
    };
  });
  return bytesToHex(trieRoot(ganache));
}
