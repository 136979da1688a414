import type { Cloid } from "./cloid.js";

/** Time in force of a limit order. */
export type Tif = "Alo" | "Ioc" | "Gtc" | "FrontendMarket";

/** A limit order type: `{ limit: { tif } }`. */
export interface LimitOrderType {
  limit: { tif: Tif };
}

/** A trigger (take-profit / stop-loss) order type; key order on the wire is isMarket, triggerPx, tpsl. */
export interface TriggerOrderType {
  trigger: { isMarket: boolean; triggerPx: string; tpsl: "tp" | "sl" };
}

/** An order as the exchange signs it (keys `a, b, p, s, r, t, c` in that order on the wire). */
export interface OrderWire {
  /** Asset index. */
  a: number;
  /** Buy (`true`) or sell. */
  b: boolean;
  /** Limit price as a decimal string. */
  p: string;
  /** Size as a decimal string. */
  s: string;
  /** Reduce only. */
  r: boolean;
  /** Order type. */
  t: LimitOrderType | TriggerOrderType;
  /** Client order id; omitted (never null) when absent. */
  c?: Cloid | undefined;
}

/** The order to change: its exchange order id, or the client order id it was placed with. */
export type OrderRef = number | bigint | Cloid;

/** One entry of a `batchModify` action. */
export interface ModifyWire {
  oid: OrderRef;
  order: OrderWire;
}

/** `batchModify`: replace several resting orders in one signed action. */
export interface BatchModifyAction {
  type: "batchModify";
  modifies: ModifyWire[];
  /** Place the new order even when the old one is gone; hashed only when `true`. */
  a?: boolean | undefined;
}

/** `modify`: replace one resting order. */
export interface ModifyAction {
  type: "modify";
  oid: OrderRef;
  order: OrderWire;
  /** Place the new order even when the old one is gone; hashed only when `true`. */
  a?: boolean | undefined;
}

/** `order`: place orders. */
export interface OrderAction {
  type: "order";
  orders: OrderWire[];
  grouping: "na" | "normalTpsl" | "positionTpsl";
  /** Builder fee: builder address (hashed lowercase) and fee in tenths of a basis point. */
  builder?: { b: string; f: number } | undefined;
}

/** `cancel`: cancel orders by asset and order id. */
export interface CancelAction {
  type: "cancel";
  cancels: { a: number; o: number | bigint }[];
}

/** `cancelByCloid`: cancel orders by asset and client order id. */
export interface CancelByCloidAction {
  type: "cancelByCloid";
  cancels: { asset: number; cloid: Cloid }[];
}

/** `scheduleCancel`: cancel every open order at `time` (ms), or clear the schedule without it. */
export interface ScheduleCancelAction {
  type: "scheduleCancel";
  time?: number | undefined;
}

/** `updateLeverage`: cross or isolated leverage of one asset. */
export interface UpdateLeverageAction {
  type: "updateLeverage";
  asset: number;
  isCross: boolean;
  leverage: number;
}

/** `updateIsolatedMargin`: add (positive) or remove USDC × 10^6 of an isolated position's margin. */
export interface UpdateIsolatedMarginAction {
  type: "updateIsolatedMargin";
  asset: number;
  isBuy: boolean;
  ntli: number;
}

/** Any other L1 action: hashed with its keys in the caller's order, as the official SDKs do. */
export interface OtherAction {
  type: string;
  [key: string]: unknown;
}

/** An L1 action. The actions the spec describes are put in their wire key order before hashing. */
export type L1Action =
  | OrderAction
  | CancelAction
  | CancelByCloidAction
  | ModifyAction
  | BatchModifyAction
  | ScheduleCancelAction
  | UpdateLeverageAction
  | UpdateIsolatedMarginAction
  | OtherAction;
