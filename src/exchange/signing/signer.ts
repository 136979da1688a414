import { loadOnce } from "../../runtime/load-once.js";
import { PRIVATE_KEY_RULE, readPrivateKey } from "../../runtime/signing/private-key.js";
import { ExchangeError } from "../errors/exchange-error.js";
import type { Hex } from "./action-hash.js";
import type { AgentTypedData, TypedData, TypedDataDomain, TypedDataField } from "./eip712.js";

/**
 * How a signer tells its address: an `address` property (a viem account, an ethers `Wallet`) or an
 * async `getAddress()` (an ethers signer, a browser wallet, {@link privateKeySigner}).
 */
export type SignerAddress = { readonly address: string } | { getAddress(): Promise<string> };

/** A signer taking one typed-data object: a viem account, {@link privateKeySigner}, or your own. */
export type TypedDataSigner = SignerAddress & {
  /** Signs the exchange's EIP-712 typed data; returns the 65-byte `r ‖ s ‖ v` signature as hex. */
  signTypedData(typedData: AgentTypedData): Promise<string>;
};

/** A signer in the ethers v6 style: `signTypedData(domain, types, value)` (an ethers `Wallet`). */
export type EthersTypedDataSigner = SignerAddress & {
  signTypedData(
    domain: TypedDataDomain,
    types: Record<string, TypedDataField[]>,
    value: Record<string, unknown>,
  ): Promise<string>;
};

/**
 * Whoever signs exchange actions: an address (`address` or `getAddress()`) plus `signTypedData`. A
 * viem `privateKeyToAccount`, an ethers `Wallet` and {@link privateKeySigner} all fit. Signers whose
 * `signTypedData` declares three parameters are called the ethers way, `(domain, types, message)`.
 */
export type Signer = TypedDataSigner | EthersTypedDataSigner;

// Keys of signers made here, so signing can skip typed data and sign the digest directly.
// Held outside the signer object so no inspect, JSON or spread can reach them.
const privateKeys = new WeakMap<object, Uint8Array>();

// The curve (address derivation and signing), imported on a signer's first use and kept.
const keySigning = /* @__PURE__ */ loadOnce(() => import("./key-signing.js"));

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

/** What {@link privateKeySigner} returns: it signs any flat EIP-712 typed data, not only the exchange's. */
export interface PrivateKeySigner {
  /** The key's checksummed address, derived on the first call (the curve loads then) and kept. */
  getAddress(): Promise<Hex>;
  signTypedData(typedData: TypedData): Promise<Hex>;
  /** `{ type, address }`, the address once derived: the key never reaches JSON. */
  toJSON(): { type: "privateKeySigner"; address?: Hex };
}

/**
 * A {@link Signer} backed by a private key, on @noble/curves. The key is checked at once (the same
 * rule as every surface's signer); the curve loads on the first signature or `getAddress()`, so
 * making a signer (or a client with it) costs no curve code. The key lives outside the returned
 * object: it never shows in `util.inspect`, `JSON.stringify` or errors. Exchange signing with this
 * signer signs the digest directly, without building typed data.
 *
 * @param key - 64 hex digits with or without `0x`, or 32 bytes (copied).
 * @returns a signer whose `getAddress()` answers the key's checksummed address.
 * @throws {ExchangeError} when the key is malformed or outside the curve order (the key is not shown).
 * @example
 * const signer = privateKeySigner(process.env.EXCHANGE_KEY as `0x${string}`);
 * const exchange = createExchangeClient({ baseUrl: url, signer, network: "testnet" });
 * const me = await signer.getAddress(); // "0x…", checksummed
 */
export function privateKeySigner(key: string | Uint8Array): PrivateKeySigner {
  const secret = parsePrivateKey(key);
  let address: Hex | undefined;
  const signer: PrivateKeySigner = {
    async getAddress() {
      address ??= (await keySigning()).addressOfKey(secret);
      return address;
    },
    async signTypedData(typedData) {
      return (await keySigning()).signTypedDataWithKey(typedData, secret);
    },
    toJSON: () => ({ type: "privateKeySigner", ...(address && { address }) }),
  };
  privateKeys.set(signer, secret);
  return signer;
}

/**
 * Signs a digest with a private key, loading the curve on first use.
 *
 * @param digest - the 32-byte message hash.
 * @param key - the 32-byte private key.
 * @returns `{ r, s, v }`.
 * @example
 * await signDigestWithKey(agentDigest(actionHash({ action, nonce }), true), parsePrivateKey(key));
 */
export async function signDigestWithKey(digest: Uint8Array, key: Uint8Array) {
  return (await keySigning()).signDigest(digest, key);
}

/**
 * The key behind a signer made by {@link privateKeySigner}, for the direct-digest fast path.
 *
 * @returns the key, or `undefined` for any other signer (which then gets typed data to sign).
 * @example
 * const key = privateKeyOf(signer);
 * if (key) await signDigestWithKey(agentDigest(actionHash({ action, nonce }), true), key);
 */
export function privateKeyOf(signer: Signer): Uint8Array | undefined {
  return privateKeys.get(signer);
}

/**
 * Whether a value can tell a signer's address: a string `address`, or a `getAddress` method.
 *
 * @example
 * hasSignerAddress(privateKeySigner(key)); // true
 * hasSignerAddress({ signTypedData: signer.signTypedData }); // false
 */
export function hasSignerAddress(signer: unknown): signer is SignerAddress {
  if (typeof signer !== "object" || signer === null) return false;
  const { address, getAddress } = signer as { address?: unknown; getAddress?: unknown };
  return typeof address === "string" || typeof getAddress === "function";
}

/**
 * A signer's address: its `address` property when it has one, else what `getAddress()` answers.
 *
 * @param signer - any {@link Signer}.
 * @returns the address as the signer gives it (any case).
 * @example
 * await addressOfSigner(signer); // its address, or what its getAddress() answers
 * await addressOfSigner(privateKeySigner(key)); // derived on the first call
 */
export async function addressOfSigner(signer: SignerAddress): Promise<string> {
  return "address" in signer && typeof signer.address === "string"
    ? signer.address
    : (signer as { getAddress(): Promise<string> }).getAddress();
}
