import { ProofError } from "../../runtime/errors/proof-error.js";
import type { BlockHeaderInput } from "./block-hash.js";
import { bytesToHex, fixedHexToBytes } from "./hex.js";
import { encodeBytes } from "./rlp.js";
import { checkTransactionHash, type TransactionInput } from "./transaction-hash.js";
import { trieRoot } from "./trie.js";

/** A block fetched with full transaction objects (`eth_getBlockBy*(…, true)`). */
export interface BlockWithTransactionsInput extends BlockHeaderInput {
  transactions?: readonly (TransactionInput | string)[] | null;
}

const SUBJECT = "block";

// rlp(index): the key of a transaction in its block's trie.
function indexKey(index: number): Uint8Array {
  const bytes: number[] = [];
  for (let n = index; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return encodeBytes(Uint8Array.from(bytes));
}

/** Options for {@link verifyTransactionsRoot}. */
export interface TransactionsRootOptions {
  /**
   * Leave out Hyperliquid pseudo system transactions (legacy, gasPrice 0, r = 1), which some archive
   * nodes prepend to the block body although the header's root does not cover them. Left-out
   * transactions are not verified at all. Default false: every transaction counts.
   */
  skipSystemTransactions?: boolean;
}

// The shape archive nodes give HyperCore's pseudo system transactions: legacy, free, signed r = 1.
function isPseudoSystemTransaction(tx: TransactionInput): boolean {
  const legacy = tx.type == null || /^0x0*$/.test(tx.type);
  return legacy && tx.gasPrice != null && /^0x0*$/.test(tx.gasPrice) && tx.r != null && /^0x0*1$/.test(tx.r);
}

/**
 * Checks a block's transactions against its header: recomputes every transaction's hash from its
 * signed fields, then the transactions trie root (keys rlp(index), values the encoded transactions),
 * and compares it with `transactionsRoot`. Pair it with {@link verifyBlockHash} to tie the
 * transactions to the block hash.
 *
 * @param block - a block fetched with full transaction objects
 * @param options - `skipSystemTransactions` for Hyperliquid archive nodes that prepend pseudo system transactions
 * @returns the verified transactions root, lowercase hex
 * @throws {ProofError} naming the transaction (`transactions[i]`) and field that failed, or
 *   `transactionsRoot` when the root does not match; also when the block holds only transaction hashes
 * @example
 * const block = await evm.eth_getBlockByNumber("latest", true);
 * if (block) {
 *   verifyBlockHash(block);
 *   verifyTransactionsRoot(block);
 * }
 */
export function verifyTransactionsRoot(
  block: BlockWithTransactionsInput,
  options: TransactionsRootOptions = {},
): string {
  if (typeof block !== "object" || block === null) {
    throw new ProofError(`${SUBJECT}: block is not an object`, { subject: SUBJECT });
  }
  const { transactions } = block;
  if (!Array.isArray(transactions)) {
    throw new ProofError(`${SUBJECT}: transactions is missing`, { subject: SUBJECT, field: "transactions" });
  }
  const entries: { key: Uint8Array; value: Uint8Array }[] = [];
  transactions.forEach((tx: TransactionInput | string, i: number) => {
    const subject = `transactions[${i}]`;
    if (typeof tx !== "object" || tx === null) {
      throw new ProofError(
        `${subject}: is a hash, not a transaction object; fetch the block with full transactions`,
        {
          subject,
        },
      );
    }
    if (options.skipSystemTransactions && isPseudoSystemTransaction(tx)) return;
    entries.push({ key: indexKey(entries.length), value: checkTransactionHash(tx, subject).encoded });
  });
  const computed = bytesToHex(trieRoot(entries));
  const claimed = bytesToHex(fixedHexToBytes(block.transactionsRoot, 32, SUBJECT, "transactionsRoot"));
  if (claimed !== computed) {
    throw new ProofError(`${SUBJECT}: transactionsRoot is ${claimed} but the transactions give ${computed}`, {
      subject: SUBJECT,
      field: "transactionsRoot",
    });
  }
  return computed;
}
