import { bytesToHex } from "@noble/hashes/utils.js";
import { ExchangeError } from "../errors/exchange-error.js";
import { type ActionHashParams, actionHashBytes, type Hex } from "./action-hash.js";
import { agentDigest, agentTypedData } from "./eip712.js";
import { parseSignature, type Signature } from "./signature.js";
import {
  type EthersTypedDataSigner,
  parsePrivateKey,
  privateKeyOf,
  type Signer,
  signDigestWithKey,
} from "./signer.js";

/** Who signs: a {@link Signer}, or a private key used directly. */
export type SignerOrKey =
  | { signer: Signer; privateKey?: undefined }
  | { privateKey: Hex | Uint8Array; signer?: undefined };

/** What {@link signAgent} needs. */
export type SignAgentParams = SignerOrKey & {
  /** The action hash to sign. */
  connectionId: Hex | Uint8Array;
  /** `true` for mainnet (source `"a"`), `false` for testnet (`"b"`). */
  isMainnet: boolean;
};

/** What {@link signL1Action} needs. */
export type SignL1ActionParams = SignerOrKey &
  ActionHashParams & {
    /** `true` for mainnet (source `"a"`), `false` for testnet (`"b"`). */
    isMainnet: boolean;
  };

function isEthersStyle(signer: Signer): signer is EthersTypedDataSigner {
  return signer.signTypedData.length >= 3;
}

/**
 * Signs a connection id with the exchange's `Agent` typed data. A private key (given directly or
 * through {@link privateKeySigner}) signs the digest directly; any other signer gets the typed data.
 *
 * @param params - `signer` or `privateKey`, `connectionId`, `isMainnet`.
 * @returns `{ r, s, v }`, r and s as `0x` + 64 hex digits, v 27 or 28.
 * @throws {ExchangeError} for a malformed key or connection id, or a malformed signature from the signer.
 * @example
 * await signAgent({ privateKey, connectionId: actionHash({ action, nonce }), isMainnet: true });
 */
export async function signAgent(params: SignAgentParams): Promise<Signature> {
  const { signer, isMainnet } = params;
  if (!signer && params.privateKey === undefined) {
    throw new ExchangeError("give a signer or a privateKey", { field: "signer" });
  }
  const key = signer ? privateKeyOf(signer) : parsePrivateKey(params.privateKey as Hex | Uint8Array);
  if (key) return signDigestWithKey(agentDigest(params.connectionId, isMainnet), key);
  if (!signer || typeof signer.signTypedData !== "function") {
    throw new ExchangeError("signer must have signTypedData", { field: "signer" });
  }
  const connectionId =
    typeof params.connectionId === "string"
      ? params.connectionId
      : (`0x${bytesToHex(params.connectionId)}` as Hex);
  const typedData = agentTypedData(connectionId, isMainnet);
  if (isEthersStyle(signer)) {
    const types = { Agent: typedData.types.Agent.map((field) => ({ ...field })) };
    return parseSignature(await signer.signTypedData(typedData.domain, types, typedData.message));
  }
  return parseSignature(await signer.signTypedData(typedData));
}

/**
 * Signs an L1 action (an order, a modify, a batchModify, a cancel, …) the way the exchange checks
 * it: `connectionId = actionHash(...)`, then the `Agent` typed data over it.
 *
 * @param params - `signer` or `privateKey`, `action`, `nonce`, optional `vaultAddress` and
 *   `expiresAfter` (null and absent are the same), `isMainnet`.
 * @returns `{ r, s, v }` for the request body's `signature`.
 * @throws {ExchangeError} for a malformed action (naming the field), key, vault or expiry.
 * @example
 * const signature = await signL1Action({
 *   privateKey, isMainnet: true, nonce: Date.now(),
 *   action: { type: "batchModify", modifies: [{ oid: 77738308, order: { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } } }] },
 * });
 */
export async function signL1Action(params: SignL1ActionParams): Promise<Signature> {
  const connectionId = actionHashBytes(params);
  return params.signer
    ? signAgent({ signer: params.signer, connectionId, isMainnet: params.isMainnet })
    : signAgent({
        privateKey: params.privateKey as Hex | Uint8Array,
        connectionId,
        isMainnet: params.isMainnet,
      });
}
