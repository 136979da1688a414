import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { encodeBytes, encodeList } from "../../evm/verify/rlp.js";

/** The sender of native-coin system transfers. */
const NATIVE_SYSTEM_ADDRESS = "0x2222222222222222222222222222222222222222";

/** `transfer(address,uint256)`, the call a token system transfer makes on the token's contract. */
const TRANSFER_SELECTOR = "a9059cbb";

/**
 * A transfer from the core trading layer into the EVM: the native coin (sent from `0x2222…2222`)
 * or a token (sent from `0x20` + the token index, as a call to the token's contract).
 */
export type SystemTransfer =
  | { kind: "native"; to: string; value: bigint }
  | {
      kind: "token";
      /** The token's index on the core layer (200 gives the sender `0x20…00c8`). */
      tokenIndex: number;
      /** The token's EVM contract (default: an address derived from the index). */
      contract?: string;
      to: string;
      amount: bigint;
    };

/** Where a system transaction sits. */
export interface SystemTransactionPlace {
  blockHash: string;
  blockNumber: string;
  transactionIndex: number;
  /** The sender's count of earlier system transactions. */
  nonce: number;
  chainId: number;
}

/**
 * The system address of a token: `0x20` followed by the token index as a 19-byte big-endian number.
 *
 * For example, token 200 sends from `0x20000000000000000000000000000000000000c8`.
 */
function tokenSystemAddress(tokenIndex: number): string {
  return `0x20${BigInt(tokenIndex).toString(16).padStart(38, "0")}`;
}

/** The contract a token's transfers call when none is given: the last 20 bytes of keccak("token:<index>"). */
function defaultTokenContract(tokenIndex: number): string {
  return `0x${bytesToHex(keccak_256(new TextEncoder().encode(`token:${tokenIndex}`))).slice(-40)}`;
}

function quantity(value: bigint | number): string {
  return `0x${BigInt(value).toString(16)}`;
}

function quantityBytes(value: string): Uint8Array {
  const number = BigInt(value);
  if (number === 0n) return new Uint8Array(0);
  const hex = number.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
}

function dataBytes(value: string): Uint8Array {
  return Buffer.from(value.slice(2), "hex");
}

function word(value: bigint | string): string {
  return (typeof value === "string" ? value.slice(2).toLowerCase() : value.toString(16)).padStart(64, "0");
}

/**
 * The transaction object of a system transfer, as `eth_getSystemTxsByBlockHash` answers it: legacy,
 * gasPrice 0, signed with the chain's placeholder signature (r = 1; s = 1 for the native coin, the
 * sender address for a token; v per EIP-155), and a hash computed as for any legacy transaction,
 * keccak(rlp([nonce, gasPrice, gas, to, value, input, v, r, s])), so it verifies.
 *
 * @param transfer - What moves.
 * @param place - The block, position, sender nonce and chain id.
 * @returns The transaction object (quantities as hex strings).
 * @example
 * buildSystemTransaction({ kind: "native", to: address, value: 10n ** 18n }, { blockHash: hash, blockNumber: "0x5", transactionIndex: 0, nonce: 0, chainId: 999 });
 */
export function buildSystemTransaction(transfer: SystemTransfer, place: SystemTransactionPlace) {
  const native = transfer.kind === "native";
  const from = native ? NATIVE_SYSTEM_ADDRESS : tokenSystemAddress(transfer.tokenIndex);
  const fields = {
    nonce: quantity(place.nonce),
    gasPrice: "0x0",
    gas: native ? "0x5208" : "0x30d40",
    to: native
      ? transfer.to.toLowerCase()
      : (transfer.contract ?? defaultTokenContract(transfer.tokenIndex)).toLowerCase(),
    value: native ? quantity(transfer.value) : "0x0",
    input: native ? "0x" : `0x${TRANSFER_SELECTOR}${word(transfer.to)}${word(transfer.amount)}`,
    v: quantity(BigInt(place.chainId) * 2n + 35n),
    r: "0x1",
    s: native ? "0x1" : quantity(BigInt(from)),
  };
  const encoded = encodeList([
    encodeBytes(quantityBytes(fields.nonce)),
    encodeBytes(quantityBytes(fields.gasPrice)),
    encodeBytes(quantityBytes(fields.gas)),
    encodeBytes(dataBytes(fields.to)),
    encodeBytes(quantityBytes(fields.value)),
    encodeBytes(dataBytes(fields.input)),
    encodeBytes(quantityBytes(fields.v)),
    encodeBytes(quantityBytes(fields.r)),
    encodeBytes(quantityBytes(fields.s)),
  ]);
  return {
    hash: `0x${bytesToHex(keccak_256(encoded))}`,
    type: "0x0",
    chainId: quantity(place.chainId),
    blockHash: place.blockHash,
    blockNumber: place.blockNumber,
    transactionIndex: quantity(place.transactionIndex),
    from,
    ...fields,
  };
}

/** A system transaction object as {@link buildSystemTransaction} makes it. */
export type SystemTransaction = ReturnType<typeof buildSystemTransaction>;
