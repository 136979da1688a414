import type { Block } from "@ethereumjs/block";
import type { TypedTransaction } from "@ethereumjs/tx";
import { bytesToHex } from "@ethereumjs/util";

type Json = Record<string, unknown>;

/** A log as the chain keeps it: emitter, topics and data, with its place in the block. */
export interface ChainLog {
  address: string;
  topics: string[];
  data: string;
  /** Position among all logs of the block (Cancun clients number logs per block). */
  logIndex: number;
}

/** A transaction as mined, with what its execution left. */
export interface MinedTransaction {
  tx: TypedTransaction;
  hash: string;
  from: string;
  index: number;
  status: 0 | 1;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint;
  logsBloom: string;
  contractAddress: string | null;
  logs: ChainLog[];
}

/** A block of the chain with its mined transactions. */
export interface ChainBlock {
  block: Block;
  hash: string;
  number: bigint;
  transactions: MinedTransaction[];
}

export function quantity(value: bigint | number): string {
  return `0x${BigInt(value).toString(16)}`;
}

/** The header fields of a block as `eth_getBlockByNumber` answers them. */
export function headerJson(entry: ChainBlock): Json {
  const header = entry.block.header;
  return {
    number: quantity(header.number),
    hash: entry.hash,
    parentHash: bytesToHex(header.parentHash),
    mixHash: bytesToHex(header.mixHash),
    nonce: bytesToHex(header.nonce),
    sha3Uncles: bytesToHex(header.uncleHash),
    logsBloom: bytesToHex(header.logsBloom),
    transactionsRoot: bytesToHex(header.transactionsTrie),
    stateRoot: bytesToHex(header.stateRoot),
    receiptsRoot: bytesToHex(header.receiptTrie),
    miner: header.coinbase.toString(),
    difficulty: quantity(header.difficulty),
    totalDifficulty: "0x0",
    extraData: bytesToHex(header.extraData),
    size: quantity(entry.block.serialize().length),
    gasLimit: quantity(header.gasLimit),
    gasUsed: quantity(header.gasUsed),
    timestamp: quantity(header.timestamp),
    baseFeePerGas: quantity(header.baseFeePerGas ?? 0n),
    withdrawalsRoot: bytesToHex(header.withdrawalsRoot ?? new Uint8Array(32)),
    blobGasUsed: quantity(header.blobGasUsed ?? 0n),
    excessBlobGas: quantity(header.excessBlobGas ?? 0n),
    parentBeaconBlockRoot: bytesToHex(header.parentBeaconBlockRoot ?? new Uint8Array(32)),
  };
}

/** A block as `eth_getBlockByNumber(n, full)` answers it: transaction objects or their hashes. */
export function blockJson(entry: ChainBlock, full: boolean): Json {
  return {
    ...headerJson(entry),
    transactions: entry.transactions.map((mined) => (full ? transactionJson(entry, mined) : mined.hash)),
    uncles: [],
    withdrawals: [],
  };
}

/** A transaction the mempool holds, as `eth_getTransactionByHash` answers it: in no block yet. */
export function pendingTransactionJson(tx: TypedTransaction, from: string): Json {
  const maxFee = (tx.toJSON() as Json).maxFeePerGas;
  return {
    ...signedFields(tx, bytesToHex(tx.hash()), from),
    blockHash: null,
    blockNumber: null,
    transactionIndex: null,
    ...(tx.type === 2 && { gasPrice: maxFee }),
  };
}

/** A mined transaction as `eth_getTransactionByHash` answers it. */
export function transactionJson(entry: ChainBlock, mined: MinedTransaction): Json {
  return {
    ...signedFields(mined.tx, mined.hash, mined.from),
    blockHash: entry.hash,
    blockNumber: quantity(entry.number),
    transactionIndex: quantity(mined.index),
    ...(mined.tx.type === 2 && { gasPrice: quantity(mined.effectiveGasPrice) }),
  };
}

/** What a transaction says about itself, wherever it is: type, sender, fields, signature. */
function signedFields(tx: TypedTransaction, hash: string, from: string): Json {
  const fields = tx.toJSON() as Record<string, string | undefined | unknown[]>;
  const typed = tx.type !== 0;
  return {
    type: quantity(tx.type),
    hash,
    nonce: fields.nonce,
    from,
    to: fields.to ?? null,
    value: fields.value,
    gas: fields.gasLimit,
    input: fields.data,
    ...(typed && { chainId: fields.chainId }),
    ...(tx.type !== 2 && { gasPrice: fields.gasPrice }),
    ...(tx.type === 1 && { accessList: fields.accessList }),
    ...(tx.type === 2 && {
      maxFeePerGas: fields.maxFeePerGas,
      maxPriorityFeePerGas: fields.maxPriorityFeePerGas,
      accessList: fields.accessList,
    }),
    v: fields.v,
    r: fields.r,
    s: fields.s,
    ...(typed && { yParity: fields.v }),
  };
}

/** A log as `eth_getLogs` answers it. */
export function logJson(entry: ChainBlock, mined: MinedTransaction, log: ChainLog): Json {
  return {
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: quantity(entry.number),
    transactionHash: mined.hash,
    transactionIndex: quantity(mined.index),
    blockHash: entry.hash,
    logIndex: quantity(log.logIndex),
    removed: false,
  };
}

/** A receipt as `eth_getTransactionReceipt` answers it. */
export function receiptJson(entry: ChainBlock, mined: MinedTransaction): Json {
  return {
    type: quantity(mined.tx.type),
    transactionHash: mined.hash,
    transactionIndex: quantity(mined.index),
    blockHash: entry.hash,
    blockNumber: quantity(entry.number),
    from: mined.from,
    to: mined.tx.to?.toString() ?? null,
    cumulativeGasUsed: quantity(mined.cumulativeGasUsed),
    gasUsed: quantity(mined.gasUsed),
    effectiveGasPrice: quantity(mined.effectiveGasPrice),
    contractAddress: mined.contractAddress,
    logs: mined.logs.map((log) => logJson(entry, mined, log)),
    logsBloom: mined.logsBloom,
    status: quantity(mined.status),
  };
}
