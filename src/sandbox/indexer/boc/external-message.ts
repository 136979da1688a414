import { BocError } from "./boc-error.js";
import type { Cell } from "./cell.js";
import { CellBuilder } from "./cell-builder.js";
import { CellSlice } from "./cell-slice.js";

/** An external inbound message as the sandbox reads it from a BoC. */
export interface ExternalMessage {
  /** The receiving account, raw form. */
  destination: string;
  /** The body cell (inline bodies are moved into a cell of their own). */
  body: Cell;
  /** Hash of the message cell as sent. */
  hash: string;
  /**
   * Hash of the normalized message (TEP-467): no source, import fee 0, no state init, the body as a
   * reference. The same transfer re-sent with other envelope details keeps this hash.
   */
  hashNorm: string;
}

/**
 * Reads an external inbound message (`ext_in_msg_info$10`): source, destination, import fee, an
 * optional state init (inline or a reference) and the body (inline or a reference).
 *
 * @param root - The message cell.
 * @returns Destination, body and both hashes.
 * @throws {BocError} when the cell is not an external inbound message with a standard destination.
 * @example
 * const [root] = parseBoc(serializeBoc(new CellBuilder().uint(2, 2).address(null).address("0:" + "A".repeat(64)).coins(0n).bit(0).bit(0).build()));
 * if (root) console.log(readExternalMessage(root).hashNorm);
 */
export function readExternalMessage(root: Cell): ExternalMessage {
  const slice = new CellSlice(root);
  if (slice.uint(2) !== 2n) throw new BocError("not an external inbound message");
  slice.skipAddressExt();
  const destination = slice.addressInt();
  slice.coins();
  if (slice.bit()) {
    if (slice.bit()) slice.ref();
    else skipInlineStateInit(slice);
  }
  const body = slice.bit()
    ? slice.ref()
    : new CellBuilder().cellInline(root, slice.bitAt, slice.refAt).build();
  const normalized = new CellBuilder()
    .uint(2, 2)
    .address(null)
    .address(destination)
    .coins(0n)
    .bit(0)
    .bit(1)
    .ref(body)
    .build();
  return { destination, body, hash: root.hashBase64(), hashNorm: normalized.hashBase64() };
}

/** Skips `StateInit` written inline: split depth, special, code, data and library, each optional. */
function skipInlineStateInit(slice: CellSlice): void {
  if (slice.bit()) slice.uint(5);
  if (slice.bit()) slice.uint(2);
  for (let i = 0; i < 3; i++) if (slice.bit()) slice.ref();
}
