/**
 * What the tests take from @nktkas/hyperliquid, the reference chainkit's signing is checked against:
 * its schemas (which set the key order an action is hashed in) and its EIP-712 types.
 */
import {
  ApproveAgentTypes,
  ApproveBuilderFeeTypes,
  BatchModifyRequest,
  CancelByCloidRequest,
  CancelRequest,
  CreateSubAccountRequest,
  EvmUserModifyRequest,
  ModifyRequest,
  NoopRequest,
  OrderRequest,
  ReserveRequestWeightRequest,
  ScheduleCancelRequest,
  SendAssetTypes,
  SpotSendTypes,
  SubAccountSpotTransferRequest,
  SubAccountTransferRequest,
  TwapCancelRequest,
  TwapOrderRequest,
  UpdateIsolatedMarginRequest,
  UpdateLeverageRequest,
  UsdClassTransferTypes,
  UsdSendTypes,
  VaultTransferRequest,
  Withdraw3Types,
} from "@nktkas/hyperliquid/api/exchange";

/** @nktkas/hyperliquid's own schema of each L1 action, which sets the key order it hashes. */
const L1_SCHEMAS = {
  order: OrderRequest,
  cancel: CancelRequest,
  cancelByCloid: CancelByCloidRequest,
  modify: ModifyRequest,
  batchModify: BatchModifyRequest,
  scheduleCancel: ScheduleCancelRequest,
  updateLeverage: UpdateLeverageRequest,
  updateIsolatedMargin: UpdateIsolatedMarginRequest,
  twapOrder: TwapOrderRequest,
  twapCancel: TwapCancelRequest,
  vaultTransfer: VaultTransferRequest,
  createSubAccount: CreateSubAccountRequest,
  subAccountTransfer: SubAccountTransferRequest,
  subAccountSpotTransfer: SubAccountSpotTransferRequest,
  evmUserModify: EvmUserModifyRequest,
  reserveRequestWeight: ReserveRequestWeightRequest,
  noop: NoopRequest,
} as const;

/** @nktkas/hyperliquid's EIP-712 types of each user-signed action. */
const USER_SIGNED_TYPES = {
  approveAgent: ApproveAgentTypes,
  approveBuilderFee: ApproveBuilderFeeTypes,
  usdSend: UsdSendTypes,
  spotSend: SpotSendTypes,
  withdraw3: Withdraw3Types,
  usdClassTransfer: UsdClassTransferTypes,
  sendAsset: SendAssetTypes,
} as const;

/** The user-signed action types @nktkas/hyperliquid has types for. */
export const NKTKAS_USER_SIGNED = Object.keys(USER_SIGNED_TYPES);

/**
 * The @nktkas/hyperliquid schema of an L1 action type, to hand to its `canonicalize`.
 *
 * @throws {Error} for a type that is not an L1 action
 */
export function nktkasL1Schema(type: unknown): never {
  const schema = L1_SCHEMAS[type as keyof typeof L1_SCHEMAS];
  if (!schema) throw new Error(`unknown action type ${String(type)}`);
  return schema.entries.action as never;
}

/**
 * The @nktkas/hyperliquid EIP-712 types of a user-signed action type.
 *
 * @throws {Error} for a type that is not a user-signed action
 */
export function nktkasUserSignedTypes(type: unknown): never {
  const types = USER_SIGNED_TYPES[type as keyof typeof USER_SIGNED_TYPES];
  if (!types) throw new Error(`unknown user-signed action type ${String(type)}`);
  return types as never;
}

/**
 * The EIP-712 typed data of a user-signed action, with @nktkas/hyperliquid's types and the domain
 * of user-signed actions (the chain id is the action's `signatureChainId`).
 */
export function userSignedTypedData(action: Record<string, unknown>) {
  const types = nktkasUserSignedTypes(action.type) as Record<string, unknown>;
  return {
    domain: {
      name: "HyperliquidSignTransaction",
      version: "1",
      chainId: Number.parseInt(action.signatureChainId as string, 16),
      verifyingContract: "0x0000000000000000000000000000000000000000",
    },
    types,
    primaryType: Object.keys(types)[0] as string,
    message: action,
  } as const;
}

/** The EIP-712 typed data of an `approveAgent` action (see {@link userSignedTypedData}). */
export function approveAgentTypedData(action: Record<string, unknown>) {
  return userSignedTypedData({ ...action, type: "approveAgent" });
}
