import type { Modification, Order } from "../../generated/exchange/types.js";
import { ExchangeError } from "../runtime/errors/exchange-error.js";
import { canonicalAction } from "./signing/canonical-action.js";
import { normalizeCloid } from "./signing/cloid.js";
import { normalizeDecimal, numberToDecimal } from "./signing/decimal.js";

/** A price or size: a decimal string, or a number that 8 decimals hold exactly. */
export type DecimalInput = string | number;

/** An order as {@link ModifyInput} takes it: the wire order, with prices and sizes as strings or numbers. */
export interface OrderInput {
  /** Asset index. */
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
    | { limit: { tif: "Alo" | "Ioc" | "Gtc" } }
    | { trigger: { isMarket: boolean; triggerPx: DecimalInput; tpsl: "tp" | "sl" } };
  /** Client order id for the new order, `0x` + 32 hex digits. */
  c?: string | undefined;
}

/** One modification: the order to replace (exchange order id or cloid) and its complete new version. */
export interface ModifyInput {
  oid: number | bigint | string;
  order: OrderInput;
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function decimalOf(value: unknown, field: string): unknown {
  if (typeof value === "number") return numberToDecimal(value, field);
  if (typeof value === "string") return normalizeDecimal(value, field);
  return value; // left for the schema check to name
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
  const wire: Loose = {
    ...order,
    p: decimalOf(order.p, `${field}/p`),
    s: decimalOf(order.s, `${field}/s`),
    t: orderTypeOf(order.t, `${field}/t`),
  };
  if (typeof order.c === "string") wire.c = normalizeCloid(order.c, `${field}/c`);
  return wire;
}

function oidOf(oid: unknown, field: string): unknown {
  if (typeof oid === "string") return normalizeCloid(oid, field);
  if (typeof oid === "bigint" && oid <= BigInt(Number.MAX_SAFE_INTEGER) && oid >= 0n) return Number(oid);
  return oid;
}

/**
 * Turns the caller's modifications into the wire form the exchange signs: prices and sizes as
 * canonical decimal strings (numbers converted exactly, `"100.0"` written `"100"`), cloids lowercase,
 * keys in canonical order, `undefined` keys dropped.
 *
 * @param modifies - The modifications, in order.
 * @returns The batchModify action.
 * @throws {ExchangeError} naming the field (`/modifies/3/order/p`) for a malformed entry or an unknown key.
 * @example
 * batchModifyAction([{ oid: 77738308, order: { a: 0, b: true, p: 61500, s: "0.0020", r: false, t: { limit: { tif: "Gtc" } } } }]);
 * // { type: "batchModify", modifies: [{ oid: 77738308, order: { ..., p: "61500", s: "0.002", ... } }] }
 */
export function batchModifyAction(modifies: readonly ModifyInput[]): {
  type: "batchModify";
  modifies: Modification[];
} {
  if (!Array.isArray(modifies) || modifies.length === 0) {
    throw new ExchangeError("/modifies must be a non-empty array", { field: "/modifies" });
  }
  const wire = modifies.map((entry: unknown, index) => {
    const field = `/modifies/${index}`;
    if (!isObject(entry)) return entry;
    return { ...entry, oid: oidOf(entry.oid, `${field}/oid`), order: orderOf(entry.order, `${field}/order`) };
  });
  // Checks every key and type (throwing with the field's pointer) and fixes the key order.
  canonicalAction({ type: "batchModify", modifies: wire });
  return {
    type: "batchModify",
    modifies: wire.map((entry) => {
      const { oid, order } = entry as { oid: Modification["oid"]; order: Order };
      const { a, b, p, s, r, t, c } = order;
      const ordered: Order = {
        a,
        b,
        p,
        s,
        r,
        t: "limit" in t ? { limit: { tif: t.limit.tif } } : triggerOf(t),
      };
      if (c !== undefined) ordered.c = c;
      return { oid, order: ordered };
    }),
  };
}

function triggerOf(t: Extract<Order["t"], { trigger: unknown }>): Order["t"] {
  const { isMarket, triggerPx, tpsl } = t.trigger;
  return { trigger: { isMarket, triggerPx, tpsl } };
}
