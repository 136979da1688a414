import { ProofError } from "../errors/proof-error.js";
import { bytesToHex, equalBytes, fixedHexToBytes, hexToBigint, hexToBytes, quantityToBytes } from "./hex.js";
import { addToBloom, type BloomBitsCache } from "./logs-bloom.js";
import { encodeBytes, encodeList } from "./rlp.js";

/**
 * A log as a JSON-RPC node returns it (inside a receipt, or from `eth_getLogs`). Every field is
 * optional in the type so any node's shape fits; the verifier reports the ones it needs but lacks.
 */
export interface LogInput {
  address?: string | null;
  topics?: readonly string[] | null;
  data?: string | null;
  blockHash?: string | null;
  blockNumber?: string | null;
  /** Newer nodes add the block's timestamp to each log. */
  blockTimestamp?: string | null;
  transactionHash?: string | null;
  transactionIndex?: string | null;
  logIndex?: string | null;
  removed?: boolean | null;
}

/**
 * A transaction receipt as a JSON-RPC node returns it (`eth_getTransactionReceipt`,
 * `eth_getBlockReceipts`). Every field is optional in the type so any node's shape fits.
 */
export interface ReceiptInput {
  /** `0x0` legacy, `0x1`–`0x4` typed (EIP-2718); absent means legacy. */
  type?: string | null;
  /** `0x1` success, `0x0` failure (Byzantium and later). */
  status?: string | null;
  /** The post-transaction state root, in place of `status` before Byzantium. */
  root?: string | null;
  cumulativeGasUsed?: string | null;
  logsBloom?: string | null;
  logs?: readonly LogInput[] | null;
  transactionHash?: string | null;
  transactionIndex?: string | null;
  blockHash?: string | null;
  blockNumber?: string | null;
  from?: string | null;
  /** `null` for contract creation. */
  to?: string | null;
  /** The created contract, or `null`. */
  contractAddress?: string | null;
  gasUsed?: string | null;
  effectiveGasPrice?: string | null;
  /** EIP-4844 transactions only. */
  blobGasUsed?: string | null;
  /** EIP-4844 transactions only. */
  blobGasPrice?: string | null;
}

function fail(subject: string, field: string, why: string): never {
  throw new ProofError(`${subject}: ${field} ${why}`, { subject, field });
}

/**
 * Reads a receipt's type as a number (legacy, or no type, is 0; `"0x2"` is 2).
 *
 * @param receipt - the receipt as the node returned it
 * @param subject - names the receipt in errors
 * @returns 0 to 4
 * @throws {ProofError} for a type no Ethereum block commits to (above 0x4)
 */
function receiptType(receipt: ReceiptInput, subject: string): number {
  if (receipt.type == null) return 0;
  const type = hexToBigint(receipt.type, subject, "type");
  if (type > 4n) fail(subject, "type", `${receipt.type} is not a supported receipt type (0x0-0x4)`);
  return Number(type);
}

// Byzantium (EIP-658) replaced the post-state root with a status byte; a receipt carries one of them.
// Failure is the integer 0, which RLP writes as the empty string; `zeroByteFailure` writes it as one
// 0x00 byte instead, as ganache 7 does.
function outcome(receipt: ReceiptInput, subject: string, zeroByteFailure: boolean): Uint8Array {
  if (receipt.root != null) {
    if (receipt.status != null) {
      fail(
        subject,
        "status",
        "is sent next to root; a receipt commits to one of them (root before Byzantium)",
      );
    }
    return fixedHexToBytes(receipt.root, 32, subject, "root");
  }
  const status = hexToBigint(receipt.status, subject, "status");
  if (status > 1n) fail(subject, "status", `must be 0x0 or 0x1, got ${receipt.status}`);
  if (status === 0n && zeroByteFailure) return Uint8Array.of(0);
  return quantityToBytes(receipt.status, subject, "status");
}

/**
 * Whether a receipt reports a failed transaction (status 0; a pre-Byzantium receipt has no status).
 *
 * @param receipt - the receipt as the node returned it
 * @returns true for status 0
 * @example
 * isFailedReceipt({ status: "0x0" }); // true
 */
export function isFailedReceipt(receipt: ReceiptInput): boolean {
  return receipt.root == null && typeof receipt.status === "string" && /^0x0*$/i.test(receipt.status);
}

function encodeLogs(
  logs: unknown,
  subject: string,
  cache: BloomBitsCache | undefined,
): { encoded: Uint8Array; bloom: Uint8Array } {
  if (!Array.isArray(logs)) fail(subject, "logs", "is missing or not a list");
  const bloom = new Uint8Array(256);
  const encoded = logs.map((log: LogInput, j: number) => {
    const field = `logs[${j}]`;
    if (typeof log !== "object" || log === null) fail(subject, field, "is not an object");
    if (!Array.isArray(log.topics)) fail(subject, `${field}.topics`, "is missing or not a list");
    const address = fixedHexToBytes(log.address, 20, subject, `${field}.address`);
    addToBloom(bloom, { bytes: address, hex: log.address as string }, cache);
    const topics = log.topics.map((topic, k) => {
      const bytes = fixedHexToBytes(topic, 32, subject, `${field}.topics[${k}]`);
      addToBloom(bloom, { bytes, hex: topic }, cache);
      return encodeBytes(bytes);
    });
    return encodeList([
      encodeBytes(address),
      encodeList(topics),
      encodeBytes(hexToBytes(log.data, subject, `${field}.data`)),
    ]);
  });
  return { encoded: encodeList(encoded), bloom };
}

/**
 * Encodes a receipt the way blocks commit to it: rlp([status or root, cumulativeGasUsed, logsBloom,
 * logs]) for legacy receipts, type ‖ rlp(…) for typed ones (EIP-2718). Before encoding, it recomputes
 * the logs bloom from the logs and checks it against the receipt's `logsBloom`.
 *
 * @param receipt - the receipt as the node returned it
 * @param subject - names the receipt in errors (default `"receipt"`)
 * @returns the encoding: the value stored under rlp(transactionIndex) in the block's receipts trie
 * @throws {ProofError} naming a missing or malformed field (`logs[2].topics[0]`), a bloom that the
 *   logs do not produce (`logsBloom`), or an unsupported type
 * @example
 * const receipt = await evm.eth_getTransactionReceipt(hash);
 * if (receipt) encodeReceipt(receipt); // the value under rlp(transactionIndex) in the receipts trie
 */
export function encodeReceipt(receipt: ReceiptInput, subject = "receipt"): Uint8Array {
  return encodeReceiptWith(receipt, subject, {});
}

/** How {@link encodeReceiptWith} encodes. */
export interface ReceiptEncodingOptions {
  /** Bloom bits of the addresses and topics seen so far in this block (saves their keccak). */
  bloomBits?: BloomBitsCache;
  /** Write a failed status as one 0x00 byte, as ganache 7 does, instead of RLP's empty string for 0. */
  zeroByteFailure?: boolean;
}

/**
 * {@link encodeReceipt} with a cache of bloom bits shared across the receipts of one block, and the
 * choice of how a failed status is written.
 *
 * @param receipt - the receipt as the node returned it
 * @param subject - names the receipt in errors
 * @param options - the bloom-bits cache, and `zeroByteFailure`
 * @returns the encoding
 * @throws {ProofError} as {@link encodeReceipt}
 * @example
 * const bloomBits = new Map<string, number>();
 * const empty = { status: "0x1", cumulativeGasUsed: "0x5208", logsBloom: `0x${"00".repeat(256)}`, logs: [] };
 * encodeReceiptWith(empty, "receipts[0]", { bloomBits });
 */
export function encodeReceiptWith(
  receipt: ReceiptInput,
  subject: string,
  options: ReceiptEncodingOptions,
): Uint8Array {
  if (typeof receipt !== "object" || receipt === null) fail(subject, "receipt", "is not an object");
  const type = receiptType(receipt, subject);
  const logs = encodeLogs(receipt.logs, subject, options.bloomBits);
  const claimedBloom = fixedHexToBytes(receipt.logsBloom, 256, subject, "logsBloom");
  if (!equalBytes(claimedBloom, logs.bloom)) {
    fail(
      subject,
      "logsBloom",
      `is not the bloom of the receipt's logs (${bytesToHex(logs.bloom).slice(0, 18)}…)`,
    );
  }
  const body = encodeList([
    encodeBytes(outcome(receipt, subject, options.zeroByteFailure ?? false)),
    encodeBytes(quantityToBytes(receipt.cumulativeGasUsed, subject, "cumulativeGasUsed")),
    encodeBytes(claimedBloom),
    logs.encoded,
  ]);
  if (type === 0) return body;
  const typed = new Uint8Array(body.length + 1);
  typed[0] = type;
  typed.set(body, 1);
  return typed;
}
