import { ExchangeError } from "../errors/exchange-error.js";
import { isCloid } from "./cloid.js";
import { isDecimalString } from "./decimal.js";
import type { MsgpackWriter } from "./msgpack.js";
import { toWireInteger } from "./wire-integer.js";
import { ACTION_SHAPES, type WireShape } from "./wire-shapes.js";

/**
 * Builds the exact value the exchange hashes for an action. For the actions the spec describes
 * (see `wire-shapes.ts`) the key order comes from the action's schema, since the service hashes its
 * own parse and the caller's key order must not matter: unknown keys are refused, `undefined` keys
 * dropped, cloids and builder addresses lowercased. Prices and sizes are checked to be decimal
 * strings but hashed as given (normalizing them is the caller's choice; the official vectors include
 * `"2000.0"`). Other action types keep the caller's key order, with integers prepared for msgpack.
 */

type Plain = Record<string, unknown>;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function fail(field: string, message: string): never {
  throw new ExchangeError(`${field || "action"} ${message}`, { field: field || "/" });
}

function record(value: unknown, field: string): Plain {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(field, "must be an object");
  return value as Plain;
}

function refuseUnknownKeys(object: Plain, field: string, keys: readonly string[]): void {
  for (const key in object) {
    if (!keys.includes(key) && object[key] !== undefined) {
      fail(`${field}/${key}`, `is not a known key (expected ${keys.join(", ")})`);
    }
  }
}

// How many keys of `object` hold a value (the keys `for…in` sees, as refuseUnknownKeys reads them).
function definedKeyCount(object: Plain): number {
  let count = 0;
  for (const key in object) if (object[key] !== undefined) count++;
  return count;
}

function choice(value: unknown, field: string, options: readonly string[]): string {
  if (typeof value !== "string" || !options.includes(value))
    fail(field, `must be one of ${options.join(", ")}`);
  return value;
}

// A value's JSON pointer is built only when it is needed (an error, or a nested value's parent):
// most values are leaves that pass, and the walk runs per signature.
const pointer = (parent: string, key: string | number): string => `${parent}/${key}`;

/**
 * Where the walk of a known action puts what it accepts, in wire order: the msgpack writer (the
 * bytes that are hashed, with no copy of the action in between) or {@link WireValueBuilder} (the
 * value, for {@link canonicalAction}). A map's size comes first, then each key and its value; `end`
 * closes a map or an array.
 */
export interface WireSink {
  mapHeader(size: number): void;
  key(name: string): void;
  arrayHeader(length: number): void;
  string(value: string): void;
  integer(value: number | bigint): void;
  boolean(value: boolean): void;
  end(): void;
}

/** Builds the canonical value from what the walk puts (every key comes from a wire shape). */
class WireValueBuilder implements WireSink {
  value: unknown;
  private readonly open: (Plain | unknown[])[] = [];
  private pendingKey = "";

  mapHeader(): void {
    this.start({});
  }
  key(name: string): void {
    this.pendingKey = name;
  }
  arrayHeader(): void {
    this.start([]);
  }
  string(value: string): void {
    this.put(value);
  }
  integer(value: number | bigint): void {
    this.put(value);
  }
  boolean(value: boolean): void {
    this.put(value);
  }
  end(): void {
    this.open.pop();
  }

  private start(container: Plain | unknown[]): void {
    this.put(container);
    this.open.push(container);
  }

  private put(value: unknown): void {
    const parent = this.open[this.open.length - 1];
    if (parent === undefined) this.value = value;
    else if (Array.isArray(parent)) parent.push(value);
    else parent[this.pendingKey] = value;
  }
}

/** The wire form of a scalar (a checked integer, boolean or string); names the field when `value` does not fit. */
function wireScalar(
  value: unknown,
  shape: Extract<WireShape, string>,
  parent: string,
  key: string | number | undefined,
): number | bigint | boolean | string {
  switch (shape) {
    case "uint":
      if (typeof value === "number" && value >= 0 && value <= 0xffffffff && Number.isInteger(value))
        return value;
      return toWireInteger(value, at(parent, key) || "/", true);
    case "int":
      return toWireInteger(value, at(parent, key) || "/");
    case "bool":
      if (typeof value !== "boolean") fail(at(parent, key), "must be a boolean");
      return value;
    case "decimal":
      if (!isDecimalString(value))
        fail(at(parent, key), 'must be an unsigned decimal string such as "100.5"');
      return value;
    case "cloid":
      if (!isCloid(value)) fail(at(parent, key), "must be 0x followed by 32 hex digits");
      return value.toLowerCase();
    case "lowercaseAddress":
      if (typeof value !== "string" || !ADDRESS.test(value))
        fail(at(parent, key), "must be a 20-byte hex address");
      return value.toLowerCase();
    case "orderRef":
      if (typeof value === "string") {
        if (!isCloid(value)) fail(at(parent, key), "must be an order id or a cloid (0x + 32 hex digits)");
        return value.toLowerCase();
      }
      return toWireInteger(value, at(parent, key), true);
    case "trueOnly":
      if (value !== true) fail(at(parent, key), "must be true, or left out");
      return true;
    case "string":
      if (typeof value !== "string") fail(at(parent, key), "must be a string");
      return value;
  }
}

/** Puts `parent/key`'s `value` into `out` in its wire form, or names the field that does not fit `shape`. */
function wire(
  value: unknown,
  shape: WireShape,
  parent: string,
  key: string | number | undefined,
  out: WireSink,
): void {
  if (typeof shape === "string") {
    const scalar = wireScalar(value, shape, parent, key);
    if (typeof scalar === "string") out.string(scalar);
    else if (typeof scalar === "boolean") out.boolean(scalar);
    else out.integer(scalar);
    return;
  }
  const field = at(parent, key);
  if ("const" in shape) {
    if (value !== shape.const) fail(field, `must be "${shape.const}"`);
    out.string(shape.const);
    return;
  }
  if ("enum" in shape) {
    out.string(choice(value, field, shape.enum));
    return;
  }
  if ("list" in shape) {
    if (!Array.isArray(value)) fail(field, "must be an array");
    out.arrayHeader(value.length);
    for (let index = 0; index < value.length; index++) wire(value[index], shape.list, field, index, out);
    out.end();
    return;
  }
  const object = record(value, field);
  if ("oneKey" in shape) {
    const keys = Object.keys(shape.oneKey);
    refuseUnknownKeys(object, field, keys);
    const present = keys.filter((name) => object[name] !== undefined);
    if (present.length !== 1) fail(field, `must have exactly one of ${keys.join(", ")}`);
    const name = present[0] as string;
    out.mapHeader(1);
    out.key(name);
    wire(object[name], shape.oneKey[name] as WireShape, field, name, out);
    out.end();
    return;
  }
  // Unknown keys are refused before anything else is checked; counting first keeps the usual case
  // (no unknown key) free of per-key searches. The count also sizes the map, which comes first.
  let known = 0;
  let size = 0;
  for (const [name, inner] of shape.fields) {
    const item = object[name];
    if (item === undefined) continue;
    known++;
    if (!skipped(inner, item)) size++;
  }
  if (known !== definedKeyCount(object)) {
    refuseUnknownKeys(
      object,
      field,
      shape.fields.map(([name]) => name),
    );
  }
  out.mapHeader(size);
  let written = 0;
  for (const [name, inner, required] of shape.fields) {
    const item = object[name];
    if (item === undefined || skipped(inner, item)) {
      if (required) fail(pointer(field, name), "is required");
      continue;
    }
    out.key(name);
    wire(item, inner, field, name, out);
    written++;
  }
  // A getter that answers differently on a second read would leave the map's size wrong.
  if (written !== size) fail(field, "changed while it was read: give plain values, not getters");
  out.end();
}

// `trueOnly` keys are hashed only when true: `false` is the same as absent.
function skipped(shape: WireShape, item: unknown): boolean {
  return shape === "trueOnly" && item === false;
}

// The pointer of `parent/key`, or `parent` itself for the action (the root has no key).
function at(parent: string, key: string | number | undefined): string {
  return key === undefined ? parent : pointer(parent, key);
}

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

// The wire shape of a known action, or `undefined` for any other value.
function shapeOf(action: unknown): WireShape | undefined {
  if (typeof action !== "object" || action === null || Array.isArray(action)) return undefined;
  const type = (action as Plain).type;
  return typeof type === "string" && Object.hasOwn(ACTION_SHAPES, type) ? ACTION_SHAPES[type] : undefined;
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
  const shape = shapeOf(action);
  if (shape === undefined) return callerOrdered(action, "");
  const builder = new WireValueBuilder();
  wire(action, shape, "", undefined, builder);
  return builder.value;
}

/**
 * Writes the msgpack encoding of `action`'s canonical form (what {@link canonicalAction} returns),
 * checking each field of a known action as it writes it: no copy of the action is made.
 *
 * @param action - any L1 action object.
 * @param out - The writer; on an error, what it holds is not an encoding.
 * @throws {ExchangeError} as {@link canonicalAction} does.
 * @example
 * const out = new MsgpackWriter();
 * writeCanonicalAction({ type: "scheduleCancel" }, out);
 * out.bytes(); // 81 a4 74 79 70 65 ae …
 */
export function writeCanonicalAction(action: unknown, out: MsgpackWriter): void {
  const shape = shapeOf(action);
  if (shape === undefined) out.value(callerOrdered(action, ""));
  else wire(action, shape, "", undefined, out);
}
