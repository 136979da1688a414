import { TonAddressError } from "../errors/ton-address-error.js";
import { crc16Xmodem } from "./crc16.js";
import { parseTonAddress } from "./parse-ton-address.js";
import type { FriendlyAddressOptions, ParsedTonAddress, TonAddress } from "./ton-address.js";

const BOUNCEABLE_TAG = 0x11;
const NON_BOUNCEABLE_TAG = 0x51;
const TESTNET_FLAG = 0x80;

/** A parsed address, from text or from an address object (checked). */
function read(address: string | TonAddress): TonAddress & Partial<ParsedTonAddress> {
  if (typeof address === "string") return parseTonAddress(address);
  if (
    address === null ||
    typeof address !== "object" ||
    !Number.isInteger(address.workchain) ||
    !(address.hash instanceof Uint8Array) ||
    address.hash.length !== 32
  ) {
    throw new TonAddressError("A TON address object needs an integer workchain and a 32-byte hash.");
  }
  return address;
}

/**
 * The raw form of a TON address, as the indexer writes it and keys its address book: the
 * workchain, a colon and 64 upper-case hex digits.
 *
 * @param address - Any written form, or a parsed address.
 * @returns E.g. `0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0`.
 * @throws {TonAddressError} when the text is not a TON address.
 * @example
 * toRawAddress("UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso");
 * // "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0"
 */
export function toRawAddress(address: string | TonAddress): string {
  const { workchain, hash } = read(address);
  return `${workchain}:${Buffer.from(hash).toString("hex").toUpperCase()}`;
}

/**
 * The user-friendly form of a TON address: a flag byte (bounceable or not, testnet or not), the
 * workchain byte, the 32-byte hash and a CRC-16/XMODEM checksum, in 48 characters of base64url
 * (or base64).
 *
 * @param address - Any written form, or a parsed address. A user-friendly input keeps its flags
 *   unless `options` say otherwise.
 * @param options - Bounceable, testnet and alphabet.
 * @returns E.g. `UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso` (non-bounceable, mainnet).
 * @throws {TonAddressError} when the text is not a TON address, or the workchain does not fit
 *   the one signed byte the user-friendly form has for it.
 * @example
 * toFriendlyAddress("0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0", { bounceable: false });
 * // "UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso"
 */
export function toFriendlyAddress(
  address: string | TonAddress,
  options: FriendlyAddressOptions = {},
): string {
  const parsed = read(address);
  if (parsed.workchain < -128 || parsed.workchain > 127) {
    throw new TonAddressError(
      `Workchain ${parsed.workchain} has no user-friendly form: it must fit in one signed byte (-128 to 127).`,
    );
  }
  const bounceable = options.bounceable ?? parsed.bounceable ?? true;
  const testnet = options.testnet ?? parsed.testnet ?? false;
  const bytes = new Uint8Array(36);
  bytes[0] = (bounceable ? BOUNCEABLE_TAG : NON_BOUNCEABLE_TAG) | (testnet ? TESTNET_FLAG : 0);
  bytes[1] = parsed.workchain & 0xff;
  bytes.set(parsed.hash, 2);
  const checksum = crc16Xmodem(bytes.subarray(0, 34));
  bytes[34] = checksum >> 8;
  bytes[35] = checksum & 0xff;
  return Buffer.from(bytes).toString(options.urlSafe === false ? "base64" : "base64url");
}
