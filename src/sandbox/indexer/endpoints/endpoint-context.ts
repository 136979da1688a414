import type { Ledger } from "../ledger/generate-ledger.js";
import { addressBook, metadata, rawAddressesIn } from "../render/address-book.js";
import { QueryRefusal } from "./query.js";

/** What every endpoint of the sandbox indexer reads. The ledger grows when a sent message is processed. */
export interface EndpointContext {
  ledger: Ledger;
  testnet: boolean;
}

/** Refuses a masterchain block the ledger does not hold, as the indexer does (404). */
export function requireMasterchainBlock(context: EndpointContext, seqno: unknown): void {
  if (typeof seqno !== "number") return;
  if (!context.ledger.blocks.some((block) => block.workchain === -1 && block.seqno === seqno)) {
    throw new QueryRefusal(404, `masterchain block ${seqno} not found`);
  }
}

/**
 * A list answer: the page under its field, with the address book (and, where the indexer sends
 * it, the token metadata) of every address on the page.
 *
 * @param context - The ledger and address forms.
 * @param field - The list's field, e.g. `transactions`.
 * @param items - The page, rendered.
 * @param withMetadata - Add `metadata`.
 */
export function listAnswer(
  context: EndpointContext,
  field: string,
  items: unknown[],
  withMetadata: boolean,
): { status: number; body: Record<string, unknown> } {
  const addresses = rawAddressesIn(items);
  return {
    status: 200,
    body: {
      [field]: items,
      address_book: addressBook(addresses, context.ledger.accounts, context.testnet),
      ...(withMetadata && { metadata: metadata(addresses, context.ledger.accounts) }),
    },
  };
}
