import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { beforeKeyDerivation, beforeSignature } from "../../runtime/signing/base-point-table.js";
import { PRIVATE_KEY_RULE, readPrivateKey } from "../../runtime/signing/private-key.js";
import { toBase58Address } from "../address.js";
import { WalletSignerError } from "../errors/wallet-signer-error.js";

/** What a signer is handed: a transaction the client has checked. */
export interface TransactionToSign {
  /** The transaction id, 64 hex digits: the SHA-256 of `rawDataHex`, and the digest to sign. */
  txID: string;
  /** The protobuf bytes the id is the hash of, for signers that show or check them (a hardware wallet). */
  rawDataHex: string;
}

/**
 * Whoever signs TRON transactions: an `address` plus `signTransaction`. {@link privateKeySigner}
 * fits; so does an adapter to a hardware wallet, a KMS or tronweb (`utils.crypto.ECKeySign`).
 */
export interface WalletSigner {
  /** The signer's address, Base58Check `T…` or `41…` hex. Transfers are sent from it. */
  readonly address: string;
  /**
   * Signs the transaction's id with secp256k1 and returns the 65-byte signature `r ‖ s ‖ v` as 130
   * hex digits (`v` the recovery id, as 0/1 or 27/28; a `0x` prefix is accepted).
   */
  signTransaction(transaction: TransactionToSign): Promise<string>;
}

/** What {@link privateKeySigner} returns: the address as Base58Check, and no key anywhere on it. */
export interface TronPrivateKeySigner extends WalletSigner {
  /** The same address, as every chainkit `privateKeySigner` answers it (the exchange's derives it then). */
  getAddress(): Promise<string>;
  /** `{ address }`: the key never reaches JSON. */
  toJSON(): { address: string };
}

// Keys of signers made here, held outside the signer objects so no inspect, JSON or spread can reach them.
const privateKeys = new WeakMap<object, Uint8Array>();

/**
 * The TRON address of a secp256k1 public key: `41` followed by the last 20 bytes of the Keccak-256
 * of the uncompressed key without its `04` prefix.
 *
 * @param publicKey - 65-byte uncompressed or 33-byte compressed public key.
 * @returns The `41…` hex address.
 * @example
 * addressOfPublicKey(Buffer.from("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798", "hex"));
 * // "417e5f4552091a69125d5dfcb7b8c2659029395bdf" (the key 1)
 */
export function addressOfPublicKey(publicKey: Uint8Array): string {
  const uncompressed =
    publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `41${bytesToHex(keccak256(uncompressed.subarray(1)).subarray(12))}`;
}

/**
 * A {@link WalletSigner} backed by a private key, on @noble/curves: RFC 6979 deterministic, low-s
 * signatures over the transaction id, `v` = 27 + recovery id as java-tron and tronweb write it. The
 * key lives outside the returned object: it never shows in `util.inspect`, `JSON.stringify` or errors.
 *
 * @param key - 64 hex digits (with or without `0x`), or 32 bytes (copied).
 * @returns A signer whose `address` is the key's Base58Check address.
 * @throws {WalletSignerError} when the key is malformed or outside the curve order (the key is not shown).
 * @example
 * const signer = privateKeySigner(process.env.TRON_PRIVATE_KEY ?? "");
 * await wallet.transfer({ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n }, signer);
 */
export function privateKeySigner(key: string | Uint8Array): TronPrivateKeySigner {
  const secret = parsePrivateKey(key);
  beforeKeyDerivation();
  const address = toBase58Address(addressOfPublicKey(secp256k1.getPublicKey(secret, false)));
  const signer: TronPrivateKeySigner = {
    address,
    getAddress: async () => address,
    async signTransaction({ txID }) {
      if (typeof txID !== "string" || !/^[0-9a-fA-F]{64}$/.test(txID)) {
        throw new WalletSignerError("txID must be 64 hex digits");
      }
      beforeSignature();
      const recovered = secp256k1.sign(hexToBytes(txID), secret, {
        prehash: false,
        lowS: true,
        format: "recovered",
      });
      // noble puts the recovery id first; TRON wants r ‖ s ‖ v with v = 27 + recovery id.
      return `${bytesToHex(recovered.subarray(1))}${(27 + (recovered[0] as number)).toString(16)}`;
    },
    toJSON: () => ({ address }),
  };
  privateKeys.set(signer, secret);
  return signer;
}

/** Reads a private key without ever echoing it, by the rule every surface shares. */
function parsePrivateKey(key: string | Uint8Array): Uint8Array {
  const bytes = readPrivateKey(key);
  if (!bytes) throw new WalletSignerError(PRIVATE_KEY_RULE);
  return bytes;
}
