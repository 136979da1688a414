import type { RpcErrorObject } from "../validation.js";
import { atLatestBlock, logRangeRefusal } from "./hyperevm-rules.js";
import { RPC_ERRORS } from "./json-rpc-envelope.js";
import { headerOf } from "./ots-header.js";
import type { SystemTransaction } from "./system-transactions.js";

/** What the methods need from the chain behind the surface. */
export interface ChainAccess {
  /** Asks the chain (its JSON-RPC provider). */
  request(method: string, params?: readonly unknown[]): Promise<unknown>;
  /** The system transactions recorded for a block (lowercase hash), if any. */
  systemTransactions(blockHash: string): readonly SystemTransaction[] | undefined;
  /** A recorded system transaction by its hash (lowercase). */
  systemTransaction(hash: string): SystemTransaction | undefined;
  /** Whether an address's transactions go into big blocks. */
  usesBigBlocks(address: string): boolean;
  /** Runs a task that mines, after the chain changes already under way. */
  serial<T>(task: () => Promise<T>): Promise<T>;
}

/** One method's answer from its (already checked) params; a thrown error becomes a JSON-RPC error. */
export type MethodHandler = (params: unknown[]) => Promise<unknown>;

/** A JSON-RPC error a handler throws to answer with it. */
class RpcFailure extends Error {
  constructor(readonly error: RpcErrorObject) {
    super(error.message);
  }
}

type Json = Record<string, unknown>;

const HASH32 = /^0x[0-9a-fA-F]{64}$/;

function isBlockHash(value: unknown): value is string {
  return typeof value === "string" && HASH32.test(value);
}

/**
 * A chain failure as the JSON-RPC error a HyperEVM node sends: the chain already speaks go-ethereum's
 * codes and wording (a revert is error `3`, "execution reverted", with the revert data), so its code,
 * message and data pass as they are; anything else is an internal error.
 *
 * @example
 * nodeError({ code: 3, message: "execution reverted", data: "0xdeadbeef" });
 * // { code: 3, message: "execution reverted", data: "0xdeadbeef" }
 */
export function nodeError(error: unknown): RpcErrorObject {
  if (error instanceof RpcFailure) return error.error;
  const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
  return {
    code: typeof code === "number" ? code : RPC_ERRORS.internal.code,
    message: typeof message === "string" ? message : RPC_ERRORS.internal.message,
    ...(typeof data === "string" && { data }),
  };
}

/**
 * How the sandbox answers each method a plain Ethereum node does not answer as HyperEVM does; every
 * other method of the spec goes to the chain as sent. HyperEVM's differences: state methods read the latest block
 * (`pending` included), `eth_getStorageAt` answers 32 bytes, a revert is error `3`, logs and receipts
 * carry `blockTimestamp`, `eth_getBlockReceipts` is built from the block's own
 * receipts, by-position reads answer `null` past the end, `eth_getLogs` covers at most 50 blocks,
 * `eth_maxPriorityFeePerGas` is zero, both gas prices are the next block's base fee (the sandbox makes
 * one kind of block), big-block use is per address, and system transactions are kept per block.
 *
 * @param chain - Access to the chain and the surface's records.
 * @returns One handler per method that needs one.
 * @example
 * const methods = createNodeMethods({
 *   request: async (method, params) => (method === "eth_getBlockByNumber" ? null : params),
 *   systemTransactions: () => undefined,
 *   systemTransaction: () => undefined,
 *   usesBigBlocks: () => false,
 *   serial: (task) => task(),
 * });
 * await methods.eth_getBlockReceipts?.(["0x10"]); // null: the chain has no such block
 */
export function createNodeMethods(chain: ChainAccess): Readonly<Record<string, MethodHandler>> {
  const timestamps = new Map<string, string>();

  const blockOf = async (block: unknown, full = false) =>
    (await chain.request(isBlockHash(block) ? "eth_getBlockByHash" : "eth_getBlockByNumber", [
      block,
      full,
    ])) as Json | null;

  /** The block's timestamp, read once per block (blocks do not change once mined). */
  async function timestampOf(blockHash: string): Promise<string> {
    let timestamp = timestamps.get(blockHash);
    if (timestamp === undefined) {
      const block = await blockOf(blockHash);
      timestamp = String(block?.timestamp);
      timestamps.set(blockHash, timestamp);
    }
    return timestamp;
  }

  const withTimestamp = async (item: Json): Promise<Json> =>
    typeof item.blockHash === "string"
      ? { ...item, blockTimestamp: await timestampOf(item.blockHash) }
      : item;

  async function receiptWithTimestamps(receipt: Json | null): Promise<Json | null> {
    if (receipt === null) return null;
    const logs = await Promise.all((receipt.logs as Json[]).map(withTimestamp));
    return { ...(await withTimestamp(receipt)), logs };
  }

  /** The next block's base fee: the last entry of a one-block fee history. */
  async function nextBaseFee(): Promise<unknown> {
    const history = (await chain.request("eth_feeHistory", ["0x1", "latest", []])) as {
      baseFeePerGas: string[];
    };
    return history.baseFeePerGas.at(-1);
  }

  const atLatest =
    (method: string, adapt: (params: unknown[]) => unknown[] = (params) => params) =>
    (params: unknown[]) =>
      chain.request(method, adapt(atLatestBlock(method, params)));

  async function transactionAt(block: unknown, index: unknown): Promise<unknown> {
    const found = await blockOf(block, true);
    const transactions = (found?.transactions ?? []) as unknown[];
    return transactions[Number(BigInt(index as string))] ?? null;
  }

  return {
    eth_getBalance: atLatest("eth_getBalance"),
    eth_getCode: atLatest("eth_getCode"),
    eth_getTransactionCount: atLatest("eth_getTransactionCount"),
    eth_getProof: atLatest("eth_getProof"),
    eth_call: atLatest("eth_call"),
    eth_estimateGas: atLatest("eth_estimateGas"),
    eth_getStorageAt: async (params) => {
      const value = (await chain.request(
        "eth_getStorageAt",
        atLatestBlock("eth_getStorageAt", params),
      )) as string;
      return `0x${value.slice(2).padStart(64, "0")}`;
    },
    eth_maxPriorityFeePerGas: async () => "0x0",
    eth_gasPrice: nextBaseFee,
    eth_bigBlockGasPrice: nextBaseFee,
    eth_usingBigBlocks: async ([address]) => chain.usesBigBlocks(address as string),
    eth_getTransactionReceipt: async (params) =>
      receiptWithTimestamps((await chain.request("eth_getTransactionReceipt", params)) as Json | null),
    eth_getBlockReceipts: async ([block]) => {
      const found = await blockOf(block);
      if (found === null) return null;
      return Promise.all(
        (found.transactions as string[]).map(async (hash) =>
          receiptWithTimestamps((await chain.request("eth_getTransactionReceipt", [hash])) as Json),
        ),
      );
    },
    eth_getLogs: async ([filter]) => {
      const head = BigInt((await chain.request("eth_blockNumber")) as string);
      const refused = logRangeRefusal(filter, head);
      if (refused) throw new RpcFailure(refused);
      return Promise.all(((await chain.request("eth_getLogs", [filter])) as Json[]).map(withTimestamp));
    },
    eth_getTransactionByBlockHashAndIndex: ([block, index]) => transactionAt(block, index),
    eth_getTransactionByBlockNumberAndIndex: ([block, index]) => transactionAt(block, index),
    eth_sendRawTransaction: (params) => chain.serial(() => chain.request("eth_sendRawTransaction", params)),
    eth_getTransactionByHash: async (params) =>
      chain.systemTransaction((params[0] as string).toLowerCase()) ??
      chain.request("eth_getTransactionByHash", params),
    eth_getSystemTxsByBlockHash: async ([block]) => systemTransactionsOf(await blockOf(block)),
    eth_getSystemTxsByBlockNumber: async ([block]) => systemTransactionsOf(await blockOf(block)),
    ots_getHeaderByNumber: async ([number]) =>
      headerOf(await blockOf(`0x${(number as number).toString(16)}`)),
  };

  function systemTransactionsOf(block: Json | null): readonly SystemTransaction[] | null {
    if (block === null) return null;
    return chain.systemTransactions((block.hash as string).toLowerCase()) ?? [];
  }
}
