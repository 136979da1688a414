import type { Cell } from "../boc/cell.js";
import { CellBuilder, textCommentCell } from "../boc/cell-builder.js";

/** What a message asks of the contract that receives it (the sandbox's contracts read this, not the cell). */
export type MessagePayload =
  | { op: "empty" }
  | { op: "text_comment"; comment: string }
  | { op: "wallet_request" }
  | {
      op: "jetton_transfer";
      queryId: bigint;
      amount: bigint;
      destination: string;
      responseDestination: string;
      forwardTonAmount: bigint;
    }
  | {
      op: "jetton_internal_transfer";
      queryId: bigint;
      amount: bigint;
      from: string;
      responseDestination: string;
      forwardTonAmount: bigint;
    }
  | { op: "jetton_notify"; queryId: bigint; amount: bigint; sender: string }
  | { op: "excess"; queryId: bigint }
  | { op: "jetton_burn"; queryId: bigint; amount: bigint; responseDestination: string }
  | {
      op: "jetton_burn_notification";
      queryId: bigint;
      amount: bigint;
      sender: string;
      responseDestination: string;
    }
  | { op: "jetton_mint"; queryId: bigint; to: string; amount: bigint; tonAmount: bigint }
  | {
      op: "nft_transfer";
      queryId: bigint;
      newOwner: string;
      responseDestination: string;
      forwardAmount: bigint;
    }
  | { op: "nft_ownership_assigned"; queryId: bigint; prevOwner: string }
  | { op: "bounced"; original: number }
  /** A body the sandbox does not interpret (a message a user sent through a wallet). */
  | { op: "raw"; body: Cell };

/** The opcode of each payload (first 32 bits of the body), as the indexer writes opcodes. */
const OPCODES: Record<MessagePayload["op"], number | null> = {
  empty: null,
  text_comment: 0,
  wallet_request: 0x7369676e,
  jetton_transfer: 0x0f8a7ea5,
  jetton_internal_transfer: 0x178d4519,
  jetton_notify: 0x7362d09c,
  excess: 0xd53276db,
  jetton_burn: 0x595f07bc,
  jetton_burn_notification: 0x7bdd97de,
  jetton_mint: 0x642b7d07,
  nft_transfer: 0x5fcc3d14,
  nft_ownership_assigned: 0x05138d91,
  bounced: 0xffffffff,
  raw: null,
};

/**
 * The opcode of a payload as the indexer writes it (`0x0f8a7ea5`), or null for an empty body.
 *
 * @example
 * opcodeText({ op: "excess", queryId: 1n }); // "0xd53276db"
 */
export function opcodeText(payload: MessagePayload): string | null {
  const opcode =
    payload.op === "raw"
      ? payload.body.bitLength >= 32
        ? Buffer.from(payload.body.data.subarray(0, 4)).readUInt32BE(0)
        : null
      : OPCODES[payload.op];
  return opcode === null ? null : `0x${opcode.toString(16).padStart(8, "0")}`;
}

/**
 * The name the indexer gives a payload's opcode (`decoded_opcode`), or null.
 *
 * @example
 * decodedOpcode({ op: "jetton_notify", queryId: 1n, amount: 5n, sender: `0:${"1".repeat(64)}` }); // "jetton_notify"
 */
export function decodedOpcode(payload: MessagePayload): string | null {
  return payload.op === "empty" ||
    payload.op === "bounced" ||
    payload.op === "wallet_request" ||
    payload.op === "raw"
    ? null
    : payload.op;
}

/**
 * Encodes a payload as the body cell the real contracts send (TEP-74 jettons, TEP-62 NFTs, text
 * comments, a signed wallet request stand-in).
 *
 * @param payload - What the message says.
 * @returns The body cell.
 * @example
 * messageBody({ op: "text_comment", comment: "thanks" });
 */
export function messageBody(payload: MessagePayload): Cell {
  const body = new CellBuilder();
  const opcode = OPCODES[payload.op];
  if (opcode !== null && payload.op !== "text_comment") body.uint(opcode, 32);
  switch (payload.op) {
    case "empty":
    case "wallet_request":
      return payload.op === "wallet_request" ? body.uint(0, 64).build() : body.build();
    case "text_comment":
      return textCommentCell(payload.comment);
    case "jetton_transfer":
      return body
        .uint(payload.queryId, 64)
        .coins(payload.amount)
        .address(payload.destination)
        .address(payload.responseDestination)
        .bit(0)
        .coins(payload.forwardTonAmount)
        .bit(0)
        .build();
    case "jetton_internal_transfer":
      return body
        .uint(payload.queryId, 64)
        .coins(payload.amount)
        .address(payload.from)
        .address(payload.responseDestination)
        .coins(payload.forwardTonAmount)
        .bit(0)
        .build();
    case "jetton_notify":
      return body.uint(payload.queryId, 64).coins(payload.amount).address(payload.sender).bit(0).build();
    case "excess":
      return body.uint(payload.queryId, 64).build();
    case "jetton_burn":
      return body
        .uint(payload.queryId, 64)
        .coins(payload.amount)
        .address(payload.responseDestination)
        .bit(0)
        .build();
    case "jetton_burn_notification":
      return body
        .uint(payload.queryId, 64)
        .coins(payload.amount)
        .address(payload.sender)
        .address(payload.responseDestination)
        .build();
    case "jetton_mint":
      return body
        .uint(payload.queryId, 64)
        .address(payload.to)
        .coins(payload.tonAmount)
        .ref(new CellBuilder().uint(0x178d4519, 32).uint(payload.queryId, 64).coins(payload.amount).build())
        .build();
    case "nft_transfer":
      return body
        .uint(payload.queryId, 64)
        .address(payload.newOwner)
        .address(payload.responseDestination)
        .bit(0)
        .coins(payload.forwardAmount)
        .bit(0)
        .build();
    case "nft_ownership_assigned":
      return body.uint(payload.queryId, 64).address(payload.prevOwner).bit(0).build();
    case "bounced":
      return body.uint(payload.original, 32).build();
    case "raw":
      return payload.body;
  }
}
