import { readMessageFields } from "./protobuf-fields.js";

/** One contract of a transaction, as its protobuf bytes say. */
export interface DecodedContract {
  /** The `ContractType` number (1 TransferContract, 2 TransferAssetContract, 31 TriggerSmartContract). */
  type: bigint;
  /** `parameter.type_url`, e.g. `type.googleapis.com/protocol.TransferContract`. */
  typeUrl: string;
  /** `parameter.value`: the contract's own message. */
  value: Uint8Array;
  /** The signing permission (0 when absent: the owner). */
  permissionId: bigint;
  /** Field numbers set besides type, parameter and Permission_id (`provider` 3, `ContractName` 4, unknown). */
  otherFields: number[];
}

/** A transaction's `raw_data`, as its protobuf bytes (`raw_data_hex`) say. */
export interface DecodedRawTransaction {
  refBlockBytes: Uint8Array | undefined;
  refBlockHash: Uint8Array | undefined;
  expiration: bigint | undefined;
  timestamp: bigint | undefined;
  /** The most sun a contract call may burn for energy (`fee_limit`, field 18); absent on transfers. */
  feeLimit: bigint | undefined;
  contracts: DecodedContract[];
  /** Field numbers set besides the above: `ref_block_num` 3, `auths` 9, `data` (memo) 10, `scripts` 12, unknown. */
  otherFields: number[];
}

const RAW = { 1: "bytes", 4: "bytes", 8: "int64", 11: "bytes", 14: "int64", 18: "int64" } as const;
const CONTRACT = { 1: "int64", 2: "bytes", 5: "int64" } as const;
const ANY = { 1: "bytes", 2: "bytes" } as const;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Decodes `raw_data_hex` (the protobuf `Transaction.raw`) into the fields a transfer check needs.
 * Singular fields must appear at most once: protobuf readers merge or overwrite repeats, and a
 * check must not read the bytes differently from the network.
 *
 * @param bytes - The `raw_data_hex` bytes.
 * @returns The decoded fields; the contract values stay bytes (see {@link decodeTransferValue}).
 * @throws {Error} when the bytes are not a well-formed `Transaction.raw`.
 * @example
 * const unsigned = await wallet.createTransaction({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", to_address: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1n });
 * decodeRawTransaction(Buffer.from(unsigned.raw_data_hex, "hex")).contracts[0]?.type; // 1n
 */
export function decodeRawTransaction(bytes: Uint8Array): DecodedRawTransaction {
  const raw = readMessageFields(bytes, RAW);
  const contracts = (raw.values.get(11) ?? []).map((entry) => decodeContract(entry as Uint8Array));
  return {
    refBlockBytes: single(raw.values, 1) as Uint8Array | undefined,
    refBlockHash: single(raw.values, 4) as Uint8Array | undefined,
    expiration: single(raw.values, 8) as bigint | undefined,
    timestamp: single(raw.values, 14) as bigint | undefined,
    feeLimit: single(raw.values, 18) as bigint | undefined,
    contracts,
    otherFields: raw.unknown,
  };
}

function decodeContract(bytes: Uint8Array): DecodedContract {
  const contract = readMessageFields(bytes, CONTRACT);
  const parameter = single(contract.values, 2) as Uint8Array | undefined;
  const any = readMessageFields(parameter ?? new Uint8Array(), ANY);
  if (any.unknown.length > 0) throw new Error(`parameter has unknown field ${any.unknown[0]}`);
  const typeUrl = single(any.values, 1) as Uint8Array | undefined;
  return {
    type: (single(contract.values, 1) as bigint | undefined) ?? 0n,
    typeUrl: typeUrl ? utf8.decode(typeUrl) : "",
    value: (single(any.values, 2) as Uint8Array | undefined) ?? new Uint8Array(),
    permissionId: (single(contract.values, 5) as bigint | undefined) ?? 0n,
    otherFields: contract.unknown,
  };
}

/** A transfer contract's fields, as its protobuf bytes say. */
export interface DecodedTransferValue {
  owner: Uint8Array | undefined;
  to: Uint8Array | undefined;
  amount: bigint | undefined;
  /** The token id's characters, for a TRC-10 transfer. */
  assetName: Uint8Array | undefined;
  /** Field numbers the transfer type does not have. */
  otherFields: number[];
}

/**
 * Decodes `parameter.value` of a `TransferContract` (type 1: owner 1, to 2, amount 3) or a
 * `TransferAssetContract` (type 2: asset_name 1, owner 2, to 3, amount 4).
 *
 * @param type - The contract type, 1n or 2n.
 * @param bytes - The contract's bytes.
 * @throws {Error} when the bytes are malformed or repeat a field.
 * @example
 * decodeTransferValue(1n, Buffer.from("18c0843d", "hex")).amount; // 1000000n
 */
export function decodeTransferValue(type: 1n | 2n, bytes: Uint8Array): DecodedTransferValue {
  const asset = type === 2n;
  const fields = readMessageFields(
    bytes,
    asset ? { 1: "bytes", 2: "bytes", 3: "bytes", 4: "int64" } : { 1: "bytes", 2: "bytes", 3: "int64" },
  );
  const at = (fieldNo: number) => single(fields.values, fieldNo);
  return {
    owner: at(asset ? 2 : 1) as Uint8Array | undefined,
    to: at(asset ? 3 : 2) as Uint8Array | undefined,
    amount: at(asset ? 4 : 3) as bigint | undefined,
    assetName: asset ? (at(1) as Uint8Array | undefined) : undefined,
    otherFields: fields.unknown,
  };
}

/**
 * The one value of a singular protobuf field, refusing repeats (readers would merge or overwrite them).
 *
 * @throws {Error} when the field appears more than once.
 * @example
 * single(new Map([[3, [1n]]]), 3); // 1n
 */
export function single<T>(values: Map<number, T[]>, fieldNo: number): T | undefined {
  const list = values.get(fieldNo);
  if (list && list.length > 1) throw new Error(`field ${fieldNo} appears ${list.length} times`);
  return list?.[0];
}
