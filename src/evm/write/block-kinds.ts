import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { BIG_BLOCK_GAS_LIMIT, SMALL_BLOCK_GAS_LIMIT } from "../limits.js";

/** The block kind a sender is on, as `eth_usingBigBlocks` answers it. */
export type BlockKind = "small" | "big";

/**
 * The gas cap of the sender's block kind, as an issue on `/gas` when `gas` is above it. The message
 * says how to move a sender to big blocks: the exchange's `evmUserModify` action.
 *
 * @param gas - The gas limit about to be signed.
 * @param kind - The sender's block kind.
 * @param sender - The sender's address, for the message.
 * @param estimated - Whether chainkit estimated `gas` (rather than the user giving it).
 * @returns The issue, or none.
 * @example
 * blockKindIssues(3_000_000n, "small", "0xabc…", false); // [{ pointer: "/gas", message: "is 3000000, above …" }]
 */
export function blockKindIssues(
  gas: bigint,
  kind: BlockKind,
  sender: string,
  estimated: boolean,
): FieldIssue[] {
  const what = estimated ? `is estimated at ${gas}` : `is ${gas}`;
  if (kind === "small" && gas > SMALL_BLOCK_GAS_LIMIT) {
    return [
      {
        pointer: "/gas",
        message:
          `${what}, above the ${SMALL_BLOCK_GAS_LIMIT} gas of a small block, and ${sender} sends in small blocks: ` +
          `move it to big blocks (${BIG_BLOCK_GAS_LIMIT} gas, about one a minute) with the exchange action ` +
          `evmUserModify { usingBigBlocks: true }, signed by this address, then send again; or lower the gas`,
      },
    ];
  }
  if (gas > BIG_BLOCK_GAS_LIMIT) {
    return [
      {
        pointer: "/gas",
        message: `${what}, above the ${BIG_BLOCK_GAS_LIMIT} gas of a big block, the most any transaction may use`,
      },
    ];
  }
  return [];
}
