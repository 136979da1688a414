import {
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
