/**
 * The msgpack encoding the exchange hashes, for the values a canonical action holds: maps (in their
 * key order), arrays, strings, booleans, null and integers, each integer in its smallest format, as
 * the official SDKs write them. Numbers that are not integers never reach here (the canonical action
 * refuses them), so floats are not supported.
 */

const textEncoder = new TextEncoder();

/**
 * A growing msgpack byte buffer, written value by value: {@link encodeMsgpack} writes a whole value
 * with it, and the action walk writes each field into it as it checks it, with no copy in between.
 */
export class MsgpackWriter {
  buffer: Uint8Array;
  view: DataView;
  length = 0;

  /** @param capacity - Bytes to start with (it grows as needed). */
  constructor(capacity = 256) {
    this.buffer = new Uint8Array(capacity);
    this.view = new DataView(this.buffer.buffer);
  }

  /** The bytes written so far (a view of the buffer, not a copy). */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + extra));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }

  byte(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }

  /** A one-byte marker followed by a big-endian unsigned integer of `size` bytes. */
  marked(marker: number, size: 1 | 2 | 4, value: number): void {
    this.reserve(1 + size);
    this.buffer[this.length++] = marker;
    if (size === 1) this.view.setUint8(this.length, value);
    else if (size === 2) this.view.setUint16(this.length, value);
    else this.view.setUint32(this.length, value);
    this.length += size;
  }

  /** A one-byte marker followed by a big-endian 64-bit integer. */
  marked64(marker: number, value: bigint): void {
    this.reserve(9);
    this.buffer[this.length++] = marker;
    if (marker === 0xcf) this.view.setBigUint64(this.length, value);
    else this.view.setBigInt64(this.length, value);
    this.length += 8;
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** A big-endian unsigned 64-bit integer, bare (no msgpack marker): the preimage's nonce and expiry. */
  bareUint64(value: bigint): void {
    this.reserve(8);
    this.view.setBigUint64(this.length, value);
    this.length += 8;
  }

  /** An integer in its smallest format. */
  integer(value: number | bigint): void {
    integer(this, value);
  }

  string(value: string): void {
    string(this, value);
  }

  /** A map key: a string. */
  key(name: string): void {
    string(this, name);
  }

  boolean(value: boolean): void {
    this.byte(value ? 0xc3 : 0xc2);
  }

  /** The header of an array of `length` items; the items follow. */
  arrayHeader(length: number): void {
    header(this, length, 0x90, 16, ARRAY_MARKERS);
  }

  /** The header of a map of `size` entries; each key (a string) and its value follow. */
  mapHeader(size: number): void {
    header(this, size, 0x80, 16, MAP_MARKERS);
  }

  /** Closes a map or array: nothing to write, msgpack states their sizes up front. */
  end(): void {}

  /** Any value a canonical action holds (see {@link encodeMsgpack}). */
  value(value: unknown): void {
    write(this, value);
  }
}

function integer(out: MsgpackWriter, value: number | bigint): void {
  if (typeof value === "bigint" || !Number.isSafeInteger(value)) {
    const big = BigInt(value);
    if (big >= -0x80000000n && big <= 0xffffffffn) integer(out, Number(big));
    else out.marked64(big < 0n ? 0xd3 : 0xcf, big);
  } else if (value >= 0) {
    if (value <= 0x7f) out.byte(value);
    else if (value <= 0xff) out.marked(0xcc, 1, value);
    else if (value <= 0xffff) out.marked(0xcd, 2, value);
    else if (value <= 0xffffffff) out.marked(0xce, 4, value);
    else out.marked64(0xcf, BigInt(value));
  } else if (value >= -32) out.byte(value & 0xff);
  else if (value >= -0x80) out.marked(0xd0, 1, value & 0xff);
  else if (value >= -0x8000) out.marked(0xd1, 2, value & 0xffff);
  else if (value >= -0x80000000) out.marked(0xd2, 4, value >>> 0);
  else out.marked64(0xd3, BigInt(value));
}

// The 8-bit (strings only), 16-bit and 32-bit length markers of each kind.
const STRING_MARKERS = [0xd9, 0xda, 0xdb] as const;
const ARRAY_MARKERS = [0, 0xdc, 0xdd] as const;
const MAP_MARKERS = [0, 0xde, 0xdf] as const;

/** A header holding a length: a fix form below `fixLimit`, then 8 (strings only), 16 and 32 bits. */
function header(
  out: MsgpackWriter,
  length: number,
  fix: number,
  fixLimit: number,
  markers: readonly [number, number, number],
): void {
  const [m8, m16, m32] = markers;
  if (length < fixLimit) out.byte(fix | length);
  else if (m8 !== 0 && length <= 0xff) out.marked(m8, 1, length);
  else if (length <= 0xffff) out.marked(m16, 2, length);
  else out.marked(m32, 4, length);
}

function string(out: MsgpackWriter, value: string): void {
  // Keys and most values are ASCII: copy those bytes directly, encode the rest as UTF-8.
  let ascii = true;
  for (let i = 0; i < value.length && ascii; i++) ascii = value.charCodeAt(i) < 0x80;
  if (!ascii) {
    const bytes = textEncoder.encode(value);
    header(out, bytes.length, 0xa0, 32, STRING_MARKERS);
    out.raw(bytes);
    return;
  }
  header(out, value.length, 0xa0, 32, STRING_MARKERS);
  out.reserve(value.length);
  for (let i = 0; i < value.length; i++) out.buffer[out.length++] = value.charCodeAt(i);
}

function write(out: MsgpackWriter, value: unknown): void {
  if (value === null) out.byte(0xc0);
  else if (typeof value === "boolean") out.byte(value ? 0xc3 : 0xc2);
  else if (typeof value === "number" || typeof value === "bigint") integer(out, value);
  else if (typeof value === "string") string(out, value);
  else if (Array.isArray(value)) {
    out.arrayHeader(value.length);
    for (const item of value) write(out, item);
  } else {
    const map = value as Record<string, unknown>;
    const keys = Object.keys(map);
    let size = 0;
    for (const key of keys) if (map[key] !== undefined) size++;
    out.mapHeader(size);
    for (const key of keys) {
      const item = map[key];
      if (item === undefined) continue;
      string(out, key);
      write(out, item);
    }
  }
}

/**
 * msgpack bytes of a canonical action value.
 *
 * @param value - Objects, arrays, strings, booleans, null, safe integers and bigints (up to 64 bits).
 * @returns The encoding; map keys in their insertion order, `undefined` members left out.
 * @example
 * encodeMsgpack({ type: "scheduleCancel" }); // 81 a4 74 79 70 65 ae …
 */
export function encodeMsgpack(value: unknown): Uint8Array {
  const out = new MsgpackWriter();
  write(out, value);
  return out.bytes();
}
