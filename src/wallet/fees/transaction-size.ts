/**
 * The bandwidth a transaction uses, in bytes, as java-tron counts it: the size of the signed
 * `Transaction { raw_data = 1; signature = 2 }` message (a tag, a length and the bytes per field)
 * plus the 64 bytes it reserves for the result it stores.
 *
 * @param rawBytes - The length of `raw_data_hex` in bytes.
 * @param signatures - How many 65-byte signatures it will carry (1 for an ordinary account).
 * @example
 * transactionBandwidth(200, 1); // 335n: 1 + 2 + 200 (raw data) + 67 (signature) + 64
 */
export function transactionBandwidth(rawBytes: number, signatures = 1): bigint {
  return BigInt(1 + varintLength(rawBytes) + rawBytes + signatures * 67 + 64);
}

function varintLength(value: number): number {
  let length = 1;
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) length += 1;
  return length;
}
