import type { LogInput, ReceiptInput } from "chainkit/evm";
import { dataFlips, quantityFlips, type Tampered } from "./byte-flips.js";

// Tampered copies of receipts, for the property tests: every field of every receipt and log is
// changed (every byte of hex data, every byte of a quantity's value), plus structural changes.

const LOG_HASHES = ["blockHash", "transactionHash"] as const;
const LOG_QUANTITIES = ["logIndex", "transactionIndex", "blockNumber", "blockTimestamp"] as const;

function* tamperedLogs(logs: readonly LogInput[]): Generator<Tampered<LogInput[]>> {
  const replace = (j: number, log: LogInput) => logs.map((other, k) => (k === j ? log : other));
  for (const [j, log] of logs.entries()) {
    const at = `logs[${j}]`;
    for (const flipped of dataFlips(log.address as string)) {
      yield { what: `${at}.address`, value: replace(j, { ...log, address: flipped }) };
    }
    for (const [k, topic] of (log.topics ?? []).entries()) {
      for (const flipped of dataFlips(topic)) {
        const topics = log.topics?.map((t, m) => (m === k ? flipped : t));
        yield { what: `${at}.topics[${k}]`, value: replace(j, { ...log, topics }) };
      }
    }
    yield {
      what: `${at} without its last topic`,
      value: replace(j, { ...log, topics: log.topics?.slice(0, -1) }),
    };
    yield {
      what: `${at} with an extra topic`,
      value: replace(j, { ...log, topics: [...(log.topics ?? []), `0x${"ab".repeat(32)}`] }),
    };
    for (const flipped of dataFlips(log.data as string)) {
      yield { what: `${at}.data`, value: replace(j, { ...log, data: flipped }) };
    }
    yield { what: `${at}.data extended`, value: replace(j, { ...log, data: `${log.data}00` }) };
    for (const field of LOG_HASHES) {
      const value = log[field];
      if (typeof value !== "string") continue;
      for (const flipped of dataFlips(value))
        yield { what: `${at}.${field}`, value: replace(j, { ...log, [field]: flipped }) };
    }
    for (const field of LOG_QUANTITIES) {
      const value = log[field];
      if (typeof value !== "string") continue;
      for (const flipped of quantityFlips(value)) {
        yield { what: `${at}.${field}`, value: replace(j, { ...log, [field]: flipped }) };
      }
    }
    yield { what: `${at}.removed`, value: replace(j, { ...log, removed: true }) };
    yield { what: `${at} dropped`, value: logs.filter((_, k) => k !== j) };
  }
  if (logs.length > 1) {
    yield {
      what: "first two logs swapped",
      value: [logs[1] as LogInput, logs[0] as LogInput, ...logs.slice(2)],
    };
  }
  if (logs.length > 0) yield { what: "a log repeated", value: [...logs, logs[0] as LogInput] };
}

/** Fields of a receipt, by how they are changed. */
const RECEIPT_HASHES = ["blockHash", "transactionHash", "root"] as const;
const RECEIPT_QUANTITIES = [
  "cumulativeGasUsed",
  "gasUsed",
  "transactionIndex",
  "blockNumber",
  "blobGasUsed",
  "blobGasPrice",
  "effectiveGasPrice",
] as const;
const RECEIPT_ADDRESSES = ["from", "to", "contractAddress"] as const;

/**
 * Every tampering of one receipt's fields (each field named in `skip` is left alone).
 *
 * @param receipt - the receipt to change
 * @param skip - fields not to change (those the verifier under test does not cover)
 */
export function* tamperedReceipt(
  receipt: ReceiptInput,
  skip: ReadonlySet<string> = new Set(),
): Generator<Tampered<ReceiptInput>> {
  const type = receipt.type ?? "0x0";
  for (const other of ["0x0", "0x1", "0x2", "0x3", "0x4"]) {
    if (BigInt(other) !== BigInt(type)) yield { what: `type ${other}`, value: { ...receipt, type: other } };
  }
  if (receipt.status != null) {
    yield { what: "status", value: { ...receipt, status: BigInt(receipt.status) === 1n ? "0x0" : "0x1" } };
  }
  for (const flipped of dataFlips(receipt.logsBloom as string))
    yield { what: "logsBloom", value: { ...receipt, logsBloom: flipped } };
  for (const field of RECEIPT_HASHES) {
    const value = receipt[field];
    if (typeof value !== "string" || skip.has(field)) continue;
    for (const flipped of dataFlips(value)) yield { what: field, value: { ...receipt, [field]: flipped } };
  }
  for (const field of RECEIPT_QUANTITIES) {
    const value = receipt[field];
    if (typeof value !== "string" || skip.has(field)) continue;
    for (const flipped of quantityFlips(value))
      yield { what: field, value: { ...receipt, [field]: flipped } };
  }
  for (const field of RECEIPT_ADDRESSES) {
    if (skip.has(field) || !(field in receipt)) continue;
    const value = receipt[field];
    if (typeof value === "string") {
      for (const flipped of dataFlips(value)) yield { what: field, value: { ...receipt, [field]: flipped } };
      if (field !== "from") yield { what: `${field} null`, value: { ...receipt, [field]: null } };
    } else {
      yield { what: `${field} set`, value: { ...receipt, [field]: `0x${"5a".repeat(20)}` } };
    }
  }
  for (const { what, value } of tamperedLogs(receipt.logs ?? []))
    yield { what, value: { ...receipt, logs: value } };
}

/**
 * Every tampering of a block's receipts: each field of each receipt, and the list itself.
 *
 * @param receipts - the block's receipts
 * @param skip - receipt fields not to change
 */
export function* tamperedReceipts(
  receipts: readonly ReceiptInput[],
  skip: ReadonlySet<string> = new Set(),
): Generator<Tampered<ReceiptInput[]>> {
  for (const [i, receipt] of receipts.entries()) {
    for (const { what, value } of tamperedReceipt(receipt, skip)) {
      yield { what: `receipts[${i}] ${what}`, value: receipts.map((r, k) => (k === i ? value : r)) };
    }
  }
  if (receipts.length > 0) {
    yield { what: "last receipt dropped", value: receipts.slice(0, -1) };
    yield { what: "a receipt repeated", value: [...receipts, receipts[0] as ReceiptInput] };
  }
  if (receipts.length > 1) {
    yield {
      what: "first two receipts swapped",
      value: [receipts[1] as ReceiptInput, receipts[0] as ReceiptInput, ...receipts.slice(2)],
    };
  }
}
