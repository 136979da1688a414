import { BocError } from "../boc/boc-error.js";
import type { Cell } from "../boc/cell.js";
import { CellBuilder } from "../boc/cell-builder.js";
import { CellSlice } from "../boc/cell-slice.js";

/** One message a wallet request asks the wallet to send. */
export interface RequestedMessage {
  /** The send mode byte. */
  mode: number;
  /** Destination, raw form. */
  to: string;
  /** Nanotons to carry. */
  value: bigint;
  /** The body (an inline body moved into a cell of its own). */
  body: Cell;
}

/** A signed request to a v4 wallet, as the wallet reads it (the signature is not checked by the sandbox). */
export interface WalletRequest {
  walletId: number;
  validUntil: number;
  seqno: number;
  messages: RequestedMessage[];
}

/**
 * Reads the body of an external message to a v4 wallet: a 512-bit signature, the subwallet id,
 * an expiry time, the seqno, the operation (0: send), then per message its mode (8 bits) and a
 * reference to an internal message (`int_msg_info`, destination, value, body).
 *
 * @param body - The external message's body.
 * @returns What the request asks.
 * @throws {BocError} when the body is not such a request.
 * @example
 * const request = parseWalletRequest(new CellBuilder().uint(0, 32).build()); // throws: too short
 */
export function parseWalletRequest(body: Cell): WalletRequest {
  const slice = new CellSlice(body);
  slice.uint(512);
  const walletId = Number(slice.uint(32));
  const validUntil = Number(slice.uint(32));
  const seqno = Number(slice.uint(32));
  if (slice.bitsLeft >= 8 && slice.uint(8) !== 0n)
    throw new BocError("only simple sends (op 0) are supported");
  const messages: RequestedMessage[] = [];
  while (slice.bitsLeft >= 8 && slice.refAt < body.refs.length) {
    const mode = Number(slice.uint(8));
    messages.push({ mode, ...readInternalMessage(slice.ref()) });
  }
  return { walletId, validUntil, seqno, messages };
}

/** Destination, value and body of an internal message cell (`int_msg_info$0`). */
function readInternalMessage(cell: Cell): Omit<RequestedMessage, "mode"> {
  const slice = new CellSlice(cell);
  if (slice.bit()) throw new BocError("a wallet sends internal messages only");
  slice.uint(3);
  const sourceTag = slice.uint(2);
  if (sourceTag === 2n) slice.uint(1 + 8 + 256);
  else if (sourceTag !== 0n) throw new BocError("unsupported source address");
  const to = slice.addressInt();
  const value = slice.coins();
  if (slice.bit()) slice.ref();
  slice.coins();
  slice.coins();
  slice.uint(64);
  slice.uint(32);
  if (slice.bit()) {
    if (slice.bit()) slice.ref();
    else throw new BocError("inline state init is not supported");
  }
  const body = slice.bit()
    ? slice.ref()
    : new CellBuilder().cellInline(cell, slice.bitAt, slice.refAt).build();
  return { to, value, body };
}
