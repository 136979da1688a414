import { secp256k1 } from "@noble/curves/secp256k1.js";

// k·G is most of the signing time. noble v2 multiplies the base point with a table it builds on
// first use: its default window of 6 costs about 35-45 ms of CPU to build, a window of 10 about
// 200-270 ms, and each widening signs faster. A process that signs once (a script, a CLI) should pay
// for no table: the first signatures use noble's table-free fixed window (a window size of 1), about
// 11 ms for the first and 3-4 ms each after. A process that keeps signing should pay for the big
// table: after SIGNATURES_BEFORE_WIDE_TABLE signatures the window widens to WIDE_WINDOW, and noble
// builds that table on the next one (it serves every key, and every surface's signer: the exchange's
// and the EVM's share it). Over the first 16 signatures the two ways cost about the same; the first
// one is four times cheaper.
const SIGNATURES_BEFORE_WIDE_TABLE = 16;
const FIRST_WINDOW = 1;
const WIDE_WINDOW = 10;
let signaturesMade = 0;

/**
 * Call before each signature: sets the base point's window for it (table-free at first, wide later)
 * and counts it.
 *
 * @example
 * import { secp256k1 } from "@noble/curves/secp256k1.js";
 * const digest = new Uint8Array(32).fill(1);
 * beforeSignature();
 * const signature = secp256k1.sign(digest, new Uint8Array(32).fill(7), { prehash: false, lowS: true, format: "recovered" });
 */
export function beforeSignature(): void {
  if (signaturesMade === 0) secp256k1.Point.BASE.precompute(FIRST_WINDOW);
  else if (signaturesMade === SIGNATURES_BEFORE_WIDE_TABLE) secp256k1.Point.BASE.precompute(WIDE_WINDOW);
  signaturesMade++;
}

/**
 * Call before deriving a public key: until the first signature, the multiplication stays table-free
 * (a signer made and never used builds no table).
 *
 * @example
 * import { secp256k1 } from "@noble/curves/secp256k1.js";
 * beforeKeyDerivation();
 * const publicKey = secp256k1.getPublicKey(new Uint8Array(32).fill(7), false);
 */
export function beforeKeyDerivation(): void {
  if (signaturesMade === 0) secp256k1.Point.BASE.precompute(FIRST_WINDOW);
}
