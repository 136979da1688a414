import { type AbiType, headSize, isDynamic } from "./abi-type.js";

const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const utf8 = /* @__PURE__ */ new TextEncoder();

function refuse(at: string, why: string): never {
  throw new Error(`${at || "the value"} ${why}`);
}

// A word holding a non-negative integer below 2^256, big-endian.
function wordOf(value: bigint): Uint8Array {
  const word = new Uint8Array(32);
  let rest = value;
  for (let i = 31; i >= 0 && rest > 0n; i--) {
    word[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return word;
}

function integerWord(type: { kind: "uint" | "int"; bits: number }, value: unknown, at: string): Uint8Array {
  const name = `${type.kind}${type.bits}`;
  let integer: bigint;
  if (typeof value === "bigint") integer = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) integer = BigInt(value);
  else return refuse(at, `is ${String(value)}: a ${name} takes a bigint or a safe-integer number`);
  const bits = BigInt(type.bits);
  const [min, max] =
    type.kind === "uint" ? [0n, (1n << bits) - 1n] : [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n];
  if (integer < min || integer > max) refuse(at, `is ${integer}, outside ${name}'s range ${min} to ${max}`);
  // Negative values are written in two's complement over the whole word.
  return wordOf(integer < 0n ? (1n << 256n) + integer : integer);
}

function bytesOf(value: unknown, at: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (typeof value === "string" && HEX_BYTES.test(value)) {
    const bytes = new Uint8Array((value.length - 2) / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(2 + i * 2, 4 + i * 2), 16);
    return bytes;
  }
  return refuse(at, "must be bytes: a Uint8Array or 0x-prefixed hex of whole bytes");
}

// Bytes padded on the right to whole words, after their length word when `withLength`.
function padded(bytes: Uint8Array, withLength: boolean): Uint8Array {
  const start = withLength ? 32 : 0;
  const out = new Uint8Array(start + Math.ceil(bytes.length / 32) * 32);
  if (withLength) out.set(wordOf(BigInt(bytes.length)));
  out.set(bytes, start);
  return out;
}

/**
 * The parts' bytes one after another, in one new array.
 *
 * @param parts - The byte arrays, in order.
 * @returns Their concatenation.
 * @example
 * concatBytes([new Uint8Array([1]), new Uint8Array([2, 3])]); // Uint8Array [1, 2, 3]
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * ABI-encodes values of a sequence of types (a tuple's components, an array's items, a function's
 * inputs): static values in place, dynamic ones after the heads, each head then its offset.
 *
 * @param types - The sequence's types.
 * @param values - One value per type.
 * @param at - Where the sequence is, for errors (`/args`).
 * @param labels - Each value's name in errors (a tuple's component names); indexes by default.
 * @returns The encoding.
 * @throws {Error} naming the value (`/args/1`) that does not fit its type, and how.
 * @example
 * encodeAbiSequence([{ kind: "uint", bits: 8 }], [1n], ""); // 32 bytes, the last one 0x01
 */
export function encodeAbiSequence(
  types: readonly AbiType[],
  values: readonly unknown[],
  at: string,
  labels?: readonly string[],
): Uint8Array {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailOffset = types.reduce((sum, type) => sum + headSize(type), 0);
  types.forEach((type, i) => {
    const encoded = encodeAbiValue(type, values[i], `${at}/${labels?.[i] ?? i}`);
    if (!isDynamic(type)) {
      heads.push(encoded);
      return;
    }
    heads.push(wordOf(BigInt(tailOffset)));
    tails.push(encoded);
    tailOffset += encoded.length;
  });
  return concatBytes([...heads, ...tails]);
}

/**
 * ABI-encodes one value of a type, as it stands alone (a dynamic value without its offset).
 *
 * @param type - The parsed type.
 * @param value - The value: a bigint (or safe-integer number) for integers, `0x` hex for addresses, a
 *   Uint8Array or hex for bytes, an array for arrays, an array or an object by component name for tuples.
 * @param at - Where the value is, for errors.
 * @returns The encoding.
 * @throws {Error} naming the value that does not fit its type, and how.
 * @example
 * encodeAbiValue({ kind: "bool" }, true, "/0"); // 32 bytes, the last one 0x01
 */
export function encodeAbiValue(type: AbiType, value: unknown, at: string): Uint8Array {
  switch (type.kind) {
    case "uint":
    case "int":
      return integerWord(type, value, at);
    case "bool":
      if (typeof value !== "boolean") refuse(at, `is ${String(value)}: a bool takes true or false`);
      return wordOf(value ? 1n : 0n);
    case "address":
      if (typeof value !== "string" || !ADDRESS.test(value))
        refuse(at, "must be an address: 0x and 40 hex digits");
      return wordOf(BigInt(value));
    case "string":
      // A lone surrogate (\p{Cs} with the u flag) has no UTF-8 form: refused rather than written as U+FFFD.
      if (typeof value !== "string" || /\p{Cs}/u.test(value))
        refuse(at, "must be a string of whole Unicode characters");
      return padded(utf8.encode(value), true);
    case "bytes":
      return padded(bytesOf(value, at), true);
    case "fixedBytes": {
      const bytes = bytesOf(value, at);
      if (bytes.length !== type.size)
        refuse(at, `is ${bytes.length} bytes: a bytes${type.size} takes exactly ${type.size}`);
      return padded(bytes, false);
    }
    case "array": {
      if (!Array.isArray(value)) return refuse(at, "must be an array");
      if (type.length !== undefined && value.length !== type.length) {
        refuse(at, `has ${value.length} items where the type takes exactly ${type.length}`);
      }
      const items = encodeAbiSequence(
        value.map(() => type.item),
        value,
        at,
      );
      return type.length === undefined ? concatBytes([wordOf(BigInt(value.length)), items]) : items;
    }
    case "tuple": {
      if (value === null || typeof value !== "object")
        return refuse(at, "must be an array or an object of the tuple's components");
      const names = type.names;
      if (Array.isArray(value) || names === undefined) {
        if (!Array.isArray(value) || value.length !== type.items.length) {
          refuse(at, `must be an array of the tuple's ${type.items.length} components`);
        }
        return encodeAbiSequence(type.items, value, at);
      }
      const record = value as Record<string, unknown>;
      const missing = names.find((name) => !(name in record));
      if (missing !== undefined) refuse(at, `has no ${missing}, a component of the tuple`);
      return encodeAbiSequence(
        type.items,
        names.map((name) => record[name]),
        at,
        names,
      );
    }
  }
}
