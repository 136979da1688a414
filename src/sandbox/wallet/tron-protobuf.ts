import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";

/** A contract as the sandbox's chain stores it: its type number and name, and its message bytes. */
export interface StoredContract {
  /** `ContractType`: 1 TransferContract, 2 TransferAssetContract, 31 TriggerSmartContract. */
  type: number;
  /** The message name, e.g. `TransferContract`. */
  name: string;
  value: Uint8Array;
  permissionId?: number;
}

/** A transaction's `raw_data`, as the sandbox's chain stores it. */
export interface StoredRaw {
  refBlockBytes: Uint8Array;
  refBlockHash: Uint8Array;
  expiration: bigint;
  timestamp: bigint;
  feeLimit?: bigint;
  /** A memo. */
  data?: Uint8Array;
  contracts: StoredContract[];
  /** Bytes after the known fields (only a tampering node adds any). */
  trailing?: Uint8Array;
}

const bytesField = (writer: BinaryWriter, fieldNo: number, value: Uint8Array | undefined) => {
  if (value !== undefined && value.length > 0) writer.tag(fieldNo, WireType.LengthDelimited).bytes(value);
};
const int64Field = (writer: BinaryWriter, fieldNo: number, value: bigint | number | undefined) => {
  if (value !== undefined && BigInt(value) !== 0n) writer.tag(fieldNo, WireType.Varint).int64(value);
};

/**
 * Encodes `Transaction.raw` the way java-tron does (fields in number order, zero and empty fields
 * left out): the bytes whose SHA-256 is the transaction id.
 *
 * @example
 * const raw = { refBlockBytes: new Uint8Array(2), refBlockHash: new Uint8Array(8), expiration: 1n, timestamp: 1n, contracts: [] };
 * encodeRaw(raw); // the bytes whose SHA-256 is the txID
 */
export function encodeRaw(raw: StoredRaw): Uint8Array {
  const writer = new BinaryWriter();
  bytesField(writer, 1, raw.refBlockBytes);
  bytesField(writer, 4, raw.refBlockHash);
  int64Field(writer, 8, raw.expiration);
  bytesField(writer, 10, raw.data);
  for (const contract of raw.contracts) bytesField(writer, 11, encodeContract(contract));
  int64Field(writer, 14, raw.timestamp);
  int64Field(writer, 18, raw.feeLimit);
  if (raw.trailing) writer.raw(raw.trailing);
  return writer.finish();
}

function encodeContract(contract: StoredContract): Uint8Array {
  const any = new BinaryWriter()
    .tag(1, WireType.LengthDelimited)
    .string(`type.googleapis.com/protocol.${contract.name}`);
  bytesField(any, 2, contract.value);
  const writer = new BinaryWriter();
  int64Field(writer, 1, contract.type);
  bytesField(writer, 2, any.finish());
  int64Field(writer, 5, contract.permissionId);
  return writer.finish();
}

/** A TRX transfer's message (`TransferContract`: owner 1, to 2, amount 3). */
export function encodeTransferContract(owner: Uint8Array, to: Uint8Array, amount: bigint): Uint8Array {
  const writer = new BinaryWriter();
  bytesField(writer, 1, owner);
  bytesField(writer, 2, to);
  int64Field(writer, 3, amount);
  return writer.finish();
}

/** A TRC-10 transfer's message (`TransferAssetContract`: asset_name 1, owner 2, to 3, amount 4). */
export function encodeTransferAssetContract(
  assetName: Uint8Array,
  owner: Uint8Array,
  to: Uint8Array,
  amount: bigint,
): Uint8Array {
  const writer = new BinaryWriter();
  bytesField(writer, 1, assetName);
  bytesField(writer, 2, owner);
  bytesField(writer, 3, to);
  int64Field(writer, 4, amount);
  return writer.finish();
}

/**
 * A contract call's message (`TriggerSmartContract`: owner 1, contract 2, call_value 3, data 4,
 * call_token_value 5, token_id 6).
 */
export function encodeTriggerSmartContract(
  owner: Uint8Array,
  contract: Uint8Array,
  data: Uint8Array,
  values: { callValue?: bigint; callTokenValue?: bigint; tokenId?: bigint } = {},
): Uint8Array {
  const writer = new BinaryWriter();
  bytesField(writer, 1, owner);
  bytesField(writer, 2, contract);
  int64Field(writer, 3, values.callValue);
  bytesField(writer, 4, data);
  int64Field(writer, 5, values.callTokenValue);
  int64Field(writer, 6, values.tokenId);
  return writer.finish();
}

/** A signed transaction (`Transaction`: raw_data 1, signature 2), for the block's Merkle tree. */
export function encodeTransaction(raw: Uint8Array, signatures: readonly Uint8Array[]): Uint8Array {
  const writer = new BinaryWriter();
  bytesField(writer, 1, raw);
  for (const signature of signatures) bytesField(writer, 2, signature);
  return writer.finish();
}

/** A block header's signed part (`BlockHeader.raw`). */
export interface StoredHeader {
  timestamp: bigint;
  txTrieRoot: Uint8Array;
  parentHash: Uint8Array;
  number: bigint;
  witnessAddress: Uint8Array;
  version: number;
}

/**
 * Encodes `BlockHeader.raw` (timestamp 1, txTrieRoot 2, parentHash 3, number 7, witness_address 9,
 * version 10): the bytes a block id hashes.
 */
export function encodeHeaderRaw(header: StoredHeader): Uint8Array {
  const writer = new BinaryWriter();
  int64Field(writer, 1, header.timestamp);
  bytesField(writer, 2, header.txTrieRoot);
  bytesField(writer, 3, header.parentHash);
  int64Field(writer, 7, header.number);
  bytesField(writer, 9, header.witnessAddress);
  int64Field(writer, 10, header.version);
  return writer.finish();
}
