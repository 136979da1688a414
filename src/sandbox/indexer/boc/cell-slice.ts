import { BocError } from "./boc-error.js";
import type { Cell } from "./cell.js";

/** Reads a cell's bits and references in order, as TL-B decoders do. */
export class CellSlice {
  readonly cell: Cell;
  bitAt = 0;
  refAt = 0;

  constructor(cell: Cell) {
    this.cell = cell;
  }

  /** Bits not read yet. */
  get bitsLeft(): number {
    return this.cell.bitLength - this.bitAt;
  }

  bit(): boolean {
    if (this.bitAt >= this.cell.bitLength) throw new BocError("cell data ends early");
    return this.cell.bit(this.bitAt++);
  }

  uint(bits: number): bigint {
    let value = 0n;
    for (let i = 0; i < bits; i++) value = (value << 1n) | (this.bit() ? 1n : 0n);
    return value;
  }

  int(bits: number): bigint {
    const value = this.uint(bits);
    return value >= 1n << BigInt(bits - 1) ? value - (1n << BigInt(bits)) : value;
  }

  ref(): Cell {
    const ref = this.cell.refs[this.refAt];
    if (!ref) throw new BocError("cell references end early");
    this.refAt++;
    return ref;
  }

  /** Reads `Grams`/`VarUInteger 16`. */
  coins(): bigint {
    return this.uint(Number(this.uint(4)) * 8);
  }

  /** Reads a `MsgAddressInt` (`addr_std` without anycast), as raw `workchain:HEX`. */
  addressInt(): string {
    if (this.uint(2) !== 2n) throw new BocError("expected an addr_std address");
    if (this.bit()) throw new BocError("anycast addresses are not supported");
    const workchain = this.int(8);
    const hash = this.uint(256).toString(16).padStart(64, "0").toUpperCase();
    return `${workchain}:${hash}`;
  }

  /** Skips a `MsgAddressExt` (`addr_none` or `addr_extern`). */
  skipAddressExt(): void {
    const tag = this.uint(2);
    if (tag === 1n) this.uint(Number(this.uint(9)));
    else if (tag !== 0n) throw new BocError("expected an external address");
  }
}
