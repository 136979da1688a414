import { parseTonAddress } from "../../../indexer/address/parse-ton-address.js";
import { Cell } from "./cell.js";

/** Writes bits and references into a new {@link Cell}, with the TL-B encodings TON messages use. */
export class CellBuilder {
  #bytes = new Uint8Array(128);
  #bits = 0;
  #refs: Cell[] = [];

  /** Appends one bit. */
  bit(value: boolean | number): this {
    if (this.#bits >= 1023) throw new Error("a cell holds at most 1023 bits");
    if (value)
      this.#bytes[this.#bits >> 3] = (this.#bytes[this.#bits >> 3] as number) | (0x80 >> (this.#bits & 7));
    this.#bits++;
    return this;
  }

  /** Appends an unsigned integer of `bits` bits. */
  uint(value: bigint | number, bits: number): this {
    if (typeof value === "number" && bits <= 32) {
      if (!Number.isInteger(value) || value < 0 || value >= 2 ** bits) {
        throw new Error(`${value} does not fit in ${bits} unsigned bits`);
      }
      for (let i = bits - 1; i >= 0; i--) this.bit((value >>> i) & 1);
      return this;
    }
    const big = BigInt(value);
    if (big < 0n || big >= 1n << BigInt(bits))
      throw new Error(`${value} does not fit in ${bits} unsigned bits`);
    // The leading bits one by one, then whole bytes at once.
    const lead = bits % 8;
    for (let i = bits - 1; i >= bits - lead; i--) this.bit(Number((big >> BigInt(i)) & 1n));
    const byteCount = (bits - lead) / 8;
    if (byteCount === 0) return this;
    const low = big & ((1n << BigInt(bits - lead)) - 1n);
    return this.bytes(Buffer.from(low.toString(16).padStart(byteCount * 2, "0"), "hex"));
  }

  /** Appends a two's-complement signed integer of `bits` bits. */
  int(value: bigint | number, bits: number): this {
    const big = BigInt(value);
    return this.uint(big < 0n ? (1n << BigInt(bits)) + big : big, bits);
  }

  /** Appends whole bytes. */
  bytes(data: Uint8Array): this {
    if (this.#bits + data.length * 8 > 1023) throw new Error("a cell holds at most 1023 bits");
    const shift = this.#bits & 7;
    let at = this.#bits >> 3;
    for (const byte of data) {
      this.#bytes[at] = (this.#bytes[at] as number) | (byte >> shift);
      if (shift !== 0) this.#bytes[at + 1] = (byte << (8 - shift)) & 0xff;
      at++;
    }
    this.#bits += data.length * 8;
    return this;
  }

  /** Appends `Grams`/`VarUInteger 16`: a 4-bit byte count, then the value in that many bytes. */
  coins(value: bigint): this {
    if (value === 0n) return this.uint(0, 4);
    const length = Math.ceil(value.toString(16).length / 2);
    return this.uint(length, 4).uint(value, length * 8);
  }

  /** Appends a `MsgAddress`: `addr_none` for null, else `addr_std` without anycast. */
  address(address: string | null): this {
    if (address === null) return this.uint(0, 2);
    // The ledger's own raw addresses skip the general parser (it runs for every message written).
    const colon = address.indexOf(":");
    const raw = colon > 0 && address.length === colon + 65;
    const { workchain, hash } = raw
      ? { workchain: Number(address.slice(0, colon)), hash: Buffer.from(address.slice(colon + 1), "hex") }
      : parseTonAddress(address);
    return this.uint(2, 2).bit(0).int(workchain, 8).bytes(hash);
  }

  /** Appends a reference to another cell. */
  ref(cell: Cell): this {
    if (this.#refs.length >= 4) throw new Error("a cell holds at most 4 references");
    this.#refs.push(cell);
    return this;
  }

  /** Appends `Maybe ^Cell`: a 0 bit, or a 1 bit and the reference. */
  maybeRef(cell: Cell | null): this {
    return cell === null ? this.bit(0) : this.bit(1).ref(cell);
  }

  /** Appends the bits and references of a cell (or a slice of one) inline. */
  cellInline(cell: Cell, fromBit = 0, fromRef = 0): this {
    for (let i = fromBit; i < cell.bitLength; i++) this.bit(cell.bit(i));
    for (const ref of cell.refs.slice(fromRef)) this.ref(ref);
    return this;
  }

  /** The cell written so far. */
  build(): Cell {
    return new Cell(this.#bytes.slice(0, Math.ceil(this.#bits / 8)), this.#bits, [...this.#refs]);
  }
}

/**
 * A cell holding only a `MsgAddress`, as get-methods return addresses (267 bits for `addr_std`).
 *
 * @param address - Any address form, or null for `addr_none`.
 * @returns The cell.
 * @example
 * addressCell("0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0").bitLength; // 267
 */
export function addressCell(address: string | null): Cell {
  return new CellBuilder().address(address).build();
}

/**
 * A text comment body: opcode 0, then the UTF-8 text (continued in references past one cell).
 *
 * @param text - The comment.
 * @returns The body cell.
 * @example
 * textCommentCell("thanks");
 */
export function textCommentCell(text: string): Cell {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [bytes.subarray(0, 123)];
  for (let at = 123; at < bytes.length; at += 127) chunks.push(bytes.subarray(at, at + 127));
  let tail: Cell | undefined;
  for (let i = chunks.length - 1; i >= 1; i--) {
    const builder = new CellBuilder().bytes(chunks[i] as Uint8Array);
    tail = (tail ? builder.ref(tail) : builder).build();
  }
  const head = new CellBuilder().uint(0, 32).bytes(chunks[0] as Uint8Array);
  return (tail ? head.ref(tail) : head).build();
}
