import { ExchangeError } from "../errors/exchange-error.js";
import type { Hex } from "./action-hash.js";

/** An ECDSA signature as the exchange takes it: r and s as `0x` + 64 hex digits, v 27 or 28. */
export interface Signature {
  r: Hex;
  s: Hex;
  v: 27 | 28;
}

/**
 * Splits a 65-byte `r ‖ s ‖ v` hex signature (what `signTypedData` returns) into `{ r, s, v }`.
 *
 * @param hex - `0x` + 130 hex digits; v may be 0/1 or 27/28.
 * @returns the signature with lowercase r and s and v of 27 or 28.
 * @throws {ExchangeError} when the length or v is wrong.
 * @example
 * parseSignature(await signer.signTypedData(agentTypedData(actionHash({ action, nonce }), true))); // { r, s, v }
 */
export function parseSignature(hex: string): Signature {
  if (typeof hex !== "string" || !/^0x[0-9a-fA-F]{130}$/.test(hex)) {
    throw new ExchangeError("signer returned a signature that is not 65 bytes of hex");
  }
  const raw = Number.parseInt(hex.slice(130), 16);
  const v = raw < 27 ? raw + 27 : raw;
  if (v !== 27 && v !== 28) throw new ExchangeError(`signer returned a signature with v = ${raw}`);
  const lower = hex.toLowerCase();
  return { r: `0x${lower.slice(2, 66)}`, s: `0x${lower.slice(66, 130)}`, v };
}
