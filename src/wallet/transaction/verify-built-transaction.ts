import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import type { UnsignedTransaction } from "../../../generated/wallet/types.js";
import { isBase58Address, toHexAddress } from "../address.js";
import { TransactionMismatchError } from "../errors/transaction-mismatch-error.js";
import { hexToText, textToHex } from "../hex-text.js";
import { decodeRawTransaction, single } from "./decode-raw-transaction.js";
import {
  type ExpectedField,
  type ExpectedTransaction,
  RESOURCE_CODES,
  type TransferCheckOptions,
} from "./expected-transaction.js";
import { type FieldKind, readMessageFields } from "./protobuf-fields.js";
import { shownTime } from "./shown-time.js";

const TYPE_URL_PREFIX = "type.googleapis.com/protocol.";
const RAW_FIELD_NAMES: Record<number, string> = { 3: "ref_block_num", 9: "auths", 10: "data", 12: "scripts" };
const VALUE = "/raw_data/contract/0/parameter/value";
/** Field kinds carried as protobuf varints. */
const VARINT_KINDS = new Set<ExpectedField["kind"]>(["int64", "resource", "bool"]);

/**
 * The one check every wallet write passes before its signer is called: the transaction the node
 * built is exactly the one asked for, field by field. The signature will cover `txID`, so `txID`
 * must be the SHA-256 of `raw_data_hex`; `raw_data_hex` (decoded as protobuf) must hold one
 * contract of the asked type whose every field equals the asked value (an unasked field, a repeated
 * one or trailing bytes are refused), the asked `fee_limit` and no other field (no memo), and an
 * expiration after now and at most `maxExpirationMs` ahead. The `raw_data` JSON must say what the
 * bytes say, since the node rebuilds the bytes from it on broadcast.
 *
 * @param transaction - The node's unsigned transaction (int64s as bigint).
 * @param expected - What was asked.
 * @param options - The time now and the expiration window.
 * @throws {TransactionMismatchError} naming the first field that differs.
 * @example
 * const unsigned = await wallet.createTransaction({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", to_address: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1n });
 * verifyBuiltTransaction(unsigned, {
 *   contract: { type: 1n, name: "TransferContract", fields: [
 *     { number: 1, json: "owner_address", what: "owner", kind: "address", value: "41dd791d6b49e190062d650e6a23c575510d35f2f9" },
 *     { number: 2, json: "to_address", what: "recipient", kind: "address", value: "4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a" },
 *     { number: 3, json: "amount", what: "amount", kind: "int64", value: 1n },
 *   ] },
 * }, { now: Date.now(), maxExpirationMs: 300_000 });
 */
export function verifyBuiltTransaction(
  transaction: UnsignedTransaction,
  expected: ExpectedTransaction,
  options: TransferCheckOptions,
): void {
  const bytes = rawBytes(transaction.raw_data_hex);
  const digest = bytesToHex(sha256(bytes));
  if (String(transaction.txID).toLowerCase() !== digest) {
    throw mismatch("/txID", "txID is not the SHA-256 of raw_data_hex", digest, String(transaction.txID));
  }
  const raw = malformedAs("/raw_data_hex", "raw_data_hex is not a well-formed transaction", () =>
    decodeRawTransaction(bytes),
  );
  const [extra] = raw.otherFields;
  if (extra !== undefined) {
    const name = RAW_FIELD_NAMES[extra];
    throw name
      ? new TransactionMismatchError(
          `/raw_data/${name}`,
          `raw_data_hex carries ${name}, which the write did not ask for`,
        )
      : new TransactionMismatchError(
          "/raw_data_hex",
          `raw_data_hex carries an unknown field ${extra} (bytes after the transaction's fields)`,
        );
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
  const asked = expected.contract;
  if (contract.type !== asked.type) {
    throw mismatch(
      "/raw_data/contract/0/type",
      "raw_data_hex holds another contract type",
      String(asked.type),
      String(contract.type),
    );
  }
  if (contract.typeUrl !== TYPE_URL_PREFIX + asked.name) {
    throw mismatch(
      "/raw_data/contract/0/parameter/type_url",
      "raw_data_hex names another contract message",
      TYPE_URL_PREFIX + asked.name,
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
  const kinds: Record<number, FieldKind> = Object.fromEntries(
    asked.fields.map((field) => [field.number, VARINT_KINDS.has(field.kind) ? "int64" : "bytes"]),
  );
  const value = malformedAs(VALUE, "raw_data_hex holds a malformed contract", () => {
    const read = readMessageFields(contract.value, kinds);
    return { read, values: asked.fields.map((field) => single(read.values, field.number)) };
  });
  if (value.read.unknown.length > 0) {
    throw new TransactionMismatchError(
      VALUE,
      `raw_data_hex sets contract field ${value.read.unknown[0]}, which the write did not ask for`,
    );
  }
  asked.fields.forEach((field, index) => {
    checkField(field, value.values[index]);
  });
  if ((raw.feeLimit ?? 0n) !== (expected.feeLimit ?? 0n)) {
    throw mismatch(
      "/raw_data/fee_limit",
      expected.feeLimit === undefined
        ? "raw_data_hex carries fee_limit, which the write did not ask for"
        : "raw_data_hex sets another fee limit",
      expected.feeLimit === undefined ? "(none)" : `${expected.feeLimit} sun`,
      raw.feeLimit === undefined ? "(none)" : `${raw.feeLimit} sun`,
    );
  }
  checkWindow(raw, options);
  checkJsonAgrees(transaction, expected, raw.expiration as bigint);
}

function rawBytes(hex: string): Uint8Array {
  if (typeof hex !== "string" || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new TransactionMismatchError("/raw_data_hex", "raw_data_hex is not hex");
  }
  return hexToBytes(hex);
}

function malformedAs<T>(field: string, what: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw new TransactionMismatchError(field, what, (error as Error).message);
  }
}

/** One contract field against the asked value; absent reads as empty bytes or 0. */
function checkField(field: ExpectedField, actual: Uint8Array | bigint | undefined) {
  const pointer = `${VALUE}/${field.json}`;
  if (field.kind === "int64" || field.kind === "resource" || field.kind === "bool") {
    const got = (actual as bigint | undefined) ?? 0n;
    const want = varintOf(field);
    if (got !== want) {
      throw mismatch(
        pointer,
        `raw_data_hex sets another ${field.what}`,
        shownVarint(field, want),
        shownVarint(field, got),
      );
    }
    return;
  }
  const got = actual ? bytesToHex(actual as Uint8Array) : "";
  if (field.kind === "callData") {
    const problem = callDataProblem(field.value.toLowerCase(), got, field.words);
    if (problem) throw mismatch(pointer, `raw_data_hex ${problem}`, field.value, got || "(none)");
    return;
  }
  const want = field.kind === "tokenId" ? textToHex(field.value) : field.value.toLowerCase();
  if (got !== want) {
    throw mismatch(pointer, `raw_data_hex names another ${field.what}`, want, got || "(none)");
  }
}

/** The varint a field asks for. */
function varintOf(field: ExpectedField): bigint {
  switch (field.kind) {
    case "resource":
      return RESOURCE_CODES[field.value];
    case "bool":
      return field.value ? 1n : 0n;
    default:
      return field.value as bigint;
  }
}

/** A varint as the error shows it: a resource by name, a bool as true or false. */
function shownVarint(field: ExpectedField, value: bigint): string {
  if (field.kind === "resource") {
    const name = Object.entries(RESOURCE_CODES).find(([, code]) => code === value)?.[0];
    return name ?? `resource ${value}`;
  }
  if (field.kind === "bool") return value === 0n ? "false" : value === 1n ? "true" : `bool ${value}`;
  return String(value);
}

/**
 * What differs between two ABI call data: the selector (another function), the coding (not one
 * 32-byte word per argument), or a named argument. Undefined when they are equal.
 */
function callDataProblem(want: string, got: string, words: readonly string[]): string | undefined {
  if (want === got) return undefined;
  if (got.slice(0, 8) !== want.slice(0, 8)) return "calls another function (its selector differs)";
  if (got.length !== want.length) {
    return `does not ABI-code the call as ${words.length} 32-byte arguments (${(got.length - 8) / 2} bytes of arguments)`;
  }
  const index = words.findIndex(
    (_, i) => got.slice(8 + 64 * i, 72 + 64 * i) !== want.slice(8 + 64 * i, 72 + 64 * i),
  );
  return `calls with another ${words[index] ?? "argument"}`;
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
  expected: ExpectedTransaction,
  expiration: bigint,
) {
  const raw = transaction.raw_data;
  const differs = (field: string, want: string, got: unknown) =>
    mismatch(field, "raw_data differs from raw_data_hex", want, String(got));
  if (raw.contract.length !== 1) throw differs("/raw_data/contract", "1 contract", raw.contract.length);
  const contract = raw.contract[0] as (typeof raw.contract)[number];
  if (contract.type !== expected.contract.name) {
    throw differs("/raw_data/contract/0/type", expected.contract.name, contract.type);
  }
  const value = contract.parameter.value as Record<string, unknown>;
  for (const field of expected.contract.fields) {
    const shown = value[field.json];
    if (!jsonSays(field, shown, transaction.visible)) {
      throw differs(`${VALUE}/${field.json}`, String(field.value), shown);
    }
  }
  if (raw.expiration !== expiration)
    throw differs("/raw_data/expiration", String(expiration), raw.expiration);
  if ((raw.fee_limit ?? undefined) !== expected.feeLimit) {
    throw differs("/raw_data/fee_limit", String(expected.feeLimit ?? "(none)"), raw.fee_limit ?? "(none)");
  }
  if (raw.data !== undefined) {
    throw new TransactionMismatchError(
      "/raw_data/data",
      "raw_data carries a field the write did not ask for",
    );
  }
}

/** Whether a `raw_data` JSON value says the asked value (java-tron leaves zero fields out). */
function jsonSays(field: ExpectedField, shown: unknown, visible: boolean | undefined): boolean {
  switch (field.kind) {
    case "address":
      return addressHex(shown) === field.value;
    case "int64":
      return (shown === undefined ? 0n : shown) === field.value;
    case "resource":
      return (shown ?? "BANDWIDTH") === field.value;
    case "bool":
      return (shown ?? false) === field.value;
    case "tokenId":
      return readAssetName(shown, visible) === field.value;
    case "callData":
      return typeof shown === "string" && shown.toLowerCase() === field.value.toLowerCase();
  }
}

function addressHex(address: unknown): string {
  if (typeof address !== "string") return "";
  if (!address.startsWith("T")) return address.toLowerCase();
  return isBase58Address(address) ? toHexAddress(address) : "";
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
