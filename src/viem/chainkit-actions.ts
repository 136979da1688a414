import type {
  Chain,
  Client,
  Hash,
  RpcTransaction,
  RpcTransactionReceipt,
  Transaction,
  TransactionReceipt,
  Transport,
} from "viem";
import type { VerifiedProofResult } from "../evm/verify/verified-proof.js";
import { viemBatch } from "./viem-batch.js";
import { viem } from "./viem-peer.js";

/** Parameters of {@link ChainkitActions.getVerifiedProof}. */
export interface GetVerifiedProofParameters {
  /** The account, 20-byte hex. */
  address: string;
  /** Storage slots to prove, hex quantities or 32-byte hex (default none). */
  storageKeys?: readonly string[];
  /** Batches to send before giving up when the head keeps moving (default 5). */
  maxAttempts?: number;
}

/** Parameters of {@link ChainkitActions.getVerifiedReceipt}. */
export interface GetVerifiedReceiptParameters {
  /** The transaction hash. */
  hash: Hash;
  /** Lookups to try when the receipt's block is gone by the time it is fetched (default 3). */
  maxAttempts?: number;
}

/** A receipt verified against its block, formatted the way viem formats receipts. */
export interface VerifiedReceipt {
  receipt: TransactionReceipt;
  /** The block's hash, recomputed from its header. */
  blockHash: Hash;
  blockNumber: bigint;
}

/** Parameters of {@link ChainkitActions.getSystemTransactions}: one block, by hash or by number. */
export type GetSystemTransactionsParameters = { blockHash: Hash } | { blockNumber: bigint };

/** What {@link chainkitActions} adds to a viem client (a type, as viem's `extend` needs). */
export type ChainkitActions = {
  /**
   * An account (and storage slots) at the chain head, proven against a header whose hash is
   * recomputed, all from one batch (chainkit's `getVerifiedProof`).
   *
   * @throws {ProofError} when the proof or the header does not verify
   */
  getVerifiedProof(parameters: GetVerifiedProofParameters): Promise<VerifiedProofResult>;
  /**
   * A receipt, returned only when it verifies against its block: block hash, transactions root,
   * receipts root, and its fields against its transaction (chainkit's `getVerifiedReceipt`).
   * `null` for an unknown or pending transaction.
   *
   * @throws {ProofError} when anything does not verify
   */
  getVerifiedReceipt(parameters: GetVerifiedReceiptParameters): Promise<VerifiedReceipt | null>;
  /**
   * The HyperEVM system transactions of one block (`eth_getSystemTxsByBlockHash` or
   * `…ByBlockNumber`): transfers from HyperCore, which the block's own list leaves out. `null` when
   * the node does not know the block.
   */
  getSystemTransactions(parameters: GetSystemTransactionsParameters): Promise<Transaction[] | null>;
};

/**
 * A viem client extension adding what viem lacks: verified proofs, verified receipts and HyperEVM's
 * system transactions. It works over any viem transport; on `chainkitTransport` every call is also
 * validated against chainkit's EVM spec, and the calls of one verification share one batch.
 *
 * @param client - the viem client to extend (`createPublicClient(…).extend(chainkitActions)`)
 * @returns the actions
 * @example
 * import { createPublicClient } from "viem";
 * import { chainkitActions, chainkitTransport } from "chainkit/viem";
 * const transport = chainkitTransport({ url, credentials: { token } });
 * const client = createPublicClient({ transport }).extend(chainkitActions);
 * const verified = await client.getVerifiedReceipt({ hash });
 */
export function chainkitActions<transport extends Transport, chain extends Chain | undefined>(
  client: Client<transport, chain>,
): ChainkitActions {
  const rpc = viemBatch(client);
  const receiptFormat = client.chain?.formatters?.transactionReceipt?.format ?? viem.formatTransactionReceipt;
  const transactionFormat = client.chain?.formatters?.transaction?.format ?? viem.formatTransaction;
  return {
    async getVerifiedProof({ address, storageKeys = [], maxAttempts }) {
      // Loaded on first use, like the EVM client does: the verifier stays out of the entry's start-up.
      const { getVerifiedProof } = await import("../evm/verify/verified-proof.js");
      return getVerifiedProof(rpc, address, storageKeys, maxAttempts === undefined ? {} : { maxAttempts });
    },
    async getVerifiedReceipt({ hash, maxAttempts }) {
      const { getVerifiedReceipt } = await import("../evm/verify/verified-receipt.js");
      const verified = await getVerifiedReceipt(rpc, hash, maxAttempts === undefined ? {} : { maxAttempts });
      if (verified === null) return null;
      return {
        receipt: receiptFormat(verified.receipt as RpcTransactionReceipt) as TransactionReceipt,
        blockHash: verified.blockHash as Hash,
        blockNumber: verified.blockNumber,
      };
    },
    async getSystemTransactions(parameters) {
      const request = client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>;
      const transactions = (
        "blockHash" in parameters
          ? await request({ method: "eth_getSystemTxsByBlockHash", params: [parameters.blockHash] })
          : await request({
              method: "eth_getSystemTxsByBlockNumber",
              params: [viem.numberToHex(parameters.blockNumber)],
            })
      ) as RpcTransaction[] | null;
      return transactions?.map((tx) => transactionFormat(tx) as Transaction) ?? null;
    },
  };
}
