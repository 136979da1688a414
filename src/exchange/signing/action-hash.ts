import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { keccak256 } from "../../runtime/hashing/keccak-256.js";
import { ExchangeError } from "../errors/exchange-error.js";
import type { L1Action } from "./action-types.js";
import { writeCanonicalAction } from "./canonical-action.js";
import { MsgpackWriter } from "./msgpack.js";
import { toWireInteger } from "./wire-integer.js";

/** `0x`-prefixed hex. */
export type Hex = `0x${string}`;

/** What identifies one signed L1 action. */
export interface ActionHashParams {
  /** The action; the actions the exchange spec describes are put in their wire key order first. */
  action: L1Action;
  /** The signer's nonce (milliseconds), an unsigned 64-bit integer. */
  nonce: number | bigint;
  /** Trade for this vault or subaccount; `null` and absent hash the same. */
  vaultAddress?: string | null | undefined;
  /** Reject the action after this time (ms); `null` and absent hash the same. */
  expiresAfter?: number | bigint | null | undefined;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * msgpack bytes of an action, exactly as the exchange hashes them.
 *
 * @param action - the L1 action.
 * @returns the msgpack encoding of its canonical form.
 * @throws {ExchangeError} when the action is malformed (the error names the field).
 * @example
 * encodeAction({ type: "scheduleCancel" }); // Uint8Array [0x81, 0xa4, ...]
 */
export function encodeAction(action: L1Action): Uint8Array {
  const out = new MsgpackWriter();
  writeCanonicalAction(action, out);
  return out.bytes();
}

function uint64(value: number | bigint, field: string): bigint {
  return BigInt(toWireInteger(value, field, true));
}

function vaultBytes(vaultAddress: string): Uint8Array {
  if (typeof vaultAddress !== "string" || !ADDRESS.test(vaultAddress)) {
    throw new ExchangeError("vaultAddress must be a 20-byte hex address", { field: "vaultAddress" });
  }
  return hexToBytes(vaultAddress.slice(2));
}

// Room for a 20-order action and the tail in one buffer; larger actions grow it.
const PREIMAGE_CAPACITY = 2048;

/** Writes the preimage (see {@link actionPreimage}) into one buffer: the action, then the tail. */
function writePreimage(params: ActionHashParams): MsgpackWriter {
  const nonce = uint64(params.nonce, "nonce");
  const vault = params.vaultAddress == null ? undefined : vaultBytes(params.vaultAddress);
  const expires = params.expiresAfter == null ? undefined : uint64(params.expiresAfter, "expiresAfter");
  const out = new MsgpackWriter(PREIMAGE_CAPACITY);
  writeCanonicalAction(params.action, out);
  out.bareUint64(nonce);
  if (vault) {
    out.byte(1);
    out.raw(vault);
  } else {
    out.byte(0); // no vault
  }
  if (expires !== undefined) {
    out.byte(0); // a 0x00 marker, then the expiry
    out.bareUint64(expires);
  }
  return out;
}

/**
 * The bytes whose keccak-256 is the connection id:
 * `msgpack(action) ‖ uint64be(nonce) ‖ (vault ? 0x01 ‖ vault : 0x00) ‖ (expiresAfter ? 0x00 ‖ uint64be(expiresAfter))`.
 *
 * @param params - action, nonce and the optional vault and expiry.
 * @returns the preimage bytes.
 * @throws {ExchangeError} for a malformed action, nonce, vault address or expiry.
 * @example
 * actionPreimage({ action: { type: "scheduleCancel" }, nonce: 0 });
 */
export function actionPreimage(params: ActionHashParams): Uint8Array {
  return writePreimage(params).bytes();
}

/**
 * The connection id of an L1 action: keccak-256 of its {@link actionPreimage}. This is what the
 * exchange's `Agent` message signs.
 *
 * @param params - action, nonce and the optional vault and expiry.
 * @returns `0x` + 64 hex digits.
 * @throws {ExchangeError} for a malformed action (naming the field), nonce, vault address or expiry.
 * @example
 * actionHash({ action: { type: "dummy", num: 100000000000 }, nonce: 0 });
 * // "0xf528daee6a0bd11407b483cfcd9a48c56884180b70ee86f124053e5fc1bf4d57"
 */
export function actionHash(params: ActionHashParams): Hex {
  return `0x${bytesToHex(actionHashBytes(params))}`;
}

/**
 * {@link actionHash} as raw bytes, for signing without a hex round trip.
 *
 * @example
 * agentDigest(actionHashBytes({ action, nonce }), true);
 */
export function actionHashBytes(params: ActionHashParams): Uint8Array {
  return keccak256(writePreimage(params).bytes());
}
