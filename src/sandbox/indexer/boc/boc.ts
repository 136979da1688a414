import { BocError } from "./boc-error.js";
import { Cell } from "./cell.js";
import { crc32c } from "./crc32c.js";

const MAGIC = [0xb5, 0xee, 0x9c, 0x72];

/**
 * Serializes a cell tree as a bag of cells (the `te6cc…` base64 the indexer sends): the generic
 * `b5ee9c72` format, one root, no index, with a CRC-32C, cells in topological order (each cell
 * before the cells it refers to, shared cells once).
 *
 * @param root - The root cell.
 * @returns The BoC as standard base64.
 * @example
 * serializeBoc(textCommentCell("hi")); // "te6cckEBAQEACAAADAAAAABoaZz7Rvc="
 */
export function serializeBoc(root: Cell): string {
  const order = topologicalOrder(root);
  const index = new Map(order.map((cell, i) => [cell, i]));
  const refSize = bytesFor(order.length);
  const cells = order.map((cell) => {
    const data = cell.paddedData();
    const bytes = new Uint8Array(2 + data.length + cell.refs.length * refSize);
    bytes.set(cell.descriptors(), 0);
    bytes.set(data, 2);
    cell.refs.forEach((ref, r) => {
      writeUint(bytes, 2 + data.length + r * refSize, index.get(ref) as number, refSize);
    });
    return bytes;
  });
  const totalSize = cells.reduce((sum, bytes) => sum + bytes.length, 0);
  const offsetSize = bytesFor(totalSize);
  const header = [...MAGIC, 0x40 | refSize, offsetSize];
  const out = new Uint8Array(header.length + 3 * refSize + offsetSize + refSize + totalSize + 4);
  out.set(header, 0);
  let at = header.length;
  at = writeUint(out, at, order.length, refSize);
  at = writeUint(out, at, 1, refSize);
  at = writeUint(out, at, 0, refSize);
  at = writeUint(out, at, totalSize, offsetSize);
  at = writeUint(out, at, 0, refSize);
  for (const bytes of cells) {
    out.set(bytes, at);
    at += bytes.length;
  }
  const crc = crc32c(out.subarray(0, at));
  out.set([crc & 0xff, (crc >>> 8) & 0xff, (crc >>> 16) & 0xff, crc >>> 24], at);
  return Buffer.from(out).toString("base64");
}

/**
 * Reads a bag of cells in the generic `b5ee9c72` format (index, CRC-32C and cache bits allowed).
 *
 * @param base64 - The BoC, standard base64 or base64url.
 * @returns The root cells.
 * @throws {BocError} when the bytes are not such a BoC, are cut short, hold exotic cells, refer
 *   backwards, or fail the checksum.
 * @example
 * parseBoc("te6cckEBAQEACAAADAAAAABoaZz7Rvc=")[0]?.bitLength; // 48
 */
export function parseBoc(base64: string): Cell[] {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) throw new BocError("not base64");
  const bytes = Buffer.from(base64, base64.includes("-") || base64.includes("_") ? "base64url" : "base64");
  const reader = new ByteReader(bytes);
  if (!MAGIC.every((byte) => reader.byte() === byte))
    throw new BocError("not a bag of cells (unknown magic)");
  const flags = reader.byte();
  const hasIndex = (flags & 0x80) !== 0;
  const hasCrc = (flags & 0x40) !== 0;
  const refSize = flags & 0x07;
  const offsetSize = reader.byte();
  if (refSize < 1 || refSize > 4 || offsetSize < 1 || offsetSize > 8) throw new BocError("bad size fields");
  const count = reader.uint(refSize);
  const rootCount = reader.uint(refSize);
  const absent = reader.uint(refSize);
  const totalSize = reader.uint(offsetSize);
  if (rootCount < 1 || absent !== 0 || rootCount > count) throw new BocError("bad cell counts");
  const roots = Array.from({ length: rootCount }, () => reader.uint(refSize));
  if (hasIndex) reader.skip(count * offsetSize);
  const cellsStart = reader.at;
  const raw: { data: Uint8Array; bits: number; refs: number[] }[] = [];
  for (let i = 0; i < count; i++) {
    const d1 = reader.byte();
    const d2 = reader.byte();
    if (d1 & 0x08) throw new BocError("exotic cells are not supported");
    const refCount = d1 & 0x07;
    if (refCount > 4) throw new BocError("a cell has more than 4 references");
    const length = Math.ceil(d2 / 2);
    const data = Uint8Array.from(reader.take(length));
    let bits = length * 8;
    if (d2 % 2 === 1) {
      // The last byte is incomplete: the data ends before its last 1 bit.
      const last = data[length - 1] as number;
      if (last === 0) throw new BocError("bad padding");
      const trailing = Math.log2(last & -last);
      bits -= trailing + 1;
      data[length - 1] = last & (0xff << (trailing + 1)) & 0xff;
    }
    const refs = Array.from({ length: refCount }, () => reader.uint(refSize));
    if (refs.some((ref) => ref <= i || ref >= count))
      throw new BocError("a reference does not point forward");
    raw.push({ data, bits, refs });
  }
  if (reader.at - cellsStart !== totalSize) throw new BocError("cell data size does not match the header");
  if (hasCrc) {
    const expected = crc32c(bytes.subarray(0, reader.at));
    const stored = reader.uint32le();
    if (stored !== expected) throw new BocError("CRC-32C does not match");
  }
  if (reader.at !== bytes.length) throw new BocError("trailing bytes after the cells");
  const cells: Cell[] = new Array(count);
  for (let i = count - 1; i >= 0; i--) {
    const { data, bits, refs } = raw[i] as (typeof raw)[number];
    cells[i] = new Cell(
      data,
      bits,
      refs.map((ref) => cells[ref] as Cell),
    );
  }
  return roots.map((root) => cells[root] as Cell);
}

/** Cells reachable from the root, each after every cell that refers to it, in first-seen order. */
function topologicalOrder(root: Cell): Cell[] {
  const order: Cell[] = [];
  const state = new Map<Cell, "visiting" | "done">();
  const visit = (cell: Cell) => {
    if (state.get(cell) === "done") return;
    state.set(cell, "visiting");
    for (const ref of cell.refs) visit(ref);
    state.set(cell, "done");
    order.push(cell);
  };
  visit(root);
  return order.reverse();
}

function bytesFor(value: number): number {
  let size = 1;
  while (value >= 2 ** (8 * size)) size++;
  return size;
}

function writeUint(out: Uint8Array, at: number, value: number, size: number): number {
  for (let i = size - 1; i >= 0; i--) out[at + (size - 1 - i)] = Math.floor(value / 2 ** (8 * i)) & 0xff;
  return at + size;
}

class ByteReader {
  at = 0;
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  take(length: number): Uint8Array {
    if (this.at + length > this.#bytes.length) throw new BocError("cut short");
    const slice = this.#bytes.subarray(this.at, this.at + length);
    this.at += length;
    return slice;
  }

  skip(length: number): void {
    this.take(length);
  }

  byte(): number {
    return this.take(1)[0] as number;
  }

  uint(size: number): number {
    let value = 0;
    for (const byte of this.take(size)) value = value * 256 + byte;
    return value;
  }

  uint32le(): number {
    const bytes = this.take(4);
    return new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  }
}
