import { sha256 } from "@noble/hashes/sha2.js";

/** An ordinary TON cell: up to 1023 data bits and up to four references. */
export class Cell {
  /** The data bits, packed most significant bit first (trailing bits of the last byte are zero). */
  readonly data: Uint8Array;
  readonly bitLength: number;
  readonly refs: readonly Cell[];
  #hash: Uint8Array | undefined;
  #depth: number | undefined;

  constructor(data: Uint8Array, bitLength: number, refs: readonly Cell[] = []) {
    if (bitLength > 1023) throw new Error(`a cell holds at most 1023 bits, got ${bitLength}`);
    if (refs.length > 4) throw new Error(`a cell holds at most 4 references, got ${refs.length}`);
    this.data = data;
    this.bitLength = bitLength;
    this.refs = refs;
  }

  /** The two descriptor bytes: reference count (ordinary, level 0), then the data length in half-bytes. */
  descriptors(): [number, number] {
    return [this.refs.length, Math.floor(this.bitLength / 8) + Math.ceil(this.bitLength / 8)];
  }

  /** The data bytes as serialized: an incomplete last byte gets a 1 bit after the data, then zeros. */
  paddedData(): Uint8Array {
    const bytes = new Uint8Array(Math.ceil(this.bitLength / 8));
    bytes.set(this.data.subarray(0, bytes.length));
    const rest = this.bitLength % 8;
    if (rest !== 0) {
      const last = bytes.length - 1;
      bytes[last] = ((bytes[last] as number) & (0xff << (8 - rest))) | (0x80 >> rest);
    }
    return bytes;
  }

  /** Length of the longest chain of references below this cell. */
  depth(): number {
    this.#depth ??= this.refs.length === 0 ? 0 : Math.max(...this.refs.map((ref) => ref.depth())) + 1;
    return this.#depth;
  }

  /** The representation hash (SHA-256 of descriptors, padded data, the references' depths and hashes). */
  hash(): Uint8Array {
    if (this.#hash) return this.#hash;
    const data = this.paddedData();
    const repr = new Uint8Array(2 + data.length + this.refs.length * 34);
    repr.set(this.descriptors(), 0);
    repr.set(data, 2);
    let at = 2 + data.length;
    for (const ref of this.refs) {
      const depth = ref.depth();
      repr[at++] = depth >> 8;
      repr[at++] = depth & 0xff;
    }
    for (const ref of this.refs) {
      repr.set(ref.hash(), at);
      at += 32;
    }
    this.#hash = sha256(repr);
    return this.#hash;
  }

  /** The hash as the indexer writes it, standard base64. */
  hashBase64(): string {
    return Buffer.from(this.hash()).toString("base64");
  }

  /** Reads bit `index` of the data (0 is the first). */
  bit(index: number): boolean {
    return (((this.data[index >> 3] as number) >> (7 - (index & 7))) & 1) === 1;
  }
}
