import type { EvmAccessListEntry, EvmTransactionToSign, Hex } from "../signer/evm-signer.js";
import { bytesToHex, hexToBytes } from "../verify/hex.js";
import { decodeRlp, encodeBytes, encodeList, encodeRlp, type RlpValue } from "../verify/rlp.js";
import { transactionFieldProblem, type WideTransaction } from "./transaction-fields.js";

/** A transaction signature: the curve point's parity and the two scalars. */
export interface TransactionSignature {
  yParity: 0 | 1;
  r: bigint;
  s: bigint;
}

// Omit applied to each member of a union, so the result still narrows on `type`.
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A signed transaction read back from its bytes (chain id and nonce as bigints: any width decodes). */
export type ParsedTransaction = OmitEach<WideTransaction, "chainId"> & {
  /** `undefined` for a legacy transaction signed without EIP-155 (v 27 or 28). */
  chainId: bigint | undefined;
  signature: TransactionSignature;
  /** The bytes the signature signs (their keccak-256 is the signed digest). */
  signingPayload: Uint8Array;
};

const EIP1559 = 0x02;

// Integers are minimal big-endian byte strings (zero is empty).
function integer(value: bigint): Uint8Array {
  if (value === 0n) return new Uint8Array(0);
  const hex = value.toString(16);
  return hexToBytes(`0x${hex.length % 2 === 0 ? hex : `0${hex}`}`, "transaction", "integer");
}

const bytesOf = (hex: string, field: string) => hexToBytes(hex, "transaction", field);

function accessListItems(list: readonly EvmAccessListEntry[] = []): Uint8Array {
  return encodeList(
    list.map((entry) =>
      encodeList([
        encodeBytes(bytesOf(entry.address, "accessList")),
        encodeList(entry.storageKeys.map((key) => encodeBytes(bytesOf(key, "accessList")))),
      ]),
    ),
  );
}

// The fields every signature covers, RLP-encoded, in each type's order.
function unsignedItems(transaction: EvmTransactionToSign): Uint8Array[] {
  const common = [
    encodeBytes(integer(transaction.gas)),
    encodeBytes(transaction.to === undefined ? new Uint8Array(0) : bytesOf(transaction.to, "to")),
    encodeBytes(integer(transaction.value)),
    encodeBytes(bytesOf(transaction.data, "data")),
  ];
  const nonce = encodeBytes(integer(BigInt(transaction.nonce)));
  if (transaction.type === "legacy") return [nonce, encodeBytes(integer(transaction.gasPrice)), ...common];
  return [
    encodeBytes(integer(BigInt(transaction.chainId))),
    nonce,
    encodeBytes(integer(transaction.maxPriorityFeePerGas)),
    encodeBytes(integer(transaction.maxFeePerGas)),
    ...common,
    accessListItems(transaction.accessList),
  ];
}

function typed(type: number, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length + 1);
  out[0] = type;
  out.set(body, 1);
  return out;
}

/**
 * The bytes a transaction's signature signs: EIP-155's list with the chain id for a legacy
 * transaction, EIP-2718's type byte and EIP-1559's list otherwise.
 *
 * @param transaction - Every field filled in and checked.
 * @returns The payload; its keccak-256 is what is signed.
 * @example
 * const to = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
 * keccak256(signingPayload({ type: "legacy", chainId: 999, nonce: 0, to, value: 1n, data: "0x", gas: 21_000n, gasPrice: 1n }));
 */
export function signingPayload(transaction: EvmTransactionToSign): Uint8Array {
  const items = unsignedItems(transaction);
  if (transaction.type === "eip1559") return typed(EIP1559, encodeList(items));
  const empty = encodeBytes(new Uint8Array(0));
  return encodeList([...items, encodeBytes(integer(BigInt(transaction.chainId))), empty, empty]);
}

/**
 * A signed transaction's EIP-2718 bytes, what `eth_sendRawTransaction` takes: a legacy transaction's
 * `v` is EIP-155's `chainId * 2 + 35 + yParity`.
 *
 * @param transaction - The transaction signed.
 * @param signature - Its signature.
 * @returns The bytes.
 * @example
 * const transaction: EvmTransactionToSign = {
 *   type: "eip1559", chainId: 999, nonce: 0, to: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
 *   value: 1n, data: "0x", gas: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 0n,
 * };
 * const r = 1n, s = 2n;
 * bytesToHex(signedTransaction(transaction, { yParity: 1, r, s })); // "0x02e4…"
 */
export function signedTransaction(
  transaction: EvmTransactionToSign,
  signature: TransactionSignature,
): Uint8Array {
  const { yParity, r, s } = signature;
  const tail = [encodeBytes(integer(r)), encodeBytes(integer(s))];
  const items = unsignedItems(transaction);
  if (transaction.type === "eip1559") {
    return typed(EIP1559, encodeList([...items, encodeBytes(integer(BigInt(yParity))), ...tail]));
  }
  const v = BigInt(transaction.chainId) * 2n + 35n + BigInt(yParity);
  return encodeList([...items, encodeBytes(integer(v)), ...tail]);
}

function refuse(why: string): never {
  throw new Error(`not a signed transaction: ${why}`);
}

function byteString(item: RlpValue | undefined, field: string, maxBytes?: number): Uint8Array {
  if (!(item instanceof Uint8Array)) return refuse(`${field} is a list where bytes belong`);
  if (maxBytes !== undefined && item.length > maxBytes) refuse(`${field} is longer than ${maxBytes} bytes`);
  return item;
}

// An integer field: at most 32 bytes, and canonical (no leading zero byte; zero is empty).
function integerField(item: RlpValue | undefined, field: string): bigint {
  const bytes = byteString(item, field, 32);
  if (bytes[0] === 0) refuse(`${field} has a leading zero byte`);
  return bytes.length === 0 ? 0n : BigInt(bytesToHex(bytes));
}

function addressField(item: RlpValue | undefined, field: string, optional: boolean): Hex | undefined {
  const bytes = byteString(item, field);
  if (optional && bytes.length === 0) return undefined;
  if (bytes.length !== 20) refuse(`${field} is ${bytes.length} bytes, not a 20-byte address`);
  return bytesToHex(bytes) as Hex;
}

function listOf(item: RlpValue | undefined, field: string): RlpValue[] {
  if (!Array.isArray(item)) return refuse(`${field} is bytes where a list belongs`);
  return item;
}

function accessListField(item: RlpValue | undefined): EvmAccessListEntry[] {
  return listOf(item, "accessList").map((entry, i) => {
    const [address, keys, ...extra] = listOf(entry, `accessList/${i}`);
    if (extra.length > 0 || keys === undefined) refuse(`accessList/${i} is not [address, storageKeys]`);
    return {
      address: addressField(address, `accessList/${i}/address`, false) as Hex,
      storageKeys: listOf(keys, `accessList/${i}/storageKeys`).map((key, j) => {
        const bytes = byteString(key, `accessList/${i}/storageKeys/${j}`);
        if (bytes.length !== 32) refuse(`accessList/${i}/storageKeys/${j} is not 32 bytes`);
        return bytesToHex(bytes) as Hex;
      }),
    };
  });
}

function signatureFields(
  parity: bigint,
  r: RlpValue | undefined,
  s: RlpValue | undefined,
): TransactionSignature {
  if (parity > 1n) refuse("yParity is neither 0 nor 1");
  return { yParity: Number(parity) as 0 | 1, r: integerField(r, "r"), s: integerField(s, "s") };
}

// A transaction a node would refuse (a tip above the fee cap, a nonce of 2^64 - 1) is no transaction.
function withinBounds(parsed: ParsedTransaction): ParsedTransaction {
  const problem =
    parsed.chainId === undefined
      ? undefined
      : transactionFieldProblem({ ...parsed, chainId: parsed.chainId });
  if (problem) refuse(`${problem.field} ${problem.why}`);
  return parsed;
}

/**
 * Reads a signed transaction's bytes, strictly: canonical RLP with nothing after it, the exact field
 * count of its type, integers without leading zeros and within 32 bytes, addresses of 20 bytes and
 * storage keys of 32, every field within the protocol's bounds. Legacy (with or without EIP-155) and EIP-1559 transactions, the types chainkit
 * signs; any other type is refused.
 *
 * @param bytes - The signed transaction.
 * @returns Its fields, its signature and the payload the signature signs.
 * @throws {Error} (or the RLP reader's ProofError) saying what is malformed.
 * @example
 * const transaction: EvmTransactionToSign = {
 *   type: "legacy", chainId: 999, nonce: 0, to: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
 *   value: 1n, data: "0x", gas: 21_000n, gasPrice: 1n,
 * };
 * const signature = { yParity: 0, r: 1n, s: 2n } as const;
 * parseSignedTransaction(signedTransaction(transaction, signature)).signature.r === signature.r; // true
 */
export function parseSignedTransaction(bytes: Uint8Array): ParsedTransaction {
  const first = bytes[0];
  if (first === undefined) refuse("no bytes");
  if (first < 0xc0 && first !== EIP1559)
    refuse(`type 0x${first.toString(16).padStart(2, "0")} is not one chainkit signs`);
  const isLegacy = first >= 0xc0;
  const items = listOf(
    decodeRlp(isLegacy ? bytes : bytes.subarray(1), { subject: "transaction" }),
    "transaction",
  );
  if (items.length !== (isLegacy ? 9 : 12)) refuse(`it has ${items.length} fields`);
  if (isLegacy) {
    const [nonce, gasPrice, gas, to, value, data, v, r, s] = items;
    const vNumber = integerField(v, "v");
    // EIP-155's v is chainId * 2 + 35 + yParity; 27 and 28 sign for no chain.
    const replayProtected = vNumber >= 35n;
    if (!replayProtected && vNumber !== 27n && vNumber !== 28n) refuse("v is neither 27, 28 nor EIP-155's");
    const chainId = replayProtected ? (vNumber - 35n) / 2n : undefined;
    const transaction = {
      type: "legacy" as const,
      chainId,
      nonce: integerField(nonce, "nonce"),
      gasPrice: integerField(gasPrice, "gasPrice"),
      gas: integerField(gas, "gas"),
      to: addressField(to, "to", true),
      value: integerField(value, "value"),
      data: bytesToHex(byteString(data, "data")) as Hex,
    };
    const signature = signatureFields(replayProtected ? (vNumber - 35n) % 2n : vNumber - 27n, r, s);
    // The list is canonical RLP (the reader refuses any other), so encoding its items again gives the signed bytes.
    const unsigned = items.slice(0, 6).map(encodeRlp);
    const empty = encodeBytes(new Uint8Array(0));
    const signingPayload = encodeList(
      chainId === undefined ? unsigned : [...unsigned, encodeBytes(integer(chainId)), empty, empty],
    );
    return withinBounds({ ...transaction, signature, signingPayload });
  }
  const [chainId, nonce, tip, feeCap, gas, to, value, data, accessList, yParity, r, s] = items;
  const transaction = {
    type: "eip1559" as const,
    chainId: integerField(chainId, "chainId"),
    nonce: integerField(nonce, "nonce"),
    maxPriorityFeePerGas: integerField(tip, "maxPriorityFeePerGas"),
    maxFeePerGas: integerField(feeCap, "maxFeePerGas"),
    gas: integerField(gas, "gas"),
    to: addressField(to, "to", true),
    value: integerField(value, "value"),
    data: bytesToHex(byteString(data, "data")) as Hex,
    accessList: accessListField(accessList),
  };
  const signature = signatureFields(integerField(yParity, "yParity"), r, s);
  return withinBounds({
    ...transaction,
    signature,
    signingPayload: typed(EIP1559, encodeList(items.slice(0, 9).map(encodeRlp))),
  });
}
