/**
 * The same string shapes by length as `string-shapes-by-length.ts`, with the bytes classified by a
 * WebAssembly SIMD kernel (16 bytes at a time) and the string tokens then read from its masks in
 * JavaScript: the second prototype of issue 47's digit check off the string path, timed by the
 * validation floor tables. The module is assembled here from its instructions (no toolchain is
 * installed); `check` in the floor row holds its answer to the JavaScript pass's.
 */
import { LONGEST_RECORDED, NOT_PLAIN_HEX, NOT_PREFIXED_HEX } from "./string-shapes-by-length.js";

/** Where the kernel writes its masks: one 32-bit word per 16 input bytes, after the input. */
const MASKS_AT = 1 << 22;
/** Memory of the module: 8 MiB, input below {@link MASKS_AT}, masks above. */
const PAGES = 128;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ZERO = 0x30;
const LOWER_X = 0x78;

/** Unsigned LEB128, as WebAssembly writes sizes, indices and offsets. */
function leb(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest >>>= 7;
    out.push(rest === 0 ? low : low | 0x80);
  } while (rest !== 0);
  return out;
}

const sized = (bytes: number[]) => [...leb(bytes.length), ...bytes];
const section = (id: number, bytes: number[]) => [id, ...sized(bytes)];
const name = (text: string) => sized([...new TextEncoder().encode(text)]);
/** A SIMD instruction: the 0xfd prefix and its opcode. */
const simd = (opcode: number) => [0xfd, ...leb(opcode)];
/** `v128.const` with the same byte in every lane. */
const lanes = (byte: number) => [...simd(0x0c), ...new Array<number>(16).fill(byte)];

const I8X16_EQ = 0x23;
const I8X16_LT_U = 0x26;
const V128_OR = 0x50;
const I8X16_BITMASK = 0x64;
const I8X16_SUB = 0x71;
const V128_LOAD = 0x00;
// Locals: the parameter n (0), the position i (1), the 16 bytes v (2).
const N = 0;
const I = 1;
const V = 2;

/**
 * `classify(n)`: for each 16 bytes from 0 to n, one word at MASKS_AT + i / 4 whose low 16 bits mark the
 * quotes and backslashes and whose high 16 bits mark the hex digits (`byte - '0' < 10` or
 * `(byte | 0x20) - 'a' < 6`, unsigned, lane by lane).
 */
const CLASSIFY = [
  ...[0x02, 0x40, 0x03, 0x40], // block, loop
  ...[0x20, I, 0x20, N, 0x4f, 0x0d, 1], // i >= n: leave the block
  ...[0x20, I, 0x41, ...leb(2), 0x76], // the word's address: i >> 2
  ...[0x20, I, ...simd(V128_LOAD), 0x00, 0x00, 0x21, V],
  ...[0x20, V, ...lanes(QUOTE), ...simd(I8X16_EQ), 0x20, V, ...lanes(BACKSLASH), ...simd(I8X16_EQ)],
  ...[...simd(V128_OR), ...simd(I8X16_BITMASK)],
  ...[0x20, V, ...lanes(ZERO), ...simd(I8X16_SUB), ...lanes(10), ...simd(I8X16_LT_U)],
  ...[0x20, V, ...lanes(0x20), ...simd(V128_OR), ...lanes(0x61), ...simd(I8X16_SUB), ...lanes(6)],
  ...[...simd(I8X16_LT_U), ...simd(V128_OR), ...simd(I8X16_BITMASK)],
  ...[0x41, ...leb(16), 0x74, 0x72], // hex << 16 | quotes
  ...[0x36, 0x02, ...leb(MASKS_AT)], // i32.store
  ...[0x20, I, 0x41, ...leb(16), 0x6a, 0x21, I], // i += 16
  ...[0x0c, 0, 0x0b, 0x0b, 0x0b], // next round; end loop, block, function
];

/** The module's bytes: one function `classify(i32)`, its memory exported. */
export const KERNEL_BYTES = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, [1, 0x60, 1, 0x7f, 0]), // type (i32) -> ()
  ...section(3, [1, 0]), // one function of that type
  ...section(5, [1, 0, ...leb(PAGES)]), // memory
  ...section(7, [2, ...name("classify"), 0, 0, ...name("memory"), 2, 0]),
  ...section(10, [1, ...sized([2, 1, 0x7f, 1, 0x7b, ...CLASSIFY])]), // locals: i32, v128
]);

let kernel: { classify(length: number): void; memory: WebAssembly.Memory } | undefined;

/** The masks of `bytes` (see CLASSIFY), one word per 16 bytes. */
export function hexMasks(bytes: Uint8Array): Uint32Array {
  kernel ??= new WebAssembly.Instance(new WebAssembly.Module(KERNEL_BYTES)).exports as typeof kernel & object;
  if (bytes.length + 16 > MASKS_AT) throw new RangeError("the prototype reads answers up to 4 MiB");
  const memory = new Uint8Array(kernel.memory.buffer);
  memory.set(bytes, 0);
  memory.fill(0x20, bytes.length, bytes.length + 16); // the last block's tail: neither quote nor digit
  kernel.classify(bytes.length);
  return new Uint32Array(kernel.memory.buffer, MASKS_AT, Math.ceil(bytes.length / 16));
}

/** Whether the bytes from `from` to `to` (excluded) are all hex digits, by the masks. */
function allHex(masks: Uint32Array, from: number, to: number): boolean {
  if (from >= to) return true;
  const last = (to - 1) >> 4;
  let wanted = (0xffff << (from & 15)) & 0xffff;
  for (let block = from >> 4; block <= last; block++) {
    if (block === last) wanted &= 0xffff >>> (15 - ((to - 1) & 15));
    if ((((masks[block] as number) >>> 16) & wanted) !== wanted) return false;
    wanted = 0xffff;
  }
  return true;
}

/**
 * `stringShapesByLength`, read from the SIMD masks: each quote closes or opens a string; a string
 * with a backslash, or a byte of a multi-byte character (never a hex digit), marks every length it
 * could decode to, as the JavaScript pass does.
 *
 * @param bytes - The answer as received (JSON that `JSON.parse` accepted).
 * @returns One byte of bits per length, as `stringShapesByLength`.
 */
export function stringShapesBySimd(bytes: Uint8Array): Uint8Array {
  const masks = hexMasks(bytes);
  const notShapes = new Uint8Array(LONGEST_RECORDED + 1);
  let open = -1;
  for (let block = 0; block < masks.length; block++) {
    let special = (masks[block] as number) & 0xffff;
    while (special !== 0) {
      const at = (block << 4) + 31 - Math.clz32(special & -special);
      special &= special - 1;
      if (bytes[at] === BACKSLASH) {
        if (open < 0) continue; // never outside a string in JSON
        let close = at;
        while (bytes[close] !== QUOTE) close += bytes[close] === BACKSLASH ? 2 : 1;
        markEveryLength(notShapes, close - open);
        open = -1;
        block = close >> 4;
        special = (masks[block] as number) & 0xffff & ~((2 << (close & 15)) - 1);
        continue;
      }
      if (open < 0) {
        open = at + 1;
        continue;
      }
      const length = at - open;
      let shape = NOT_PLAIN_HEX | NOT_PREFIXED_HEX;
      if (allHex(masks, open, at)) shape = NOT_PREFIXED_HEX;
      else if (bytes[open] === ZERO && bytes[open + 1] === LOWER_X && allHex(masks, open + 2, at))
        shape = NOT_PLAIN_HEX;
      else if (!isAscii(bytes, open, at)) markEveryLength(notShapes, length);
      if (length <= LONGEST_RECORDED) notShapes[length] = (notShapes[length] as number) | shape;
      open = -1;
    }
  }
  return notShapes;
}

function isAscii(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}

/** Marks every length a string of `rawLength` bytes could decode to as holding a string of neither shape. */
function markEveryLength(notShapes: Uint8Array, rawLength: number): void {
  const longest = Math.min(rawLength, LONGEST_RECORDED);
  for (let length = Math.ceil(rawLength / 6); length <= longest; length++)
    notShapes[length] = NOT_PLAIN_HEX | NOT_PREFIXED_HEX;
}
