// Bound for the entry: the client imports action-inputs.ts on its first action, so the entry binds
// its names here rather than re-exporting the module (signing/index.ts says why).
import {
  batchModifyAction as batchModifyActionOf,
  cancelAction as cancelActionOf,
  cancelByCloidAction as cancelByCloidActionOf,
  modifyAction as modifyActionOf,
  orderAction as orderActionOf,
  scheduleCancelAction as scheduleCancelActionOf,
  updateIsolatedMarginAction as updateIsolatedMarginActionOf,
  updateLeverageAction as updateLeverageActionOf,
} from "../action-inputs.js";

/** An `order` action from order inputs, checked (see {@link orderActionOf}). */
export const orderAction = orderActionOf;
/** A `batchModify` action from modifications, checked (see {@link batchModifyActionOf}). */
export const batchModifyAction = batchModifyActionOf;
/** A `modify` action from one modification, checked (see {@link modifyActionOf}). */
export const modifyAction = modifyActionOf;
/** A `cancel` action by order id, checked (see {@link cancelActionOf}). */
export const cancelAction = cancelActionOf;
/** A `cancelByCloid` action, checked (see {@link cancelByCloidActionOf}). */
export const cancelByCloidAction = cancelByCloidActionOf;
/** A `scheduleCancel` action (see {@link scheduleCancelActionOf}). */
export const scheduleCancelAction = scheduleCancelActionOf;
/** An `updateLeverage` action, checked (see {@link updateLeverageActionOf}). */
export const updateLeverageAction = updateLeverageActionOf;
/** An `updateIsolatedMargin` action, checked (see {@link updateIsolatedMarginActionOf}). */
export const updateIsolatedMarginAction = updateIsolatedMarginActionOf;
