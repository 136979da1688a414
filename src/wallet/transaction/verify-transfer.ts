import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import type { UnsignedTransaction } from "../../../generated/wallet/types.js";
import { isBase58Address, toHexAddress } from "../address.js";
import { TransactionMismatchError } from "../errors/transaction-mismatch-error.js";
import { hexToText, textToHex } from "../hex-text.js";
import {
  type DecodedTransferValue,
  decodeRawTransaction,
  decodeTransferValue,
} from "./decode-raw-transaction.js";
import { shownTime } from "./shown-time.js";

/** What the sender asked for, addresses as lowercase `41…` hex. */
export interface TransferIntent {
  owner: string;
  to: string;
  /** Sun for TRX, the token's smallest unit for TRC-10. */
  amount: bigint;
  /** The TRC-10 token id (digits); absent for TRX. */
  asset?: string;
}

/** When the check runs and how far ahead the transaction may expire. */
export interface TransferCheckOptions {
  /** Now, Unix milliseconds. */
  now: number;
  /** The latest acceptable expiration, as milliseconds after `now`. */
  maxExpirationMs: number;
}

const CONTRACTS = {
  transfer: { type: 1n, name: "TransferContract" },
  asset: { type: 2n, name: "TransferAssetContract" },
} as const;
const TYPE_URL_PREFIX = "type.googleapis.com/protocol.";
const RAW_FIELD_NAMES: Record<number, string> = {
  3: "ref_block_num",
  9: "auths",
  10: "data",
  12: "scripts",
  18: "fee_limit",
};
const VALUE = "/raw_data/contract/0/parameter/value";

/**
 * Checks, before anything is signed, that a transaction a node built is exactly the transfer asked
 * for. The signature will cover `txID`, so `txID` must be the SHA-256 of `raw_data_hex`, and
 * `raw_data_hex` (decoded as protobuf) must hold one contract of the right type with the asked
 * owner, recipient, amount and token, nothing else (no memo, fee limit, extra contract, other
 * permission), and an expiration after now and at most `maxExpirationMs` ahead. The `raw_data` JSON
 * must agree with the bytes, since the node rebuilds the bytes from it on broadcast.
 *
 * @param transaction - The node's answer to `createTransaction` or `transferAsset` (int64s as bigint).
 * @param intent - What was asked.
 * @param options - The time now and the expiration window.
 * @throws {TransactionMismatchError} naming the first field that differs.
 * @example
 * const unsigned = await wallet.createTransaction({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", to_address: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n });
 * const intent = { owner: "41dd791d6b49e190062d650e6a23c575510d35f2f9", to: "4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a", amount: 1_000_000n };
 * verifyTransfer(unsigned, intent, { now: Date.now(), maxExpirationMs: 300_000 }); // throws when the node changed anything
 */
export function verifyTransfer(
  transaction: UnsignedTransaction,
  intent: TransferIntent,
  options: TransferCheckOptions,
): void {
  const bytes = rawBytes(transaction.raw_data_hex);
  const digest = bytesToHex(sha256(bytes));
  if (transaction.txID.toLowerCase() !== digest) {
    throw mismatch("/txID", "txID is not the SHA-256 of raw_data_hex", digest, transaction.txID);
  }
  let raw: ReturnType<typeof decodeRawTransaction>;
  try {
    raw = decodeRawTransaction(bytes);
  } catch (error) {
    throw new TransactionMismatchError(
      "/raw_data_hex",
      "raw_data_hex is not a well-formed transaction",
      (error as Error).message,
    );
  }
  const [extra] = raw.otherFields;
  if (extra !== undefined) {
    const name = RAW_FIELD_NAMES[extra];
    throw name
      ? new TransactionMismatchError(
          `/raw_data/${name}`,
          `raw_data_hex carries ${name}, which the transfer did not ask for`,
        )
      : new TransactionMismatchError("/raw_data_hex", `raw_data_hex carries an unknown field ${extra}`);
  }
  if (raw.contracts.length !== 1) {
    throw mismatch(
      "/raw_data/contract",
      "raw_data_hex does not hold exactly one contract",
      "1",
      String(raw.contracts.length),
    );
  }
  const contract = raw.contracts[0] as (typeof raw.contracts)[number];
  const expected = intent.asset === undefined ? CONTRACTS.transfer : CONTRACTS.asset;
  if (contract.type !== expected.type) {
    throw mismatch(
      "/raw_data/contract/0/type",
      "raw_data_hex holds another contract type",
      String(expected.type),
      String(contract.type),
    );
  }
  if (contract.typeUrl !== TYPE_URL_PREFIX + expected.name) {
    throw mismatch(
      "/raw_data/contract/0/parameter/type_url",
      "raw_data_hex names another contract message",
      TYPE_URL_PREFIX + expected.name,
      contract.typeUrl,
    );
  }
  if (contract.permissionId !== 0n) {
    throw mismatch(
      "/raw_data/contract/0/Permission_id",
      "raw_data_hex signs with another permission",
      "0",
      String(contract.permissionId),
    );
  }
  if (contract.otherFields.length > 0) {
    throw new TransactionMismatchError(
      "/raw_data/contract/0",
      `raw_data_hex sets contract field ${contract.otherFields[0]}`,
    );
  }
  let value: DecodedTransferValue;
  try {
    value = decodeTransferValue(expected.type, contract.value);
  } catch (error) {
    throw new TransactionMismatchError(
      VALUE,
      "raw_data_hex holds a malformed contract",
      (error as Error).message,
    );
  }
  if (value.otherFields.length > 0) {
    throw new TransactionMismatchError(VALUE, `raw_data_hex sets contract field ${value.otherFields[0]}`);
  }
  sameBytes(`${VALUE}/owner_address`, "owner", intent.owner, value.owner);
  sameBytes(`${VALUE}/to_address`, "recipient", intent.to, value.to);
  if (value.amount !== intent.amount) {
    throw mismatch(
      `${VALUE}/amount`,
      "raw_data_hex sends another amount",
      String(intent.amount),
      String(value.amount ?? 0n),
    );
  }
  if (intent.asset !== undefined) {
    sameBytes(`${VALUE}/asset_name`, "token", textToHex(intent.asset), value.assetName);
  }
  checkWindow(raw, options);
  checkJsonAgrees(transaction, expected.name, intent, raw.expiration as bigint);
}

function rawBytes(hex: string): Uint8Array {
  if (typeof hex !== "string" || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new TransactionMismatchError("/raw_data_hex", "raw_data_hex is not hex");
  }
  return hexToBytes(hex);
}

function sameBytes(field: string, what: string, expectedHex: string, actual: Uint8Array | undefined) {
  const actualHex = actual ? bytesToHex(actual) : "";
  if (actualHex !== expectedHex.toLowerCase()) {
    throw mismatch(field, `raw_data_hex names another ${what}`, expectedHex, actualHex || "(none)");
  }
}

function checkWindow(
  raw: ReturnType<typeof decodeRawTransaction>,
  { now, maxExpirationMs }: TransferCheckOptions,
) {
  if (raw.refBlockBytes?.length !== 2 || raw.refBlockHash?.length !== 8) {
    throw new TransactionMismatchError(
      "/raw_data/ref_block_bytes",
      "raw_data_hex does not reference a recent block (ref_block_bytes and ref_block_hash)",
    );
  }
  const expiration = raw.expiration;
  const latest = BigInt(now + maxExpirationMs);
  if (expiration === undefined || expiration <= BigInt(now) || expiration > latest) {
    throw mismatch(
      "/raw_data/expiration",
      "raw_data_hex expires outside the accepted window",
      `after ${shownTime(BigInt(now))} and by ${shownTime(latest)}`,
      expiration === undefined ? "(none)" : shownTime(expiration),
    );
  }
}

/** The node rebuilds the signed bytes from `raw_data` on broadcast: the JSON must say what the bytes say. */
function checkJsonAgrees(
  transaction: UnsignedTransaction,
  typeName: string,
  intent: TransferIntent,
  expiration: bigint,
) {
  const raw = transaction.raw_data;
  if (raw.contract.length !== 1)
    throw mismatch(
      "/raw_data/contract",
      "raw_data differs from raw_data_hex",
      "1 contract",
      `${raw.contract.length}`,
    );
  const contract = raw.contract[0] as (typeof raw.contract)[number];
  if (contract.type !== typeName)
    throw mismatch(
      "/raw_data/contract/0/type",
      "raw_data differs from raw_data_hex",
      typeName,
      String(contract.type),
    );
  const value = contract.parameter.value as Record<string, unknown>;
  const asHex = (address: unknown): string => {
    if (typeof address !== "string") return "";
    return address.startsWith("T")
      ? isBase58Address(address)
        ? toHexAddress(address)
        : ""
      : address.toLowerCase();
  };
  if (asHex(value.owner_address) !== intent.owner)
    throw mismatch(
      `${VALUE}/owner_address`,
      "raw_data differs from raw_data_hex",
      intent.owner,
      String(value.owner_address),
    );
  if (asHex(value.to_address) !== intent.to)
    throw mismatch(
      `${VALUE}/to_address`,
      "raw_data differs from raw_data_hex",
      intent.to,
      String(value.to_address),
    );
  if (typeof value.amount !== "bigint" || value.amount !== intent.amount)
    throw mismatch(
      `${VALUE}/amount`,
      "raw_data differs from raw_data_hex",
      String(intent.amount),
      String(value.amount),
    );
  if (intent.asset !== undefined && readAssetName(value.asset_name, transaction.visible) !== intent.asset) {
    throw mismatch(
      `${VALUE}/asset_name`,
      "raw_data differs from raw_data_hex",
      intent.asset,
      String(value.asset_name),
    );
  }
  if (raw.expiration !== expiration)
    throw mismatch(
      "/raw_data/expiration",
      "raw_data differs from raw_data_hex",
      String(expiration),
      String(raw.expiration),
    );
  if (raw.data !== undefined || raw.fee_limit !== undefined) {
    throw new TransactionMismatchError(
      raw.data !== undefined ? "/raw_data/data" : "/raw_data/fee_limit",
      "raw_data carries a field the transfer did not ask for",
    );
  }
}

/** `asset_name` in `raw_data` is the id itself with `visible: true`, the hex of its characters otherwise. */
function readAssetName(value: unknown, visible: boolean | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  if (visible) return value;
  try {
    return hexToText(value);
  } catch {
    return undefined;
  }
}

function mismatch(field: string, what: string, expected: string, actual: string): TransactionMismatchError {
  return new TransactionMismatchError(field, `${what} (${field})`, `expected ${expected}, got ${actual}`);
}
