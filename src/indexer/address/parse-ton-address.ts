import { TonAddressError } from "../errors/ton-address-error.js";
import { crc16Xmodem } from "./crc16.js";
import type { ParsedTonAddress } from "./ton-address.js";

const RAW = /^(-?\d{1,10}):([0-9a-fA-F]{64})$/;
const BASE64URL = /^[A-Za-z0-9_-]{48}$/;
const BASE64 = /^[A-Za-z0-9+/]{48}$/;
const BOUNCEABLE_TAG = 0x11;
const NON_BOUNCEABLE_TAG = 0x51;
const TESTNET_FLAG = 0x80;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * Reads a TON address in any of its written forms: raw (`0:` + 64 hex digits, either case; `-1:`
 * on the masterchain) or user-friendly (48 characters of base64url or base64, whose first byte
 * carries the bounceable and testnet flags and whose last two bytes are a CRC-16/XMODEM checksum).
 *
 * @param text - The address as written.
 * @returns The workchain and hash, the form it was in, and (user-friendly only) its flags.
 * @throws {TonAddressError} when the text is in none of the forms, mixes the two base64 alphabets,
 *   has an unknown flag byte, or its checksum does not match (a mistyped address).
 * @example
 * const address = parseTonAddress("UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso");
 * address.workchain; // 0
 * address.bounceable; // false
 */
export function parseTonAddress(text: string): ParsedTonAddress {
  if (typeof text !== "string") {
    throw new TonAddressError(`A TON address must be a string, got ${text === null ? "null" : typeof text}.`);
  }
  const raw = RAW.exec(text);
  if (raw) {
    const workchain = Number(raw[1]);
    if (workchain < INT32_MIN || workchain > INT32_MAX) {
      throw new TonAddressError(`The workchain of a raw TON address must fit in 32 bits, got ${raw[1]}.`);
    }
    return { workchain, hash: Buffer.from(raw[2] as string, "hex"), form: "raw" };
  }
  const form = BASE64URL.test(text) ? "base64url" : BASE64.test(text) ? "base64" : undefined;
  if (form === undefined) {
    throw new TonAddressError(
      "Not a TON address: expected raw `workchain:` + 64 hex digits, or 48 characters of base64url or base64.",
      { details: `got ${describe(text)}` },
    );
  }
  const bytes = Buffer.from(text, form === "base64url" ? "base64url" : "base64");
  const checksum = crc16Xmodem(bytes.subarray(0, 34));
  if (bytes[34] !== checksum >> 8 || bytes[35] !== (checksum & 0xff)) {
    throw new TonAddressError(
      "The checksum of this user-friendly TON address does not match: a character is mistyped.",
    );
  }
  const tag = (bytes[0] as number) & ~TESTNET_FLAG;
  if (tag !== BOUNCEABLE_TAG && tag !== NON_BOUNCEABLE_TAG) {
    throw new TonAddressError(
      "Unknown flag byte in a user-friendly TON address: expected 0x11 (bounceable) or 0x51 (non-bounceable), optionally with 0x80 (testnet).",
      { details: `flag byte 0x${(bytes[0] as number).toString(16).padStart(2, "0")}` },
    );
  }
  return {
    workchain: (bytes[1] as number) > 127 ? (bytes[1] as number) - 256 : (bytes[1] as number),
    hash: new Uint8Array(bytes.subarray(2, 34)),
    form,
    bounceable: tag === BOUNCEABLE_TAG,
    testnet: ((bytes[0] as number) & TESTNET_FLAG) !== 0,
  };
}

/**
 * Whether the text is a TON address in one of the forms {@link parseTonAddress} reads (checksum
 * included).
 *
 * @param text - Any value.
 * @returns True when it parses.
 * @example
 * isTonAddress("0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0"); // true
 * isTonAddress("UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDsX"); // false (checksum)
 */
export function isTonAddress(text: unknown): boolean {
  if (typeof text !== "string") return false;
  try {
    parseTonAddress(text);
    return true;
  } catch {
    return false;
  }
}

/** Says what the input looked like without echoing it whole. */
function describe(text: string): string {
  return `${text.length} character(s)${text.includes(":") ? " with a colon" : ""}`;
}
