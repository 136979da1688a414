import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { ExchangeError } from "../errors/exchange-error.js";
import type { Hex } from "./action-hash.js";
import {
  type AgentTypedData,
  hashTypedData,
  type TypedData,
  type TypedDataDomain,
  type TypedDataField,
} from "./eip712.js";
import type { Signature } from "./signature.js";

/** A signer taking one typed-data object: a viem account, {@link privateKeySigner}, or your own. */
export interface TypedDataSigner {
  /** The signer's address (any case). */
  readonly address: string;
  /** Signs the exchange's EIP-712 typed data; returns the 65-byte `r ‖ s ‖ v` signature as hex. */
  signTypedData(typedData: AgentTypedData): Promise<string>;
}

/** A signer in the ethers v6 style: `signTypedData(domain, types, value)` (an ethers `Wallet`). */
export interface EthersTypedDataSigner {
  readonly address: string;
  signTypedData(
    domain: TypedDataDomain,
    types: Record<string, TypedDataField[]>,
    value: Record<string, unknown>,
  ): Promise<string>;
}

/**
 * Whoever signs exchange actions: an `address` plus `signTypedData`. A viem `privateKeyToAccount`,
 * an ethers `Wallet` and {@link privateKeySigner} all fit. Signers whose `signTypedData` declares
 * three parameters are called the ethers way, `(domain, types, message)`.
 */
export type Signer = TypedDataSigner | EthersTypedDataSigner;

// k·G is most of the signing time. noble v2 multiplies the base point with a table it builds on
// first use: its default window of 6 costs about 35-45 ms of CPU to build, a window of 10 about
// 200-270 ms, and each widening signs faster. A process that signs once (a script, a CLI) should pay
// for no table: the first signatures use noble's table-free fixed window (a window size of 1), about
// 11 ms for the first and 3-4 ms each after. A process that keeps signing should pay for the big
// table: after SIGNATURES_BEFORE_WIDE_TABLE signatures the window widens to WIDE_WINDOW, and noble
// builds that table on the next one (it serves every key). Over the first 16 signatures the two
// ways cost about the same; the first one is four times cheaper.
const SIGNATURES_BEFORE_WIDE_TABLE = 16;
const FIRST_WINDOW = 1;
const WIDE_WINDOW = 10;
let signaturesMade = 0;

/** Sets the base point's window for the next multiplication: table-free at first, wide later. */
function tuneBaseTable(): void {
  if (signaturesMade === 0) secp256k1.Point.BASE.precompute(FIRST_WINDOW);
  else if (signaturesMade === SIGNATURES_BEFORE_WIDE_TABLE) secp256k1.Point.BASE.precompute(WIDE_WINDOW);
}

// Keys of signers made here, so signing can skip typed data and sign the digest directly.
// Held outside the signer object so no inspect, JSON or spread can reach them.
const privateKeys = new WeakMap<object, Uint8Array>();

/**
 * Reads a private key without ever echoing it.
 *
 * @param key - `0x` + 64 hex digits, or 32 bytes.
 * @returns the key bytes (a fresh copy).
 * @throws {ExchangeError} when the key is malformed or outside the curve order (the key is not shown).
 * @example
 * const secret = parsePrivateKey(key); // 32 bytes
 */
export function parsePrivateKey(key: Hex | Uint8Array): Uint8Array {
  let bytes: Uint8Array | undefined;
  if (key instanceof Uint8Array) bytes = key.length === 32 ? Uint8Array.from(key) : undefined;
  else if (typeof key === "string" && /^0x[0-9a-fA-F]{64}$/.test(key)) bytes = hexToBytes(key.slice(2));
  if (!bytes || !secp256k1.utils.isValidSecretKey(bytes)) {
    throw new ExchangeError(
      "privateKey must be a valid secp256k1 key: 0x followed by 64 hex digits, or 32 bytes",
      {
        field: "privateKey",
      },
    );
  }
  return bytes;
}

/**
 * Signs a 32-byte digest as Ethereum does: RFC 6979 deterministic nonce, low s, v = 27 + recovery.
 *
 * @param digest - the 32-byte message hash (not hashed again).
 * @param key - the 32-byte private key.
 * @returns `{ r, s, v }`.
 * @example
 * signDigest(agentDigest(actionHash({ action, nonce }), true), parsePrivateKey(key));
 */
export function signDigest(digest: Uint8Array, key: Uint8Array): Signature {
  tuneBaseTable();
  signaturesMade++;
  const recovered = secp256k1.sign(digest, key, { prehash: false, lowS: true, format: "recovered" });
  const hex = bytesToHex(recovered);
  return { r: `0x${hex.slice(2, 66)}`, s: `0x${hex.slice(66, 130)}`, v: recovered[0] === 1 ? 28 : 27 };
}

/** The EIP-55 checksummed address of a private key. */
function addressOf(key: Uint8Array): Hex {
  if (signaturesMade === 0) secp256k1.Point.BASE.precompute(FIRST_WINDOW);
  const publicKey = secp256k1.getPublicKey(key, false);
  const address = bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12));
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(address)));
  let checksummed = "0x";
  for (let i = 0; i < 40; i++) {
    const char = address[i] as string;
    checksummed += Number.parseInt(hash[i] as string, 16) >= 8 ? char.toUpperCase() : char;
  }
  return checksummed as Hex;
}

/** What {@link privateKeySigner} returns: it signs any flat EIP-712 typed data, not only the exchange's. */
export interface PrivateKeySigner extends TypedDataSigner {
  readonly address: Hex;
  signTypedData(typedData: TypedData): Promise<Hex>;
  /** `{ address }`: the key never reaches JSON. */
  toJSON(): { address: Hex };
}

/**
 * A {@link Signer} backed by a private key, on @noble/curves. The key lives outside the returned
 * object: it never shows in `util.inspect`, `JSON.stringify` or errors. Exchange signing with this
 * signer signs the digest directly, without building typed data.
 *
 * @param key - `0x` + 64 hex digits, or 32 bytes (copied).
 * @returns a signer with the key's checksummed `address`.
 * @throws {ExchangeError} when the key is malformed or outside the curve order (the key is not shown).
 * @example
 * const signer = privateKeySigner(process.env.EXCHANGE_KEY as `0x${string}`);
 * const exchange = createExchangeClient({ baseUrl: url, signer, network: "testnet" });
 */
export function privateKeySigner(key: Hex | Uint8Array): PrivateKeySigner {
  const secret = parsePrivateKey(key);
  const address = addressOf(secret);
  const signer: PrivateKeySigner = {
    address,
    async signTypedData(typedData) {
      const { r, s, v } = signDigest(hashTypedData(typedData), secret);
      return `${r}${s.slice(2)}${v.toString(16)}` as Hex;
    },
    toJSON: () => ({ address }),
  };
  privateKeys.set(signer, secret);
  return signer;
}

/**
 * The key behind a signer made by {@link privateKeySigner}, for the direct-digest fast path.
 *
 * @returns the key, or `undefined` for any other signer (which then gets typed data to sign).
 * @example
 * const key = privateKeyOf(signer);
 * if (key) signDigest(agentDigest(actionHash({ action, nonce }), true), key);
 */
export function privateKeyOf(signer: Signer): Uint8Array | undefined {
  return privateKeys.get(signer);
}
