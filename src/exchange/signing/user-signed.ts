import { ExchangeError } from "../errors/exchange-error.js";
import type { Hex } from "./action-hash.js";
import { hashTypedData, type TypedData, type TypedDataField } from "./eip712.js";
import { parseSignature, type Signature } from "./signature.js";
import {
  type EthersTypedDataSigner,
  parsePrivateKey,
  privateKeyOf,
  type Signer,
  signDigestWithKey,
} from "./signer.js";

/**
 * The EIP-712 type of one user-signed action: its primary type and the action fields it signs, in
 * order. `hyperliquidChain` comes first in every one; `signatureChainId` is not signed as a field but
 * is the domain's chainId.
 */
export interface UserSignedType {
  /** E.g. `HyperliquidTransaction:ApproveAgent`. */
  primaryType: string;
  fields: readonly TypedDataField[];
}

/**
 * The user-signed actions this package knows, by action `type`. A new one
 * is an entry here, next to its entry in the exchange spec. `usdSend`, `spotSend` and `withdraw3` carry
 * their nonce as `time`, the others as `nonce`.
 */
export const USER_SIGNED_TYPES = {
  approveAgent: {
    primaryType: "HyperliquidTransaction:ApproveAgent",
    fields: [
      { name: "hyperliquidChain", type: "string" },
      { name: "agentAddress", type: "address" },
      { name: "agentName", type: "string" },
      { name: "nonce", type: "uint64" },
    ],
  },
  approveBuilderFee: {
    primaryType: "HyperliquidTransaction:ApproveBuilderFee",
    fields: [
      { name: "hyperliquidChain", type: "string" },
      { name: "maxFeeRate", type: "string" },
      { name: "builder", type: "address" },
      { name: "nonce", type: "uint64" },
    ],
  },
  usdSend: {
    primaryType: "HyperliquidTransaction:UsdSend",
    fields: [
      { name: "hyperliquidChain", type: "string" },
      { name: "destination", type: "string" },
      { name: "amount", type: "string" },
      { name: "time", type: "uint64" },
    ],
  },
  spotSend: {
    primaryType: "HyperliquidTransaction:SpotSend",
    fields: [
      { name: "hyperliquidChain", type: "string" },
      { name: "destination", type: "string" },
      { name: "token", type: "string" },
      { name: "amount", type: "string" },
      { name: "time", type: "uint64" },
    ],
  },
  // The action is `withdraw3`, its EIP-712 type keeps the older name.
  withdraw3: {
    primaryType: "HyperliquidTransaction:Withdraw",
    fields: [
      { name: "hyperliquidChain", type: "string" },
      { name: "destination", type: "string" },
      { name: "amount", type: "string" },
      { name: "time", type: "uint64" },
    ],
  },
  usdClassTransfer: {
    primaryType: "HyperliquidTransaction:UsdClassTransfer",
    fields: [
      { name: "hyperliquidChain", type: "string" },
      { name: "amount", type: "string" },
      { name: "toPerp", type: "bool" },
      { name: "nonce", type: "uint64" },
    ],
  },
  sendAsset: {
    primaryType: "HyperliquidTransaction:SendAsset",
    fields: [
      { name: "hyperliquidChain", type: "string" },
      { name: "destination", type: "string" },
      { name: "sourceDex", type: "string" },
      { name: "destinationDex", type: "string" },
      { name: "token", type: "string" },
      { name: "amount", type: "string" },
      { name: "fromSubAccount", type: "string" },
      { name: "nonce", type: "uint64" },
    ],
  },
} as const satisfies Record<string, UserSignedType>;

/** A user-signed action as sent: its type, the chain it is signed on, and its signed fields. */
export interface UserSignedAction {
  type: string;
  /** The chain id the wallet signs on, lowercase hex (`0x66eee`); the domain's chainId. */
  signatureChainId: string;
  /** `Mainnet` or `Testnet`. */
  hyperliquidChain: "Mainnet" | "Testnet";
  [field: string]: unknown;
}

const CHAIN_ID = /^0x[0-9a-f]{1,64}$/;

/**
 * The typed data a wallet signs for a user-signed action: domain `HyperliquidSignTransaction`
 * version 1 on `signatureChainId`, the action's fields as the message. A field the type lists but the
 * action leaves out is signed as `""` (an unnamed agent's `agentName`).
 *
 * @param action - The action as it will be sent.
 * @param type - Its EIP-712 type (default: the one {@link USER_SIGNED_TYPES} has for `action.type`).
 * @returns Typed data for `signTypedData`.
 * @throws {ExchangeError} naming the field for an unknown action type or a malformed `signatureChainId`.
 * @example
 * userSignedTypedData({ type: "approveAgent", signatureChainId: "0x66eee", hyperliquidChain: "Mainnet",
 *   agentAddress: address, agentName: "bot", nonce: Date.now() });
 */
export function userSignedTypedData(action: UserSignedAction, type?: UserSignedType): TypedData {
  const known = Object.hasOwn(USER_SIGNED_TYPES, action.type)
    ? USER_SIGNED_TYPES[action.type as keyof typeof USER_SIGNED_TYPES]
    : undefined;
  const signed = type ?? known;
  if (!signed) {
    throw new ExchangeError(`/type ${JSON.stringify(action.type)} is not a known user-signed action`, {
      field: "/type",
    });
  }
  if (typeof action.signatureChainId !== "string" || !CHAIN_ID.test(action.signatureChainId)) {
    throw new ExchangeError("/signatureChainId must be 0x and lowercase hex digits, such as 0x66eee", {
      field: "/signatureChainId",
    });
  }
  const message: Record<string, unknown> = {};
  for (const field of signed.fields) message[field.name] = action[field.name] ?? "";
  return {
    domain: {
      name: "HyperliquidSignTransaction",
      version: "1",
      chainId: Number.parseInt(action.signatureChainId, 16),
      verifyingContract: "0x0000000000000000000000000000000000000000",
    },
    types: { [signed.primaryType]: signed.fields },
    primaryType: signed.primaryType,
    message,
  };
}

/** What {@link signUserSignedAction} needs. */
export type SignUserSignedActionParams = (
  | { signer: Signer; privateKey?: undefined }
  | { privateKey: Hex | Uint8Array; signer?: undefined }
) & {
  action: UserSignedAction;
  /** The action's EIP-712 type, when it is not one of {@link USER_SIGNED_TYPES}. */
  type?: UserSignedType;
};

function isEthersStyle(signer: Signer): signer is EthersTypedDataSigner {
  return signer.signTypedData.length >= 3;
}

/**
 * Signs a user-signed action (`approveAgent`, and later `usdSend`, `withdraw3`, …): the action is the
 * EIP-712 message, in the `HyperliquidSignTransaction` domain on its `signatureChainId`. A private
 * key signs the digest directly; any other signer gets the typed data.
 *
 * @param params - `signer` or `privateKey`, the `action`, and optionally its EIP-712 `type`.
 * @returns `{ r, s, v }` for the request body.
 * @throws {ExchangeError} for an unknown action type, a malformed key or field, or a malformed signature from the signer.
 * @example
 * const signature = await signUserSignedAction({ privateKey, action: {
 *   type: "approveAgent", signatureChainId: "0x66eee", hyperliquidChain: "Mainnet",
 *   agentAddress: address, agentName: "bot", nonce: Date.now() } });
 */
export async function signUserSignedAction(params: SignUserSignedActionParams): Promise<Signature> {
  const typedData = userSignedTypedData(params.action, params.type);
  const { signer } = params;
  const key = signer ? privateKeyOf(signer) : parsePrivateKey(params.privateKey as Hex | Uint8Array);
  if (key) return signDigestWithKey(hashTypedData(typedData), key);
  if (!signer || typeof signer.signTypedData !== "function") {
    throw new ExchangeError("signer must have signTypedData", { field: "signer" });
  }
  if (isEthersStyle(signer)) {
    const types = {
      [typedData.primaryType]: typedData.types[typedData.primaryType]?.map((f) => ({ ...f })) ?? [],
    };
    return parseSignature(await signer.signTypedData(typedData.domain, types, typedData.message));
  }
  // The Signer type names the Agent message, but a one-object signTypedData signs any typed data.
  const oneObject = signer as { signTypedData(typedData: TypedData): Promise<string> };
  return parseSignature(await oneObject.signTypedData(typedData));
}
