import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { beforeKeyDerivation, beforeSignature } from "../../runtime/signing/base-point-table.js";
import { addressOfPublicKey } from "../../runtime/signing/checksum-address.js";
import { PRIVATE_KEY_RULE, readPrivateKey } from "../../runtime/signing/private-key.js";
import { ExchangeError } from "../errors/exchange-error.js";
import type { Hex } from "./action-hash.js";
import type { AgentTypedData, TypedData, TypedDataDomain, TypedDataField } from "./eip712.js";
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

// Keys of signers made here, so signing can skip typed data and sign the digest directly.
// Held outside the signer object so no inspect, JSON or spread can reach them.
const privateKeys = new WeakMap<object, Uint8Array>();

/**
 * Reads a private key without ever echoing it, by the rule every surface shares.
 *
 * @param key - 64 hex digits with or without `0x`, or 32 bytes.
 * @returns the key bytes (a fresh copy).
 * @throws {ExchangeError} when the key is malformed or outside the curve order (the key is not shown).
 * @example
 * const secret = parsePrivateKey(key); // 32 bytes
 */
export function parsePrivateKey(key: string | Uint8Array): Uint8Array {
  const bytes = readPrivateKey(key);
  if (!bytes) throw new ExchangeError(PRIVATE_KEY_RULE, { field: "privateKey" });
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
  beforeSignature();
  const recovered = secp256k1.sign(digest, key, { prehash: false, lowS: true, format: "recovered" });
  const hex = bytesToHex(recovered);
  return { r: `0x${hex.slice(2, 66)}`, s: `0x${hex.slice(66, 130)}`, v: recovered[0] === 1 ? 28 : 27 };
}

/** The EIP-55 checksummed address of a private key. */
function addressOf(key: Uint8Array): Hex {
  beforeKeyDerivation();
  return addressOfPublicKey(secp256k1.getPublicKey(key, false));
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
 * @param key - 64 hex digits with or without `0x`, or 32 bytes (copied).
 * @returns a signer with the key's checksummed `address`.
 * @throws {ExchangeError} when the key is malformed or outside the curve order (the key is not shown).
 * @example
 * const signer = privateKeySigner(process.env.EXCHANGE_KEY as `0x${string}`);
 * const exchange = createExchangeClient({ baseUrl: url, signer, network: "testnet" });
 */
export function privateKeySigner(key: string | Uint8Array): PrivateKeySigner {
  const secret = parsePrivateKey(key);
  const address = addressOf(secret);
  const signer: PrivateKeySigner = {
    address,
    async signTypedData(typedData) {
      // The EIP-712 hashing loads on the first typed data: exchange actions sign their digest directly.
      const { hashTypedData } = await import("./eip712.js");
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
