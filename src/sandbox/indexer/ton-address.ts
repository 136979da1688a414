/** Raw TON addresses (`0:` + 64 hex digits) and their user-friendly base64url forms. */

const RAW_ADDRESS = /^(-?\d+):([0-9a-fA-F]{64})$/;
const FRIENDLY_ADDRESS = /^[A-Za-z0-9+/_-]{48}$/;
const BOUNCEABLE = 0x11;
const NON_BOUNCEABLE = 0x51;
const TESTNET = 0x80;

/** CRC-16/XMODEM, the checksum of user-friendly addresses. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** How a user-friendly address is flagged. */
export interface FriendlyFlags {
  /** `EQ…` (contracts) when true, `UQ…` (wallets, accounts without code) when false. */
  bounceable: boolean;
  /** Testnet forms (`kQ…`/`0Q…`). */
  testnet?: boolean;
}

/**
 * The user-friendly (base64url) form of a raw address, as the indexer's address book gives it.
 *
 * @param raw - `workchain:hex`, e.g. `0:21D6…3DA0`.
 * @param flags - Bounceable or not, mainnet or testnet.
 * @returns 48 base64url characters, e.g. `UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso`.
 * @throws {Error} when `raw` is not a raw address (a sandbox bug: the sandbox only makes raw addresses).
 * @example
 * toFriendlyAddress("0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0", { bounceable: false });
 */
export function toFriendlyAddress(raw: string, flags: FriendlyFlags): string {
  const match = RAW_ADDRESS.exec(raw);
  if (!match) throw new Error(`not a raw TON address: ${raw}`);
  const bytes = new Uint8Array(36);
  bytes[0] = (flags.bounceable ? BOUNCEABLE : NON_BOUNCEABLE) | (flags.testnet ? TESTNET : 0);
  bytes[1] = Number(match[1]) & 0xff;
  bytes.set(Buffer.from(match[2] as string, "hex"), 2);
  const crc = crc16(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return Buffer.from(bytes).toString("base64url");
}

/**
 * Reads an account the way the indexer's `account` parameter takes it: raw (`0:…`, any case), or
 * user-friendly in base64 or base64url with a valid checksum.
 *
 * @param text - The parameter's value.
 * @returns The raw form with upper-case hex (the indexer's key form), or `undefined` when unreadable.
 * @example
 * parseAccount("UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso"); // "0:21D6…3DA0"
 */
export function parseAccount(text: string): string | undefined {
  const raw = RAW_ADDRESS.exec(text);
  if (raw) return `${raw[1]}:${(raw[2] as string).toUpperCase()}`;
  if (!FRIENDLY_ADDRESS.test(text)) return undefined;
  const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (bytes.length !== 36) return undefined;
  const crc = crc16(bytes.subarray(0, 34));
  if (bytes[34] !== crc >> 8 || bytes[35] !== (crc & 0xff)) return undefined;
  const workchain = (bytes[1] as number) > 127 ? (bytes[1] as number) - 256 : (bytes[1] as number);
  return `${workchain}:${bytes.subarray(2, 34).toString("hex").toUpperCase()}`;
}
