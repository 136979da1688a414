import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { ProofError } from "../errors/proof-error.js";
import { type BatchRpc, batchResult } from "./batch-rpc.js";
import { verifyBlockHash } from "./block-hash.js";
import { bytesToHex, fixedHexToBytes, hexToBigint } from "./hex.js";
import type { ReceiptInput } from "./receipt-encoding.js";
import { checkReceiptAgainstTransaction } from "./receipt-transaction.js";
import { verifyReceiptsRoot } from "./receipts-root.js";
import type { TransactionInput } from "./transaction-hash.js";
import { type BlockWithTransactionsInput, verifyTransactionsRoot } from "./transactions-root.js";

/** Options for {@link getVerifiedReceipt}. */
export interface VerifiedReceiptOptions {
  /**
   * How many times to look the transaction up again when its block is gone by the time the block
   * is fetched (a reorganisation between the two requests); default 3.
   */
  maxAttempts?: number;
}

/** A receipt verified against its block, and what it was verified against. */
export interface VerifiedReceiptResult<R = ReceiptInput, B = BlockWithTransactionsInput> {
  /** The receipt, as the block's receipts list holds it, every field checked. */
  receipt: R;
  /** The block (header and full transactions) it was checked against, as the node sent it. */
  block: B;
  /** The block's hash, recomputed from its header. */
  blockHash: string;
  /** The block's number. */
  blockNumber: bigint;
}

const DEFAULT_ATTEMPTS = 3;

function checkInput(transactionHash: string, maxAttempts: number): string {
  const issue = (pointer: string, message: string) =>
    new RequestValidationError("getVerifiedReceipt", [{ pointer, message }]);
  if (typeof transactionHash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(transactionHash)) {
    throw issue("/transactionHash", "must be a 32-byte 0x-prefixed hex transaction hash");
  }
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw issue("/options/maxAttempts", "must be a positive integer");
  }
  return transactionHash.toLowerCase();
}

/**
 * Fetches a transaction's receipt and returns it only when it verifies against a block whose hash
 * it recomputes. First the receipt (it names the block), then one batch with that block (full
 * transactions) and its receipts, by hash. It then checks, in order: the block hash
 * ({@link verifyBlockHash}); every transaction against `transactionsRoot`; every receipt against
 * `receiptsRoot` ({@link verifyReceiptsRoot}); that the block holds the asked transaction at the
 * receipt's index; and the receipt's fields the tries do not hold against that transaction: `from`
 * (recovered from the signature), `to`, `contractAddress`, `type`, `effectiveGasPrice`, blob gas.
 *
 * Returns `null` when the node has no receipt for the hash: the transaction is unknown, or pending
 * (not in a block yet). Ask again later for a pending one. When the block is gone by the time it is
 * fetched (a reorganisation), it looks the receipt up again, up to `maxAttempts` times.
 *
 * Trust: this proves the receipt is the one the returned block commits to; whether that block is
 * on the chain you trust (compare its hash with a source you trust) is yours to decide.
 *
 * @param rpc - anything that sends a JSON-RPC batch (the EVM client does)
 * @param transactionHash - the transaction, 32-byte hex
 * @param options - `maxAttempts` (default 3)
 * @returns the verified receipt with its block, hash and number, or `null` for an unknown or pending transaction
 * @throws {RequestValidationError} before sending, for a malformed hash or option
 * @throws {ProofError} naming the object (`header`, `block`, `transactions[i]`, `receipts[i]`) and field that failed
 * @example
 * declare const rpc: BatchRpc; // e.g. an adapter over another JSON-RPC client
 * const verified = await getVerifiedReceipt(rpc, "0x4bb6fa064c302d27ea9ac821e061bcc336b8fa40de77f01e116c6461d47e7ac1");
 * if (verified) console.log(verified.blockNumber, verified.receipt.status);
 */
export async function getVerifiedReceipt(
  rpc: BatchRpc,
  transactionHash: string,
  options: VerifiedReceiptOptions = {},
): Promise<VerifiedReceiptResult | null> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_ATTEMPTS;
  const asked = checkInput(transactionHash, maxAttempts);
  let gone = "";
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const [first] = await rpc.batch([{ method: "eth_getTransactionReceipt", params: [transactionHash] }]);
    const located = batchResult<ReceiptInput>(first, "eth_getTransactionReceipt");
    if (located === null) return null;
    const blockHash = bytesToHex(fixedHexToBytes(located.blockHash, 32, "receipt", "blockHash"));
    const index = Number(hexToBigint(located.transactionIndex, "receipt", "transactionIndex"));
    const answers = await rpc.batch([
      { method: "eth_getBlockByHash", params: [blockHash, true] },
      { method: "eth_getBlockReceipts", params: [blockHash] },
    ]);
    const block = batchResult<BlockWithTransactionsInput>(answers[0], "eth_getBlockByHash");
    const receipts = batchResult<ReceiptInput[]>(answers[1], "eth_getBlockReceipts");
    if (block === null || receipts === null) {
      gone = blockHash;
      continue;
    }
    return verifyAgainstBlock(asked, blockHash, index, block, receipts);
  }
  throw new ProofError(`block ${gone} of the receipt was gone on each of ${maxAttempts} attempts`, {
    subject: "block",
    field: "blockHash",
  });
}

function verifyAgainstBlock(
  asked: string,
  blockHash: string,
  index: number,
  block: BlockWithTransactionsInput,
  receipts: ReceiptInput[],
): VerifiedReceiptResult {
  const computed = verifyBlockHash(block);
  if (computed !== blockHash) {
    throw new ProofError(`block: the node sent block ${computed} for ${blockHash}`, {
      subject: "block",
      field: "hash",
    });
  }
  verifyTransactionsRoot(block);
  verifyReceiptsRoot(receipts, block);
  const transactions = block.transactions as TransactionInput[];
  if (receipts.length !== transactions.length) {
    throw new ProofError(`receipts: ${receipts.length} receipts for ${transactions.length} transactions`, {
      subject: "receipts",
      field: "length",
    });
  }
  const transaction = transactions[index];
  const receipt = receipts[index];
  if (transaction === undefined || receipt === undefined || transaction.hash?.toLowerCase() !== asked) {
    throw new ProofError(`receipt: the block holds no transaction ${asked} at index ${index}`, {
      subject: "receipt",
      field: "transactionIndex",
    });
  }
  checkReceiptAgainstTransaction(receipt, transaction, block, `receipts[${index}]`);
  return { receipt, block, blockHash, blockNumber: hexToBigint(block.number, "header", "number") };
}
