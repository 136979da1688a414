import { ExchangeError } from "../../runtime/errors/exchange-error.js";
import { isCloid, normalizeCloid } from "./cloid.js";
import { isDecimalString } from "./decimal.js";
import { toWireInteger } from "./wire-integer.js";

/**
 * Builds the exact value the exchange hashes for an action. For `order`, `modify` and
 * `batchModify` the key order comes from the action's schema (the service hashes its own parse,
 * so the caller's key order must not matter): unknown keys are refused, `undefined` keys dropped,
 * cloids lowercased. Prices and sizes are checked to be decimal strings but hashed as given
 * (normalizing them is the caller's choice; the official vectors include `"2000.0"`).
 * Other action types keep the caller's key order, with integers prepared for msgpack.
 */

type Plain = Record<string, unknown>;

const TIFS = ["Alo", "Ioc", "Gtc", "FrontendMarket"];
const TPSLS = ["tp", "sl"];
const GROUPINGS = ["na", "normalTpsl", "positionTpsl"];
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function fail(field: string, message: string): never {
  throw new ExchangeError(`${field || "action"} ${message}`, { field: field || "/" });
}

function record(value: unknown, field: string, keys: readonly string[]): Plain {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(field, "must be an object");
  for (const key in value) {
    if (!keys.includes(key) && (value as Plain)[key] !== undefined) {
      fail(`${field}/${key}`, `is not a known key (expected ${keys.join(", ")})`);
    }
  }
  return value as Plain;
}

function present(object: Plain, key: string, field: string): unknown {
  const value = object[key];
  if (value === undefined) fail(`${field}/${key}`, "is required");
  return value;
}

function boolean(object: Plain, key: string, field: string): boolean {
  const value = present(object, key, field);
  if (typeof value !== "boolean") fail(`${field}/${key}`, "must be a boolean");
  return value;
}

function decimal(object: Plain, key: string, field: string): string {
  const value = present(object, key, field);
  if (!isDecimalString(value)) fail(`${field}/${key}`, 'must be an unsigned decimal string such as "100.5"');
  return value;
}

function choice(object: Plain, key: string, field: string, options: readonly string[]): string {
  const value = present(object, key, field);
  if (typeof value !== "string" || !options.includes(value)) {
    fail(`${field}/${key}`, `must be one of ${options.join(", ")}`);
  }
  return value;
}

function unsigned(object: Plain, key: string, field: string): number | bigint {
  return toWireInteger(present(object, key, field), `${field}/${key}`, true);
}

function orderType(value: unknown, field: string): Plain {
  const type = record(value, field, ["limit", "trigger"]);
  if ((type.limit === undefined) === (type.trigger === undefined)) {
    fail(field, "must have exactly one of limit, trigger");
  }
  if (type.limit !== undefined) {
    const limit = record(type.limit, `${field}/limit`, ["tif"]);
    return { limit: { tif: choice(limit, "tif", `${field}/limit`, TIFS) } };
  }
  const at = `${field}/trigger`;
  const trigger = record(type.trigger, at, ["isMarket", "triggerPx", "tpsl"]);
  return {
    trigger: {
      isMarket: boolean(trigger, "isMarket", at),
      triggerPx: decimal(trigger, "triggerPx", at),
      tpsl: choice(trigger, "tpsl", at, TPSLS),
    },
  };
}

/** The order wire in key order `a, b, p, s, r, t, c`; `c` only when a cloid is given. */
function order(value: unknown, field: string): Plain {
  const input = record(value, field, ["a", "b", "p", "s", "r", "t", "c"]);
  const wire: Plain = {
    a: unsigned(input, "a", field),
    b: boolean(input, "b", field),
    p: decimal(input, "p", field),
    s: decimal(input, "s", field),
    r: boolean(input, "r", field),
    t: orderType(present(input, "t", field), `${field}/t`),
  };
  if (input.c !== undefined) wire.c = normalizeCloid(input.c as string, `${field}/c`);
  return wire;
}

function orderRef(object: Plain, field: string): number | bigint | string {
  const value = present(object, "oid", field);
  if (typeof value === "string") {
    if (!isCloid(value)) fail(`${field}/oid`, "must be an order id or a cloid (0x + 32 hex digits)");
    return value.toLowerCase();
  }
  return toWireInteger(value, `${field}/oid`, true);
}

/** `a` (always place) is hashed only when true: the service rejects an action hashed with `a: false`. */
function alwaysPlace(object: Plain, wire: Plain, field: string): Plain {
  if (object.a === undefined || object.a === false) return wire;
  if (object.a !== true) fail(`${field}/a`, "must be a boolean");
  wire.a = true;
  return wire;
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) fail(field, "must be an array");
  return value;
}

function batchModify(action: Plain): Plain {
  const modifies = list(present(action, "modifies", ""), "/modifies").map((entry, index) => {
    const at = `/modifies/${index}`;
    const modify = record(entry, at, ["oid", "order"]);
    return { oid: orderRef(modify, at), order: order(present(modify, "order", at), `${at}/order`) };
  });
  return alwaysPlace(action, { type: "batchModify", modifies }, "");
}

function modify(action: Plain): Plain {
  const wire = {
    type: "modify",
    oid: orderRef(action, ""),
    order: order(present(action, "order", ""), "/order"),
  };
  return alwaysPlace(action, wire, "");
}

function grouping(value: unknown): unknown {
  if (typeof value === "string") {
    if (!GROUPINGS.includes(value)) fail("/grouping", `must be one of ${GROUPINGS.join(", ")} or { p }`);
    return value;
  }
  return { p: unsigned(record(value, "/grouping", ["p"]), "p", "/grouping") };
}

function orderAction(action: Plain): Plain {
  const orders = list(present(action, "orders", ""), "/orders").map((entry, index) =>
    order(entry, `/orders/${index}`),
  );
  const wire: Plain = { type: "order", orders, grouping: grouping(present(action, "grouping", "")) };
  if (action.builder !== undefined) {
    const builder = record(action.builder, "/builder", ["b", "f"]);
    const address = present(builder, "b", "/builder");
    if (typeof address !== "string" || !ADDRESS.test(address))
      fail("/builder/b", "must be a 20-byte hex address");
    wire.builder = { b: address.toLowerCase(), f: unsigned(builder, "f", "/builder") };
  }
  return wire;
}

const CANONICAL: Record<string, { keys: readonly string[]; build: (action: Plain) => Plain }> = {
  batchModify: { keys: ["type", "modifies", "a"], build: batchModify },
  modify: { keys: ["type", "oid", "order", "a"], build: modify },
  order: { keys: ["type", "orders", "grouping", "builder"], build: orderAction },
};

/** Copies any other value in the caller's key order: undefined keys dropped, integers sized. */
function callerOrdered(value: unknown, field: string): unknown {
  if (typeof value === "number" || typeof value === "bigint") return toWireInteger(value, field || "/");
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map((item, index) => callerOrdered(item, `${field}/${index}`));
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Plain = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) copy[key] = callerOrdered(item, `${field}/${key}`);
    }
    return copy;
  }
  return fail(field, "must hold only objects, arrays, strings, booleans, integers and null");
}

/**
 * Returns the value to msgpack-encode for `action`.
 *
 * @param action - any L1 action object.
 * @returns a fresh object in wire key order, ready for the msgpack encoder.
 * @throws {ExchangeError} naming the field (a JSON pointer such as `/modifies/3/order/t/limit/tif`)
 *   when a known action has an unknown, missing or mistyped key, or any action holds a non-integer number.
 * @example
 * canonicalAction({ type: "modify", oid: 1, order: { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } } });
 * // { type, oid, order }, keys in the order the service hashes them
 */
export function canonicalAction(action: unknown): unknown {
  if (typeof action === "object" && action !== null && !Array.isArray(action)) {
    const type = (action as Plain).type;
    const known = typeof type === "string" && Object.hasOwn(CANONICAL, type) ? CANONICAL[type] : undefined;
    if (known) return known.build(record(action, "", known.keys));
  }
  return callerOrdered(action, "");
}
