// Keccak-256 (the original Keccak padding Ethereum uses, not SHA3-256), written for speed: hashing
// is most of the cost of checking a proof. The permutation keeps its 25 64-bit lanes in 50 local
// 32-bit variables (lane i = x + 5y: low half a[2i], high half a[2i + 1]) with every step of a round
// written out, so no state array or rotation table is touched inside the 24 rounds.
// test/verify/keccak.test.ts checks it against @noble/hashes for every input length around the
// block boundaries.

// ι round constants, low and high 32 bits.
// biome-ignore format: eight per line
const ROUND_LOW = Int32Array.of(
  0x00000001, 0x00008082, 0x0000808a, 0x80008000, 0x0000808b, 0x80000001, 0x80008081, 0x00008009,
  0x0000008a, 0x00000088, 0x80008009, 0x8000000a, 0x8000808b, 0x0000008b, 0x00008089, 0x00008003,
  0x00008002, 0x00000080, 0x0000800a, 0x8000000a, 0x80008081, 0x00008080, 0x80000001, 0x80008008,
);
// biome-ignore format: eight per line
const ROUND_HIGH = Int32Array.of(
  0x00000000, 0x00000000, 0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x80000000, 0x80000000,
  0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x80000000, 0x80000000, 0x80000000,
  0x80000000, 0x80000000, 0x00000000, 0x80000000, 0x80000000, 0x80000000, 0x00000000, 0x80000000,
);

/** Bytes absorbed per permutation (1600 bits of state minus twice the 256-bit output). */
const RATE = 136;

// Scratch: the state between permutations and the padded last block (hashing never re-enters).
const STATE = new Int32Array(50);
const LAST_BLOCK = new Uint8Array(RATE);

// keccak-f[1600]: 24 rounds over the state.
function permute(s: Int32Array): void {
  // biome-ignore format: fifty loads, one line
  let a0 = s[0] as number, a1 = s[1] as number, a2 = s[2] as number, a3 = s[3] as number, a4 = s[4] as number, a5 = s[5] as number, a6 = s[6] as number, a7 = s[7] as number, a8 = s[8] as number, a9 = s[9] as number, a10 = s[10] as number, a11 = s[11] as number, a12 = s[12] as number, a13 = s[13] as number, a14 = s[14] as number, a15 = s[15] as number, a16 = s[16] as number, a17 = s[17] as number, a18 = s[18] as number, a19 = s[19] as number, a20 = s[20] as number, a21 = s[21] as number, a22 = s[22] as number, a23 = s[23] as number, a24 = s[24] as number, a25 = s[25] as number, a26 = s[26] as number, a27 = s[27] as number, a28 = s[28] as number, a29 = s[29] as number, a30 = s[30] as number, a31 = s[31] as number, a32 = s[32] as number, a33 = s[33] as number, a34 = s[34] as number, a35 = s[35] as number, a36 = s[36] as number, a37 = s[37] as number, a38 = s[38] as number, a39 = s[39] as number, a40 = s[40] as number, a41 = s[41] as number, a42 = s[42] as number, a43 = s[43] as number, a44 = s[44] as number, a45 = s[45] as number, a46 = s[46] as number, a47 = s[47] as number, a48 = s[48] as number, a49 = s[49] as number;
  // biome-ignore format: a lane's two halves share a line, so each step of the round reads as a table
  for (let round = 0; round < 24; round++) {
    // θ: XOR each lane with the parity of the column to its left and the rotated parity of the one to its right.
    const c0 = a0 ^ a10 ^ a20 ^ a30 ^ a40, c1 = a1 ^ a11 ^ a21 ^ a31 ^ a41;
    const c2 = a2 ^ a12 ^ a22 ^ a32 ^ a42, c3 = a3 ^ a13 ^ a23 ^ a33 ^ a43;
    const c4 = a4 ^ a14 ^ a24 ^ a34 ^ a44, c5 = a5 ^ a15 ^ a25 ^ a35 ^ a45;
    const c6 = a6 ^ a16 ^ a26 ^ a36 ^ a46, c7 = a7 ^ a17 ^ a27 ^ a37 ^ a47;
    const c8 = a8 ^ a18 ^ a28 ^ a38 ^ a48, c9 = a9 ^ a19 ^ a29 ^ a39 ^ a49;
    const dl0 = c8 ^ ((c2 << 1) | (c3 >>> 31)), dh0 = c9 ^ ((c3 << 1) | (c2 >>> 31));
    a0 ^= dl0; a1 ^= dh0; a10 ^= dl0; a11 ^= dh0; a20 ^= dl0; a21 ^= dh0; a30 ^= dl0; a31 ^= dh0; a40 ^= dl0; a41 ^= dh0;
    const dl1 = c0 ^ ((c4 << 1) | (c5 >>> 31)), dh1 = c1 ^ ((c5 << 1) | (c4 >>> 31));
    a2 ^= dl1; a3 ^= dh1; a12 ^= dl1; a13 ^= dh1; a22 ^= dl1; a23 ^= dh1; a32 ^= dl1; a33 ^= dh1; a42 ^= dl1; a43 ^= dh1;
    const dl2 = c2 ^ ((c6 << 1) | (c7 >>> 31)), dh2 = c3 ^ ((c7 << 1) | (c6 >>> 31));
    a4 ^= dl2; a5 ^= dh2; a14 ^= dl2; a15 ^= dh2; a24 ^= dl2; a25 ^= dh2; a34 ^= dl2; a35 ^= dh2; a44 ^= dl2; a45 ^= dh2;
    const dl3 = c4 ^ ((c8 << 1) | (c9 >>> 31)), dh3 = c5 ^ ((c9 << 1) | (c8 >>> 31));
    a6 ^= dl3; a7 ^= dh3; a16 ^= dl3; a17 ^= dh3; a26 ^= dl3; a27 ^= dh3; a36 ^= dl3; a37 ^= dh3; a46 ^= dl3; a47 ^= dh3;
    const dl4 = c6 ^ ((c0 << 1) | (c1 >>> 31)), dh4 = c7 ^ ((c1 << 1) | (c0 >>> 31));
    a8 ^= dl4; a9 ^= dh4; a18 ^= dl4; a19 ^= dh4; a28 ^= dl4; a29 ^= dh4; a38 ^= dl4; a39 ^= dh4; a48 ^= dl4; a49 ^= dh4;
    // ρ and π: rotate lane (x, y) left by its fixed offset and move it to (y, 2x + 3y); the comment names (x, y) and the offset.
    const b0 = a0, b1 = a1; // (0, 0) by 0
    const b32 = (a11 << 4) | (a10 >>> 28), b33 = (a10 << 4) | (a11 >>> 28); // (0, 1) by 36
    const b14 = (a20 << 3) | (a21 >>> 29), b15 = (a21 << 3) | (a20 >>> 29); // (0, 2) by 3
    const b46 = (a31 << 9) | (a30 >>> 23), b47 = (a30 << 9) | (a31 >>> 23); // (0, 3) by 41
    const b28 = (a40 << 18) | (a41 >>> 14), b29 = (a41 << 18) | (a40 >>> 14); // (0, 4) by 18
    const b20 = (a2 << 1) | (a3 >>> 31), b21 = (a3 << 1) | (a2 >>> 31); // (1, 0) by 1
    const b2 = (a13 << 12) | (a12 >>> 20), b3 = (a12 << 12) | (a13 >>> 20); // (1, 1) by 44
    const b34 = (a22 << 10) | (a23 >>> 22), b35 = (a23 << 10) | (a22 >>> 22); // (1, 2) by 10
    const b16 = (a33 << 13) | (a32 >>> 19), b17 = (a32 << 13) | (a33 >>> 19); // (1, 3) by 45
    const b48 = (a42 << 2) | (a43 >>> 30), b49 = (a43 << 2) | (a42 >>> 30); // (1, 4) by 2
    const b40 = (a5 << 30) | (a4 >>> 2), b41 = (a4 << 30) | (a5 >>> 2); // (2, 0) by 62
    const b22 = (a14 << 6) | (a15 >>> 26), b23 = (a15 << 6) | (a14 >>> 26); // (2, 1) by 6
    const b4 = (a25 << 11) | (a24 >>> 21), b5 = (a24 << 11) | (a25 >>> 21); // (2, 2) by 43
    const b36 = (a34 << 15) | (a35 >>> 17), b37 = (a35 << 15) | (a34 >>> 17); // (2, 3) by 15
    const b18 = (a45 << 29) | (a44 >>> 3), b19 = (a44 << 29) | (a45 >>> 3); // (2, 4) by 61
    const b10 = (a6 << 28) | (a7 >>> 4), b11 = (a7 << 28) | (a6 >>> 4); // (3, 0) by 28
    const b42 = (a17 << 23) | (a16 >>> 9), b43 = (a16 << 23) | (a17 >>> 9); // (3, 1) by 55
    const b24 = (a26 << 25) | (a27 >>> 7), b25 = (a27 << 25) | (a26 >>> 7); // (3, 2) by 25
    const b6 = (a36 << 21) | (a37 >>> 11), b7 = (a37 << 21) | (a36 >>> 11); // (3, 3) by 21
    const b38 = (a47 << 24) | (a46 >>> 8), b39 = (a46 << 24) | (a47 >>> 8); // (3, 4) by 56
    const b30 = (a8 << 27) | (a9 >>> 5), b31 = (a9 << 27) | (a8 >>> 5); // (4, 0) by 27
    const b12 = (a18 << 20) | (a19 >>> 12), b13 = (a19 << 20) | (a18 >>> 12); // (4, 1) by 20
    const b44 = (a29 << 7) | (a28 >>> 25), b45 = (a28 << 7) | (a29 >>> 25); // (4, 2) by 39
    const b26 = (a38 << 8) | (a39 >>> 24), b27 = (a39 << 8) | (a38 >>> 24); // (4, 3) by 8
    const b8 = (a48 << 14) | (a49 >>> 18), b9 = (a49 << 14) | (a48 >>> 18); // (4, 4) by 14
    // χ: each lane XORs in (NOT next lane) AND the lane after that, along its row.
    a0 = b0 ^ (~b2 & b4); a1 = b1 ^ (~b3 & b5);
    a2 = b2 ^ (~b4 & b6); a3 = b3 ^ (~b5 & b7);
    a4 = b4 ^ (~b6 & b8); a5 = b5 ^ (~b7 & b9);
    a6 = b6 ^ (~b8 & b0); a7 = b7 ^ (~b9 & b1);
    a8 = b8 ^ (~b0 & b2); a9 = b9 ^ (~b1 & b3);
    a10 = b10 ^ (~b12 & b14); a11 = b11 ^ (~b13 & b15);
    a12 = b12 ^ (~b14 & b16); a13 = b13 ^ (~b15 & b17);
    a14 = b14 ^ (~b16 & b18); a15 = b15 ^ (~b17 & b19);
    a16 = b16 ^ (~b18 & b10); a17 = b17 ^ (~b19 & b11);
    a18 = b18 ^ (~b10 & b12); a19 = b19 ^ (~b11 & b13);
    a20 = b20 ^ (~b22 & b24); a21 = b21 ^ (~b23 & b25);
    a22 = b22 ^ (~b24 & b26); a23 = b23 ^ (~b25 & b27);
    a24 = b24 ^ (~b26 & b28); a25 = b25 ^ (~b27 & b29);
    a26 = b26 ^ (~b28 & b20); a27 = b27 ^ (~b29 & b21);
    a28 = b28 ^ (~b20 & b22); a29 = b29 ^ (~b21 & b23);
    a30 = b30 ^ (~b32 & b34); a31 = b31 ^ (~b33 & b35);
    a32 = b32 ^ (~b34 & b36); a33 = b33 ^ (~b35 & b37);
    a34 = b34 ^ (~b36 & b38); a35 = b35 ^ (~b37 & b39);
    a36 = b36 ^ (~b38 & b30); a37 = b37 ^ (~b39 & b31);
    a38 = b38 ^ (~b30 & b32); a39 = b39 ^ (~b31 & b33);
    a40 = b40 ^ (~b42 & b44); a41 = b41 ^ (~b43 & b45);
    a42 = b42 ^ (~b44 & b46); a43 = b43 ^ (~b45 & b47);
    a44 = b44 ^ (~b46 & b48); a45 = b45 ^ (~b47 & b49);
    a46 = b46 ^ (~b48 & b40); a47 = b47 ^ (~b49 & b41);
    a48 = b48 ^ (~b40 & b42); a49 = b49 ^ (~b41 & b43);
    // ι: break the symmetry between rounds.
    a0 ^= ROUND_LOW[round] as number; a1 ^= ROUND_HIGH[round] as number;
  }
  s[0] = a0;
  s[1] = a1;
  s[2] = a2;
  s[3] = a3;
  s[4] = a4;
  s[5] = a5;
  s[6] = a6;
  s[7] = a7;
  s[8] = a8;
  s[9] = a9;
  s[10] = a10;
  s[11] = a11;
  s[12] = a12;
  s[13] = a13;
  s[14] = a14;
  s[15] = a15;
  s[16] = a16;
  s[17] = a17;
  s[18] = a18;
  s[19] = a19;
  s[20] = a20;
  s[21] = a21;
  s[22] = a22;
  s[23] = a23;
  s[24] = a24;
  s[25] = a25;
  s[26] = a26;
  s[27] = a27;
  s[28] = a28;
  s[29] = a29;
  s[30] = a30;
  s[31] = a31;
  s[32] = a32;
  s[33] = a33;
  s[34] = a34;
  s[35] = a35;
  s[36] = a36;
  s[37] = a37;
  s[38] = a38;
  s[39] = a39;
  s[40] = a40;
  s[41] = a41;
  s[42] = a42;
  s[43] = a43;
  s[44] = a44;
  s[45] = a45;
  s[46] = a46;
  s[47] = a47;
  s[48] = a48;
  s[49] = a49;
}

// XORs one block of `data` (little-endian 32-bit words) into the state.
function absorb(s: Int32Array, data: Uint8Array, offset: number): void {
  for (let i = 0, at = offset; i < RATE / 4; i++, at += 4) {
    s[i] =
      (s[i] as number) ^
      ((data[at] as number) |
        ((data[at + 1] as number) << 8) |
        ((data[at + 2] as number) << 16) |
        ((data[at + 3] as number) << 24));
  }
}

/**
 * Keccak-256 of `data`, as Ethereum uses it (addresses, trie nodes, block and transaction hashes).
 *
 * @param data - the bytes to hash
 * @returns the 32-byte digest
 * @example
 * keccak256(new Uint8Array(0)); // c5d24601…5d85a470, the empty code hash
 */
export function keccak256(data: Uint8Array): Uint8Array {
  const s = STATE;
  s.fill(0);
  const whole = data.length - (data.length % RATE);
  for (let offset = 0; offset < whole; offset += RATE) {
    absorb(s, data, offset);
    permute(s);
  }
  // Pad the rest: a 1 bit after the data, a 1 bit at the end of the block.
  const last = LAST_BLOCK;
  last.fill(0);
  last.set(data.subarray(whole));
  last[data.length - whole] = 0x01;
  last[RATE - 1] = (last[RATE - 1] as number) | 0x80;
  absorb(s, last, 0);
  permute(s);
  const digest = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const word = s[i] as number;
    digest[4 * i] = word;
    digest[4 * i + 1] = word >>> 8;
    digest[4 * i + 2] = word >>> 16;
    digest[4 * i + 3] = word >>> 24;
  }
  return digest;
}
