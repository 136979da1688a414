/**
 * What the tests take from @nktkas/hyperliquid, the reference chainkit's signing is checked against:
 * its schemas (which set the key order an action is hashed in) and its EIP-712 types.
 */
import {
  ApproveAgentTypes,
  BatchModifyRequest,
  CancelByCloidRequest,
  CancelRequest,
  ModifyRequest,
  OrderRequest,
  ScheduleCancelRequest,
  UpdateIsolatedMarginRequest,
  UpdateLeverageRequest,
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
} as const;

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
 * The EIP-712 typed data of an `approveAgent` action, with @nktkas/hyperliquid's types and the
 * domain of user-signed actions (the chain id is the action's `signatureChainId`).
 */
export function approveAgentTypedData(action: Record<string, unknown>) {
  return {
    domain: {
      name: "HyperliquidSignTransaction",
      version: "1",
      chainId: Number.parseInt(action.signatureChainId as string, 16),
      verifyingContract: "0x0000000000000000000000000000000000000000",
    },
    types: ApproveAgentTypes,
    primaryType: "HyperliquidTransaction:ApproveAgent",
    message: action,
  } as const;
}
