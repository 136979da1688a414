import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { ProofError } from "../errors/proof-error.js";
import {
  bytesToBigint,
  bytesToHex,
  fixedHexToBytes,
  hexToBigint,
  hexToBytes,
  quantityToBytes,
} from "./hex.js";
import { encodeBytes, encodeList } from "./rlp.js";

/** One access list entry (EIP-2930). */
export interface AccessListEntryInput {
  address: string;
  storageKeys: readonly string[];
}

/** One EIP-7702 authorization, as nodes return it. */
export interface AuthorizationInput {
  chainId?: string | null;
  address?: string | null;
  nonce?: string | null;
  yParity?: string | null;
  /** Some nodes send `v` instead of `yParity`. */
  v?: string | null;
  r?: string | null;
  s?: string | null;
}

/**
 * A signed transaction as a JSON-RPC node returns it (`eth_getTransactionByHash`, or an entry of a
 * block fetched with full transactions). Every field is optional in the type so any node's shape fits;
 * the verifier reports the ones a transaction type needs but lacks.
 */
export interface TransactionInput {
  hash?: string | null;
  /** `0x0` legacy, `0x1` EIP-2930, `0x2` EIP-1559, `0x3` EIP-4844, `0x4` EIP-7702; absent means legacy. */
  type?: string | null;
  chainId?: string | null;
  nonce?: string | null;
  gasPrice?: string | null;
  maxPriorityFeePerGas?: string | null;
  maxFeePerGas?: string | null;
  maxFeePerBlobGas?: string | null;
  gas?: string | null;
  /** `null` for contract creation. */
  to?: string | null;
  value?: string | null;
  input?: string | null;
  accessList?: readonly AccessListEntryInput[] | null;
  blobVersionedHashes?: readonly string[] | null;
  authorizationList?: readonly AuthorizationInput[] | null;
  v?: string | null;
  yParity?: string | null;
  r?: string | null;
  s?: string | null;
}

type Kind =
  | "quantity"
  | "to"
  | "address"
  | "data"
  | "accessList"
  | "blobHashes"
  | "authorizations"
  | "yParity";

// Signed fields per transaction type, in RLP order.
const LAYOUTS: Record<number, ReadonlyArray<readonly [keyof TransactionInput, Kind]>> = {
  0: [
    ["nonce", "quantity"],
    ["gasPrice", "quantity"],
    ["gas", "quantity"],
    ["to", "to"],
    ["value", "quantity"],
    ["input", "data"],
    ["v", "quantity"],
    ["r", "quantity"],
    ["s", "quantity"],
  ],
  1: [
    ["chainId", "quantity"],
    ["nonce", "quantity"],
    ["gasPrice", "quantity"],
    ["gas", "quantity"],
    ["to", "to"],
    ["value", "quantity"],
    ["input", "data"],
    ["accessList", "accessList"],
    ["yParity", "yParity"],
    ["r", "quantity"],
    ["s", "quantity"],
  ],
  2: [
    ["chainId", "quantity"],
    ["nonce", "quantity"],
    ["maxPriorityFeePerGas", "quantity"],
    ["maxFeePerGas", "quantity"],
    ["gas", "quantity"],
    ["to", "to"],
    ["value", "quantity"],
    ["input", "data"],
    ["accessList", "accessList"],
    ["yParity", "yParity"],
    ["r", "quantity"],
    ["s", "quantity"],
  ],
  3: [
    ["chainId", "quantity"],
    ["nonce", "quantity"],
    ["maxPriorityFeePerGas", "quantity"],
    ["maxFeePerGas", "quantity"],
    ["gas", "quantity"],
    ["to", "address"],
    ["value", "quantity"],
    ["input", "data"],
    ["accessList", "accessList"],
    ["maxFeePerBlobGas", "quantity"],
    ["blobVersionedHashes", "blobHashes"],
    ["yParity", "yParity"],
    ["r", "quantity"],
    ["s", "quantity"],
  ],
  4: [
    ["chainId", "quantity"],
    ["nonce", "quantity"],
    ["maxPriorityFeePerGas", "quantity"],
    ["maxFeePerGas", "quantity"],
    ["gas", "quantity"],
    ["to", "address"],
    ["value", "quantity"],
    ["input", "data"],
    ["accessList", "accessList"],
    ["authorizationList", "authorizations"],
    ["yParity", "yParity"],
    ["r", "quantity"],
    ["s", "quantity"],
  ],
};

function fail(subject: string, field: string, why: string): never {
  throw new ProofError(`${subject}: ${field} ${why}`, { subject, field });
}

function list(value: unknown, subject: string, field: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(subject, field, "is missing or not a list");
  return value;
}

// y parity from `yParity`, or from `v` when a node omits it; both must agree when both are sent.
function yParity(source: { yParity?: string | null; v?: string | null }, subject: string, prefix: string) {
  const fromV = source.v == null ? undefined : hexToBigint(source.v, subject, `${prefix}v`);
  if (source.yParity == null) {
    if (fromV === undefined) fail(subject, `${prefix}yParity`, "is missing (and so is v)");
    return quantityToBytes(source.v, subject, `${prefix}v`);
  }
  const parity = hexToBigint(source.yParity, subject, `${prefix}yParity`);
  if (fromV !== undefined && fromV !== parity && fromV - 27n !== parity) {
    fail(subject, `${prefix}v`, `(${fromV}) disagrees with yParity (${parity})`);
  }
  return quantityToBytes(source.yParity, subject, `${prefix}yParity`);
}

// A legacy transaction's chainId is not hashed; EIP-155 puts it in v, so the two must agree.
function checkLegacyChainId(tx: TransactionInput, subject: string): void {
  if (tx.chainId == null || tx.v == null) return;
  const v = hexToBigint(tx.v, subject, "v");
  if (v < 35n) return; // pre-EIP-155 signature: v carries no chain id
  const chainId = hexToBigint(tx.chainId, subject, "chainId");
  if ((v - 35n) / 2n !== chainId)
    fail(subject, "chainId", `(${chainId}) disagrees with the chain id in v (${v})`);
}

function accessList(value: unknown, subject: string): Uint8Array {
  const entries = list(value, subject, "accessList").map((entry, i) => {
    const { address, storageKeys } = (entry ?? {}) as Partial<AccessListEntryInput>;
    const field = `accessList[${i}]`;
    const keys = list(storageKeys, subject, `${field}.storageKeys`).map((key, j) =>
      encodeBytes(fixedHexToBytes(key, 32, subject, `${field}.storageKeys[${j}]`)),
    );
    return encodeList([
      encodeBytes(fixedHexToBytes(address, 20, subject, `${field}.address`)),
      encodeList(keys),
    ]);
  });
  return encodeList(entries);
}

function authorizations(value: unknown, subject: string): Uint8Array {
  const entries = list(value, subject, "authorizationList").map((entry, i) => {
    const auth = (entry ?? {}) as AuthorizationInput;
    const prefix = `authorizationList[${i}].`;
    return encodeList([
      encodeBytes(quantityToBytes(auth.chainId, subject, `${prefix}chainId`)),
      encodeBytes(fixedHexToBytes(auth.address, 20, subject, `${prefix}address`)),
      encodeBytes(quantityToBytes(auth.nonce, subject, `${prefix}nonce`)),
      encodeBytes(yParity(auth, subject, prefix)),
      encodeBytes(quantityToBytes(auth.r, subject, `${prefix}r`)),
      encodeBytes(quantityToBytes(auth.s, subject, `${prefix}s`)),
    ]);
  });
  return encodeList(entries);
}

function encodeField(
  tx: TransactionInput,
  field: keyof TransactionInput,
  kind: Kind,
  subject: string,
): Uint8Array {
  const value = tx[field];
  switch (kind) {
    case "quantity":
      return encodeBytes(quantityToBytes(value, subject, field));
    case "to":
      return encodeBytes(value == null ? new Uint8Array(0) : fixedHexToBytes(value, 20, subject, field));
    case "address":
      return encodeBytes(fixedHexToBytes(value, 20, subject, field));
    case "data":
      return encodeBytes(hexToBytes(value, subject, field));
    case "accessList":
      return accessList(value, subject);
    case "blobHashes":
      return encodeList(
        list(value, subject, field).map((hash, i) =>
          encodeBytes(fixedHexToBytes(hash, 32, subject, `${field}[${i}]`)),
        ),
      );
    case "authorizations":
      return authorizations(value, subject);
    case "yParity":
      return encodeBytes(yParity(tx, subject, ""));
  }
}

/**
 * Encodes a signed transaction the way blocks commit to it: rlp(fields) for legacy transactions,
 * type ‖ rlp(fields) for typed ones (EIP-2718). Its keccak is the transaction hash.
 *
 * @param tx - the transaction as the node returned it
 * @param subject - names the transaction in errors (default `"transaction"`)
 * @returns the encoding
 * @throws {ProofError} naming a missing or malformed field, or an unsupported type
 * @example
 * const transaction = await evm.eth_getTransactionByHash(hash);
 * if (transaction) console.log(encodeTransaction(transaction).length);
 */
export function encodeTransaction(tx: TransactionInput, subject = "transaction"): Uint8Array {
  if (typeof tx !== "object" || tx === null) fail(subject, "transaction", "is not an object");
  const type = tx.type == null ? 0 : Number(hexToBigint(tx.type, subject, "type"));
  const layout = LAYOUTS[type];
  if (layout === undefined) fail(subject, "type", `${tx.type} is not a supported transaction type (0x0-0x4)`);
  // Older nodes call the payload `data`; accept it when `input` is absent.
  const source = tx.input == null && "data" in tx ? { ...tx, input: (tx as { data?: string }).data } : tx;
  if (type === 0) checkLegacyChainId(tx, subject);
  const body = encodeList(layout.map(([field, kind]) => encodeField(source, field, kind, subject)));
  if (type === 0) return body;
  const typed = new Uint8Array(body.length + 1);
  typed[0] = type;
  typed.set(body, 1);
  return typed;
}

/**
 * Encodes what a transaction's signature signs (its fields without the signature; for EIP-155
 * legacy transactions the chain id and two empty fields in their place), and reads the signature's
 * recovery bit. keccak of the payload is the digest the sender signed.
 *
 * @param tx - the transaction as the node returned it
 * @param subject - names the transaction in errors
 * @returns the signed payload, the recovery bit (0 or 1) and the signature's r and s
 * @throws {ProofError} naming a missing or malformed field, or a v that is no valid recovery id
 * @example
 * const { payload, recoveryBit, r, s } = signingPayload(tx, "transactions[0]");
 */
export function signingPayload(
  tx: TransactionInput,
  subject: string,
): { payload: Uint8Array; recoveryBit: number; r: bigint; s: bigint } {
  if (typeof tx !== "object" || tx === null) fail(subject, "transaction", "is not an object");
  const type = tx.type == null ? 0 : Number(hexToBigint(tx.type, subject, "type"));
  const layout = LAYOUTS[type];
  if (layout === undefined) fail(subject, "type", `${tx.type} is not a supported transaction type (0x0-0x4)`);
  const source = tx.input == null && "data" in tx ? { ...tx, input: (tx as { data?: string }).data } : tx;
  const unsigned = layout.slice(0, -3).map(([field, kind]) => encodeField(source, field, kind, subject));
  const r = hexToBigint(tx.r, subject, "r");
  const s = hexToBigint(tx.s, subject, "s");
  if (type !== 0) {
    const parity = bytesToBigint(yParity(tx, subject, ""));
    if (parity > 1n) fail(subject, "yParity", "must be 0 or 1");
    const body = encodeList(unsigned);
    const payload = new Uint8Array(body.length + 1);
    payload[0] = type;
    payload.set(body, 1);
    return { payload, recoveryBit: Number(parity), r, s };
  }
  const v = hexToBigint(tx.v, subject, "v");
  if (v === 27n || v === 28n) return { payload: encodeList(unsigned), recoveryBit: Number(v - 27n), r, s };
  if (v < 35n) fail(subject, "v", `(${v}) is neither 27/28 nor an EIP-155 value (35 and up)`);
  const chainId = (v - 35n) / 2n;
  const chainIdBytes = quantityToBytes(`0x${chainId.toString(16)}`, subject, "v");
  const empty = encodeBytes(new Uint8Array(0));
  const payload = encodeList([...unsigned, encodeBytes(chainIdBytes), empty, empty]);
  return { payload, recoveryBit: Number((v - 35n) % 2n), r, s };
}

/**
 * Recomputes a transaction's hash from its signed fields and checks it against the `hash` the node
 * sent. Covers legacy (with and without EIP-155), EIP-2930, EIP-1559, EIP-4844 and EIP-7702.
 *
 * @param tx - the transaction as the node returned it
 * @returns the verified hash, lowercase hex
 * @throws {ProofError} with `field: "hash"` on a mismatch, or naming a missing or malformed field
 * @example
 * const transaction = await evm.eth_getTransactionByHash(hash);
 * if (transaction) verifyTransactionHash(transaction); // its hash, or throws ProofError
 */
export function verifyTransactionHash(tx: TransactionInput): string {
  return checkTransactionHash(tx, "transaction").hash;
}

/**
 * {@link verifyTransactionHash} with a caller-chosen subject for errors (e.g. `"transactions[3]"`),
 * also handing back the encoding so callers building a trie need not encode twice.
 *
 * @param tx - the transaction as the node returned it
 * @param subject - names the transaction in errors
 * @returns the verified hash (lowercase hex) and the transaction's encoding
 * @throws {ProofError} as {@link verifyTransactionHash}
 * @example
 * const { encoded } = checkTransactionHash(tx, "transactions[3]");
 */
export function checkTransactionHash(
  tx: TransactionInput,
  subject: string,
): { hash: string; encoded: Uint8Array } {
  const encoded = encodeTransaction(tx, subject);
  const hash = bytesToHex(keccak256(encoded));
  const claimed = bytesToHex(fixedHexToBytes(tx.hash, 32, subject, "hash"));
  if (claimed !== hash) fail(subject, "hash", `is ${claimed} but the signed fields hash to ${hash}`);
  return { hash, encoded };
}
