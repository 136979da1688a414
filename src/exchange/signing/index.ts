// The public face of exchange signing, as `chainkit/exchange` exports it. The client loads the
// same code on its first action, so the names are bound here as constants instead of re-exported:
// a split build (esbuild) puts every module that the entry re-exports and that lazy code shares in
// the entry's static imports, even when the app uses none of them. A constant no app uses is
// dropped with its imports; each binding's docs are on the function or value it names.
import {
  actionHash as actionHashOf,
  actionPreimage as actionPreimageOf,
  encodeAction as encodeActionOf,
} from "./action-hash.js";
import {
  AGENT_DOMAIN_SEPARATOR as AGENT_DOMAIN_SEPARATOR_VALUE,
  AGENT_DOMAIN as AGENT_DOMAIN_VALUE,
  agentDigest as agentDigestOf,
  agentTypedData as agentTypedDataOf,
  hashTypedData as hashTypedDataOf,
} from "./eip712.js";
import { signAgent as signAgentOf, signL1Action as signL1ActionOf } from "./sign-l1-action.js";
import { parseSignature as parseSignatureOf } from "./signature.js";
import {
  signUserSignedAction as signUserSignedActionOf,
  USER_SIGNED_TYPES as USER_SIGNED_TYPES_VALUE,
  userSignedTypedData as userSignedTypedDataOf,
} from "./user-signed.js";

export type { ActionHashParams, Hex } from "./action-hash.js";
export type { AgentTypedData, TypedData, TypedDataDomain, TypedDataField } from "./eip712.js";
export type { SignAgentParams, SignerOrKey, SignL1ActionParams } from "./sign-l1-action.js";
export type { Signature } from "./signature.js";
export type { SignUserSignedActionParams, UserSignedAction, UserSignedType } from "./user-signed.js";

/** keccak256 of an L1 action's preimage, the `connectionId` an agent signs (see {@link actionHashOf}). */
export const actionHash = actionHashOf;
/** The bytes {@link actionHash} hashes: msgpack(action) ‖ nonce ‖ vault ‖ expiry (see {@link actionPreimageOf}). */
export const actionPreimage = actionPreimageOf;
/** An L1 action as the exchange's msgpack encodes it (see {@link encodeActionOf}). */
export const encodeAction = encodeActionOf;
/** The EIP-712 domain L1 actions are signed under. */
export const AGENT_DOMAIN: typeof AGENT_DOMAIN_VALUE = AGENT_DOMAIN_VALUE;
/** The hash of {@link AGENT_DOMAIN}. */
export const AGENT_DOMAIN_SEPARATOR = AGENT_DOMAIN_SEPARATOR_VALUE;
/** The EIP-712 digest of an agent message (see {@link agentDigestOf}). */
export const agentDigest = agentDigestOf;
/** The typed data an agent signature covers (see {@link agentTypedDataOf}). */
export const agentTypedData = agentTypedDataOf;
/** The EIP-712 digest of flat typed data (see {@link hashTypedDataOf}). */
export const hashTypedData = hashTypedDataOf;
/** Splits a 65-byte hex signature into `{ r, s, v }` (see {@link parseSignatureOf}). */
export const parseSignature = parseSignatureOf;
/** Signs an agent message (see {@link signAgentOf}). */
export const signAgent = signAgentOf;
/** Signs an L1 action (see {@link signL1ActionOf}). */
export const signL1Action = signL1ActionOf;
/** Signs a user-signed action: transfers, withdrawals, account settings (see {@link signUserSignedActionOf}). */
export const signUserSignedAction = signUserSignedActionOf;
/** The EIP-712 types of each user-signed action. */
export const USER_SIGNED_TYPES: typeof USER_SIGNED_TYPES_VALUE = USER_SIGNED_TYPES_VALUE;
/** The typed data a user-signed action's signature covers (see {@link userSignedTypedDataOf}). */
export const userSignedTypedData = userSignedTypedDataOf;
