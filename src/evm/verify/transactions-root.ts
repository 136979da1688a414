import { ProofError } from "../errors/proof-error.js";
import type { BlockHeaderInput } from "./block-hash.js";
import { bytesToHex, fixedHexToBytes } from "./hex.js";
import { checkTransactionHash, type TransactionInput } from "./transaction-hash.js";
import { indexKey, trieRoot } from "./trie.js";

/** A block fetched with full transaction objects (`eth_getBlockBy*(…, true)`). */
export interface BlockWithTransactionsInput extends BlockHeaderInput {
  transactions?: readonly (TransactionInput | string)[] | null;
}

const SUBJECT = "block";

/** Options for {@link verifyTransactionsRoot}. */
export interface TransactionsRootOptions {
  /**
   * Leave out the Hyperliquid pseudo system transactions (legacy, gasPrice 0, r = 1) that some
   * archive nodes prepend to the block body although the header's root does not cover them. Only
   * the leading run is left out: a transaction of that shape after the first ordinary one counts
   * like any other (so the root then fails). Left-out transactions are not verified at all.
   * Default false: every transaction counts.
   */
  skipSystemTransactions?: boolean;
}

/** What {@link verifyTransactionsRoot} verified, and what it left out. */
export interface VerifiedTransactionsRoot {
  /** The transactions root the verified transactions hash to (lowercase hex), equal to the header's. */
  transactionsRoot: string;
  /**
   * The leading pseudo system transactions left out under `skipSystemTransactions`, as the node
   * sent them, in block order (empty otherwise). Nothing about them is verified, not even their hash.
   */
  skippedSystemTransactions: TransactionInput[];
}

// The shape archive nodes give HyperCore's pseudo system transactions: legacy, free, signed r = 1.
function isPseudoSystemTransaction(tx: TransactionInput): boolean {
  const legacy = tx.type == null || /^0x0*$/.test(tx.type);
  return legacy && tx.gasPrice != null && /^0x0*$/.test(tx.gasPrice) && tx.r != null && /^0x0*1$/.test(tx.r);
}

function asTransaction(tx: unknown, subject: string): TransactionInput {
  if (typeof tx !== "object" || tx === null) {
    throw new ProofError(
      `${subject}: is a hash, not a transaction object; fetch the block with full transactions`,
      { subject },
    );
  }
  return tx as TransactionInput;
}

/**
 * Checks a block's transactions against its header: recomputes every transaction's hash from its
 * signed fields, then the transactions trie root (keys rlp(index), values the encoded transactions),
 * and compares it with `transactionsRoot`. Pair it with {@link verifyBlockHash} to tie the
 * transactions to the block hash.
 *
 * @param block - a block fetched with full transaction objects
 * @param options - `skipSystemTransactions` for Hyperliquid archive nodes that prepend pseudo system transactions
 * @returns the verified root, and the system transactions left out (always empty without `skipSystemTransactions`)
 * @throws {ProofError} naming the transaction (`transactions[i]`) and field that failed, or
 *   `transactionsRoot` when the root does not match; also when the block holds only transaction hashes
 * @example
 * const block = await evm.eth_getBlockByNumber("latest", true);
 * if (block) {
 *   verifyBlockHash(block);
 *   const { transactionsRoot } = verifyTransactionsRoot(block);
 * }
 */
export function verifyTransactionsRoot(
  block: BlockWithTransactionsInput,
  options: TransactionsRootOptions = {},
): VerifiedTransactionsRoot {
  if (typeof block !== "object" || block === null) {
    throw new ProofError(`${SUBJECT}: block is not an object`, { subject: SUBJECT });
  }
  const { transactions } = block;
  if (!Array.isArray(transactions)) {
    throw new ProofError(`${SUBJECT}: transactions is missing`, { subject: SUBJECT, field: "transactions" });
  }
  const all = transactions.map((tx: unknown, i: number) => asTransaction(tx, `transactions[${i}]`));
  // The node prepends its pseudo system transactions, so only a leading run can be one of them.
  let skipped = 0;
  if (options.skipSystemTransactions) {
    while (skipped < all.length && isPseudoSystemTransaction(all[skipped] as TransactionInput)) skipped++;
  }
  const entries = all.slice(skipped).map((tx, k) => ({
    key: indexKey(k),
    value: checkTransactionHash(tx, `transactions[${skipped + k}]`).encoded,
  }));
  const computed = bytesToHex(trieRoot(entries));
  const claimed = bytesToHex(fixedHexToBytes(block.transactionsRoot, 32, SUBJECT, "transactionsRoot"));
  if (claimed !== computed) {
    throw new ProofError(`${SUBJECT}: transactionsRoot is ${claimed} but the transactions give ${computed}`, {
      subject: SUBJECT,
      field: "transactionsRoot",
    });
  }
  return { transactionsRoot: computed, skippedSystemTransactions: all.slice(0, skipped) };
}
