/**
 * `chainkit/exchange`: EIP-712 signing of L1 actions and a batchModify client for the exchange API.
 */

export type {
  ErrorStatus,
  FilledStatus,
  ModifyStatus,
  RestingStatus,
  WaitingStatus,
} from "../generated/exchange/types.js";
export {
  type BatchModifyOptions,
  type BatchModifyOutcome,
  createExchangeClient,
  type ExchangeClient,
  type ExchangeClientOptions,
} from "./exchange/client.js";
export {
  batchModifyAction,
  type DecimalInput,
  type ModifyInput,
  type OrderInput,
} from "./exchange/modify-input.js";
export { createNonceManager, type NonceManager, nonceManagerFor } from "./exchange/nonce-manager.js";
export {
  type ActionHashParams,
  actionHash,
  actionPreimage,
  encodeAction,
  type Hex,
} from "./exchange/signing/action-hash.js";
export type {
  BatchModifyAction,
  L1Action,
  LimitOrderType,
  ModifyAction,
  ModifyWire,
  OrderAction,
  OrderRef,
  OrderWire,
  OtherAction,
  Tif,
  TriggerOrderType,
} from "./exchange/signing/action-types.js";
export { type Cloid, isCloid, normalizeCloid } from "./exchange/signing/cloid.js";
export { normalizeDecimal, numberToDecimal } from "./exchange/signing/decimal.js";
export {
  AGENT_DOMAIN,
  AGENT_DOMAIN_SEPARATOR,
  type AgentTypedData,
  agentDigest,
  agentTypedData,
  hashTypedData,
  type TypedData,
  type TypedDataDomain,
  type TypedDataField,
} from "./exchange/signing/eip712.js";
export {
  type SignAgentParams,
  type SignerOrKey,
  type SignL1ActionParams,
  signAgent,
  signL1Action,
} from "./exchange/signing/sign-l1-action.js";
export { parseSignature, type Signature } from "./exchange/signing/signature.js";
export {
  type EthersTypedDataSigner,
  type PrivateKeySigner,
  privateKeySigner,
  type Signer,
  type TypedDataSigner,
} from "./exchange/signing/signer.js";
export * from "./runtime/errors/index.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./runtime/max-response-bytes.js";
export type { UsageBudget, UsageMeter, UsageSnapshot } from "./runtime/usage/usage-meter.js";
