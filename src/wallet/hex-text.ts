import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { WalletEncodingError } from "./errors/wallet-encoding-error.js";

const HEX = /^[0-9a-fA-F]*$/;
const utf8 = new TextDecoder("utf-8");
const encoder = new TextEncoder();

/**
 * Decodes the hex a TRON node sends for text fields with `visible: false` (asset name, abbr,
 * description, url) to text.
 *
 * It reads hex the way the node does: a `0x` prefix is dropped and an odd length gets a leading `0`.
 * Bytes that are not valid UTF-8 become U+FFFD, as the node itself prints them with `visible: true`.
 *
 * @param hex - Hex digits, e.g. `"426974546f7272656e74"`.
 * @returns The text, e.g. `"BitTorrent"`.
 * @throws {WalletEncodingError} when `hex` holds characters other than hex digits.
 *
 * @example
 * hexToText("425454"); // "BTT"
 */
export function hexToText(hex: string): string {
  const digits = typeof hex === "string" ? hex.replace(/^0x/i, "") : undefined;
  if (digits === undefined || !HEX.test(digits)) {
    throw new WalletEncodingError(
      "hex",
      "Invalid hex text: expected hex digits.",
      typeof hex === "string" ? `got a ${hex.length}-character string` : `got ${typeof hex}`,
    );
  }
  return utf8.decode(hexToBytes(digits.length % 2 === 1 ? `0${digits}` : digits));
}

/**
 * Encodes text as the lowercase hex of its UTF-8 bytes, the form a TRON node expects for names
 * when `visible` is `false`.
 *
 * @example
 * textToHex("TRN"); // "54524e"
 */
export function textToHex(text: string): string {
  return bytesToHex(encoder.encode(text));
}

/**
 * The text of a message field in a node's answer (`message` of a broadcast or a contract call),
 * which the node sends as the hex of the text when `visible` is `false`.
 *
 * @param message - The field as received.
 * @param visible - The answer's encoding.
 * @returns The text; the field unchanged when it is not hex.
 * @example
 * nodeMessage("4f7574206f66", false); // "Out of"
 */
export function nodeMessage(message: string | undefined, visible: boolean): string | undefined {
  if (message === undefined || visible || !HEX.test(message)) return message;
  return hexToText(message);
}
