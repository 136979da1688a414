import type {
  BatchModifyAction,
  CancelAction,
  CancelByCloidAction,
  Grouping,
  ModifyAction,
  OrderAction,
  ScheduleCancelAction,
  UpdateIsolatedMarginAction,
  UpdateLeverageAction,
} from "../../generated/exchange/types.js";
import { ExchangeError } from "./errors/exchange-error.js";
import { canonicalAction } from "./signing/canonical-action.js";
import { normalizeDecimal, numberToDecimal } from "./signing/decimal.js";

/**
 * Builds the wire form of each L1 action from what a caller passes: prices and sizes as canonical
 * decimal strings (numbers converted exactly, `"100.0"` written `"100"`), cloids and builder
 * addresses lowercase, keys in wire order, `undefined` keys dropped. Every key and type is checked on
 * the way, so a malformed input is named by its JSON pointer (`/orders/2/t/limit/tif`).
 */

/** A price or size: a decimal string, or a number that 8 decimals hold exactly. */
export type DecimalInput = string | number;

/** An order as the client takes it: the wire order, with prices and sizes as strings or numbers. */
export interface OrderInput {
  /** Asset index (see `createAssetDirectory(...).index("BTC")`). */
  a: number;
  /** Buy (`true`) or sell. */
  b: boolean;
  /** Limit price. */
  p: DecimalInput;
  /** Size. */
  s: DecimalInput;
  /** Reduce only. */
  r: boolean;
  /** `{ limit: { tif } }` or `{ trigger: { isMarket, triggerPx, tpsl } }`. */
  t:
    | { limit: { tif: "Alo" | "Ioc" | "Gtc" | "FrontendMarket" } }
    | { trigger: { isMarket: boolean; triggerPx: DecimalInput; tpsl: "tp" | "sl" } };
  /** Client order id, `0x` + 32 hex digits. */
  c?: string | undefined;
}

/** One modification: the order to replace (exchange order id or cloid) and its complete new version. */
export interface ModifyInput {
  oid: number | bigint | string;
  order: OrderInput;
}

/** One cancel by order id: the asset and the order id. */
export interface CancelInput {
  a: number;
  o: number | bigint;
}

/** One cancel by client order id: the asset and the cloid. */
export interface CancelByCloidInput {
  asset: number;
  cloid: string;
}

/** A builder fee: the builder's address (any case) and the fee in tenths of a basis point. */
export interface BuilderInput {
  b: string;
  f: number;
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function decimalOf(value: unknown, field: string): unknown {
  if (typeof value === "number") return numberToDecimal(value, field);
  if (typeof value === "string") return normalizeDecimal(value, field);
  return value; // left for the wire check to name
}

function orderTypeOf(t: unknown, field: string): unknown {
  if (!isObject(t) || !isObject(t.trigger)) return t;
  const trigger = t.trigger;
  return {
    ...t,
    trigger: { ...trigger, triggerPx: decimalOf(trigger.triggerPx, `${field}/trigger/triggerPx`) },
  };
}

function orderOf(order: unknown, field: string): unknown {
  if (!isObject(order)) return order;
  return {
    ...order,
    p: decimalOf(order.p, `${field}/p`),
    s: decimalOf(order.s, `${field}/s`),
    t: orderTypeOf(order.t, `${field}/t`),
  };
}

function modificationOf(entry: unknown, field: string): unknown {
  if (!isObject(entry)) return entry;
  return { ...entry, order: orderOf(entry.order, `${field}/order`) };
}

function list(value: unknown, map: (item: unknown, field: string) => unknown, field: string): unknown {
  return Array.isArray(value) ? value.map((item, index) => map(item, `${field}/${index}`)) : value;
}

/** The JSON body form of a wire value: bigints (64-bit msgpack integers) back to numbers when safe. */
function jsonForm(value: unknown): unknown {
  if (typeof value === "bigint") return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  if (Array.isArray(value)) return value.map(jsonForm);
  if (isObject(value)) {
    const copy: Loose = {};
    for (const [key, item] of Object.entries(value)) copy[key] = jsonForm(item);
    return copy;
  }
  return value;
}

/** The most a builder may take on a perpetual order, in tenths of a basis point (0.1%); spot allows 1000. */
const PERP_BUILDER_FEE_CAP = 100;
/** Spot assets are numbered from 10000 (10000 + the pair's index); perpetuals below. */
const FIRST_SPOT_ASSET = 10_000;

/**
 * The service refuses the whole action when a builder fee is over the perpetual cap and any order is
 * on a perpetual, after the user signed it: said here, before signing, with the order that caps it.
 */
function checkPerpBuilderFee(orders: readonly OrderInput[], builder: BuilderInput | undefined): void {
  if (!builder || typeof builder.f !== "number" || builder.f <= PERP_BUILDER_FEE_CAP) return;
  const perp = Array.isArray(orders)
    ? orders.findIndex(
        (order) => isObject(order) && typeof order.a === "number" && order.a < FIRST_SPOT_ASSET,
      )
    : -1;
  if (perp < 0) return;
  throw new ExchangeError(
    `builder fee ${builder.f} is over ${PERP_BUILDER_FEE_CAP} tenths of a basis point (0.1%), the most a builder may take on a perpetual order (/orders/${perp} is one); up to 1000 is allowed when every order is spot`,
    { field: "/builder/f" },
  );
}

/** Checks and orders an action by its wire shape, in its JSON form. */
function wireAction<T>(action: Loose): T {
  return jsonForm(canonicalAction(action)) as T;
}

/**
 * The `order` action for these orders.
 *
 * @param orders - The orders, in order.
 * @param grouping - `na` (default), `normalTpsl` or `positionTpsl`.
 * @param builder - An optional builder fee.
 * @returns The action in wire form.
 * @throws {ExchangeError} naming the field (`/orders/0/p`) for a malformed entry or an unknown key,
 * and `/builder/f` for a builder fee over the cap of a perpetual among the orders.
 * @example
 * orderAction([{ a: 0, b: true, p: 61500, s: "0.002", r: false, t: { limit: { tif: "Gtc" } } }]);
 */
export function orderAction(
  orders: readonly OrderInput[],
  grouping: Grouping = "na",
  builder?: BuilderInput,
): OrderAction {
  checkPerpBuilderFee(orders, builder);
  return wireAction({ type: "order", orders: list(orders, orderOf, "/orders"), grouping, builder });
}

/**
 * The `batchModify` action for these modifications.
 *
 * @param modifies - The modifications, in order.
 * @param alwaysPlace - Place each new order even when the old one is gone (hashed only when true).
 * @returns The action in wire form.
 * @throws {ExchangeError} naming the field (`/modifies/3/order/p`) for a malformed entry or an unknown key.
 * @example
 * batchModifyAction([{ oid: 77738308, order: { a: 0, b: true, p: 61500, s: "0.0020", r: false, t: { limit: { tif: "Gtc" } } } }]);
 * // { type: "batchModify", modifies: [{ oid: 77738308, order: { ..., p: "61500", s: "0.002", ... } }] }
 */
export function batchModifyAction(modifies: readonly ModifyInput[], alwaysPlace = false): BatchModifyAction {
  return wireAction({
    type: "batchModify",
    modifies: list(modifies, modificationOf, "/modifies"),
    a: alwaysPlace || undefined,
  });
}

/**
 * The `modify` action for one modification.
 *
 * @param modification - The order to replace and its new version.
 * @param alwaysPlace - Place the new order even when the old one is gone (hashed only when true).
 * @returns The action in wire form.
 * @throws {ExchangeError} naming the field (`/order/s`) for a malformed input.
 * @example
 * modifyAction({ oid: 77738308, order: { a: 0, b: true, p: "61000", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } } });
 */
export function modifyAction(modification: ModifyInput, alwaysPlace = false): ModifyAction {
  const entry: Loose = isObject(modification) ? modification : {};
  return wireAction({
    type: "modify",
    oid: entry.oid,
    order: orderOf(entry.order, "/order"),
    a: alwaysPlace || undefined,
  });
}

/**
 * The `cancel` action.
 *
 * @param cancels - `{ a, o }`: asset and order id, in order.
 * @returns The action in wire form.
 * @throws {ExchangeError} naming the field (`/cancels/0/o`).
 * @example
 * cancelAction([{ a: 0, o: 77738308 }]);
 */
export function cancelAction(cancels: readonly CancelInput[]): CancelAction {
  return wireAction({ type: "cancel", cancels });
}

/**
 * The `cancelByCloid` action.
 *
 * @param cancels - `{ asset, cloid }`, in order.
 * @returns The action in wire form (cloids lowercase).
 * @throws {ExchangeError} naming the field (`/cancels/0/cloid`).
 * @example
 * cancelByCloidAction([{ asset: 0, cloid: "0x00000000000000000000000000000007" }]);
 */
export function cancelByCloidAction(cancels: readonly CancelByCloidInput[]): CancelByCloidAction {
  return wireAction({ type: "cancelByCloid", cancels });
}

/**
 * The `scheduleCancel` action: cancel everything at `time`, or clear the schedule without it.
 *
 * @example
 * scheduleCancelAction(Date.now() + 60_000);
 */
export function scheduleCancelAction(time?: number): ScheduleCancelAction {
  return wireAction({ type: "scheduleCancel", time });
}

/**
 * The `updateLeverage` action.
 *
 * @example
 * updateLeverageAction({ asset: 0, isCross: true, leverage: 10 });
 */
export function updateLeverageAction(params: {
  asset: number;
  isCross: boolean;
  leverage: number;
}): UpdateLeverageAction {
  return wireAction({ type: "updateLeverage", ...params });
}

/**
 * The `updateIsolatedMargin` action; `ntli` is USDC × 10^6, negative to remove margin.
 *
 * @example
 * updateIsolatedMarginAction({ asset: 0, isBuy: true, ntli: 1_000_000 });
 */
export function updateIsolatedMarginAction(params: {
  asset: number;
  isBuy: boolean;
  ntli: number;
}): UpdateIsolatedMarginAction {
  return wireAction({ type: "updateIsolatedMargin", ...params });
}
