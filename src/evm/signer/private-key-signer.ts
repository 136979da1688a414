import { secp256k1 } from "@noble/curves/secp256k1.js";
import { loadOnce } from "../../runtime/load-once.js";
import { beforeKeyDerivation } from "../../runtime/signing/base-point-table.js";
import { addressOfPublicKey } from "../../runtime/signing/checksum-address.js";
import { PRIVATE_KEY_RULE, readPrivateKey } from "../../runtime/signing/private-key.js";
import { EvmSignerError } from "../errors/evm-signer-error.js";
import type { EvmSigner, EvmTransactionToSign, EvmTypedData, Hex } from "./evm-signer.js";
import { markOwnSigner } from "./own-signers.js";

/** What {@link privateKeySigner} returns: the checksummed address, and no key anywhere on it. */
export interface EvmPrivateKeySigner extends EvmSigner {
  readonly address: Hex;
  /** The same address, as every chainkit `privateKeySigner` answers it (the exchange's derives it then). */
  getAddress(): Promise<Hex>;
  signTransaction(transaction: EvmTransactionToSign): Promise<Hex>;
  /** Signs EIP-712 typed data (viem's shape; `EIP712Domain` is derived from `domain`). */
  signTypedData(typedData: EvmTypedData): Promise<Hex>;
  /** `{ address }`: the key never reaches JSON. */
  toJSON(): { address: Hex };
}

// The signing code, imported on the first signature and kept (see loadOnce).
const keySigning = /* @__PURE__ */ loadOnce(() => import("./sign-with-key.js"));

/**
 * An {@link EvmSigner} backed by a private key. The key is read by the rule every chainkit surface
 * shares (64 hex digits with or without `0x`, or 32 bytes, checked at run time) and lives outside the
 * returned object, so it never shows in `util.inspect`, `JSON.stringify` or errors. Only the address
 * is derived up front; the transaction and typed-data code (src/evm/encoding) loads on the first
 * signature. The exchange's and the wallet's `privateKeySigner` take the same keys: they differ in
 * what they sign (EIP-712 actions; TRON transaction ids) and in the address form (TRON's Base58).
 *
 * @param key - 64 hex digits with or without `0x`, or 32 bytes (copied).
 * @returns A signer whose `address` is the key's checksummed address.
 * @throws {EvmSignerError} when the key is malformed or outside the curve order (the key is not shown).
 * @example
 * import { createEvmClient, privateKeySigner } from "chainkit/evm";
 * const me = privateKeySigner(sandbox.credentials.evmPrivateKey);
 * const hash = await evm.sendTransaction({ to: sandbox.fixtures.evmAccounts[0] as `0x${string}`, value: 1n }, me);
 */
export function privateKeySigner(key: string | Uint8Array): EvmPrivateKeySigner {
  const secret = readPrivateKey(key);
  if (!secret) throw new EvmSignerError(PRIVATE_KEY_RULE, { field: "privateKey" });
  beforeKeyDerivation();
  const address = addressOfPublicKey(secp256k1.getPublicKey(secret, false));
  // The key stays in this closure: no property, inspect or JSON of the signer reaches it.
  const signer: EvmPrivateKeySigner = {
    address,
    getAddress: async () => address,
    async signTransaction(transaction) {
      const { signTransactionWithKey } = await keySigning();
      return signTransactionWithKey(transaction, secret);
    },
    async signTypedData(typedData) {
      const { signTypedDataWithKey } = await keySigning();
      return signTypedDataWithKey(typedData, secret);
    },
    toJSON: () => ({ address }),
  };
  markOwnSigner(signer);
  return signer;
}
