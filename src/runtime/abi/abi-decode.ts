import { type AbiType, headSize, isDynamic } from "./abi-type.js";

// Strict UTF-8: a string of invalid bytes is refused, not patched with U+FFFD; a leading BOM is kept.
const utf8 = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function refuse(offset: number, why: string): never {
  throw new Error(`the ABI data at byte ${offset} ${why}`);
}

function word(bytes: Uint8Array, offset: number): bigint {
  if (offset + 32 > bytes.length) refuse(offset, "runs past the end of the data");
  let hex = "0x";
  for (let i = offset; i < offset + 32; i++) hex += (bytes[i] as number).toString(16).padStart(2, "0");
  return BigInt(hex);
}

// A length or an offset: it can only point inside the data, so anything larger is refused before use.
function smallWord(bytes: Uint8Array, offset: number): number {
  const value = word(bytes, offset);
  if (value > BigInt(bytes.length))
    refuse(offset, `holds ${value}, more than the data's ${bytes.length} bytes`);
  return Number(value);
}

function zeroPadding(bytes: Uint8Array, from: number, to: number): void {
  for (let i = from; i < to; i++) if (bytes[i] !== 0) refuse(i, "is padding that is not zero");
}

// Decodes the sequence whose heads start at `start` (a tuple, an array's items, a function's
// outputs); returns the values and where the sequence ends. Only the canonical layout is read: each
// dynamic value starts exactly where the previous one ended, so no byte is read twice and none is skipped.
function decodeSequence(types: readonly AbiType[], bytes: Uint8Array, start: number): [unknown[], number] {
  let head = start;
  let tail = start;
  for (const type of types) tail += headSize(type);
  if (tail > bytes.length) refuse(start, "runs past the end of the data");
  const values: unknown[] = [];
  for (const type of types) {
    if (isDynamic(type)) {
      if (start + smallWord(bytes, head) !== tail) {
        refuse(head, `is an offset other than the one the encoding places it at (${tail - start})`);
      }
      const [value, end] = decodeValue(type, bytes, tail);
      values.push(value);
      tail = end;
      head += 32;
    } else {
      const [value, end] = decodeValue(type, bytes, head);
      values.push(value);
      head = end;
    }
  }
  return [values, tail];
}

function decodeValue(type: AbiType, bytes: Uint8Array, at: number): [unknown, number] {
  switch (type.kind) {
    case "uint":
    case "int": {
      const raw = word(bytes, at);
      const bits = BigInt(type.bits);
      // A signed value is sign-extended over the whole word: read it as 256-bit two's complement.
      const value = type.kind === "int" && raw >> 255n === 1n ? raw - (1n << 256n) : raw;
      const limit = 1n << (type.kind === "uint" ? bits : bits - 1n);
      if (type.kind === "uint" ? value >= limit : value >= limit || value < -limit) {
        refuse(at, `holds a value outside ${type.kind}${type.bits}'s range`);
      }
      return [value, at + 32];
    }
    case "bool": {
      const value = word(bytes, at);
      if (value > 1n) refuse(at, "holds a bool other than 0 or 1");
      return [value === 1n, at + 32];
    }
    case "address": {
      const value = word(bytes, at);
      if (value >> 160n !== 0n) refuse(at, "holds an address with bytes above its 20");
      return [`0x${value.toString(16).padStart(40, "0")}`, at + 32];
    }
    case "fixedBytes":
      if (at + 32 > bytes.length) refuse(at, "runs past the end of the data");
      zeroPadding(bytes, at + type.size, at + 32);
      return [bytes.slice(at, at + type.size), at + 32];
    case "string":
    case "bytes": {
      const length = smallWord(bytes, at);
      const end = at + 32 + Math.ceil(length / 32) * 32;
      if (end > bytes.length) refuse(at, "runs past the end of the data");
      zeroPadding(bytes, at + 32 + length, end);
      const content = bytes.slice(at + 32, at + 32 + length);
      if (type.kind === "bytes") return [content, end];
      try {
        return [utf8.decode(content), end];
      } catch {
        return refuse(at, "is a string whose bytes are not UTF-8");
      }
    }
    case "array": {
      let length = type.length;
      let start = at;
      if (length === undefined) {
        length = smallWord(bytes, at);
        start = at + 32;
      }
      // Checked before the item list is built: a hostile length cannot allocate past the data.
      if (start + length * headSize(type.item) > bytes.length) refuse(at, "runs past the end of the data");
      return decodeSequence(new Array<AbiType>(length).fill(type.item), bytes, start);
    }
    case "tuple": {
      const [values, end] = decodeSequence(type.items, bytes, at);
      const names = type.names;
      if (names === undefined) return [values, end];
      return [Object.fromEntries(names.map((name, i) => [name, values[i]])), end];
    }
  }
}

/**
 * Decodes ABI data of a sequence of types (a function's outputs, an error's inputs), strictly: the
 * canonical layout only (offsets where the encoding puts them, zero padding, integers, booleans and
 * addresses within their type) and no bytes after it, so one value has one encoding.
 *
 * @param types - The sequence's types.
 * @param bytes - The data.
 * @returns One value per type: bigints for integers, lowercase `0x` hex for addresses, Uint8Array for bytes.
 * @throws {Error} naming the byte offset and what is wrong there.
 * @example
 * const data = new Uint8Array(32).fill(1, 31);
 * decodeAbiSequence([{ kind: "bool" }], data); // [true]
 */
export function decodeAbiSequence(types: readonly AbiType[], bytes: Uint8Array): unknown[] {
  const [values, end] = decodeSequence(types, bytes, 0);
  if (end !== bytes.length) refuse(end, "is past the end of the encoding: the data has bytes left over");
  return values;
}
