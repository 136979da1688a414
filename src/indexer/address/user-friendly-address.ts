import type { AddressBook } from "../../../generated/indexer/index.js";
import { TonAddressError } from "../errors/ton-address-error.js";
import { toRawAddress } from "./format-ton-address.js";
import type { TonAddress } from "./ton-address.js";

/**
 * The user-friendly form of an address as an answer's `address_book` gives it: bounceable `EQ…`
 * for contracts, non-bounceable `UQ…` for wallets, testnet forms on testnet. The indexer keys the
 * book by raw address; the address may be given in any form.
 *
 * @param answer - An answer with an `address_book` (transactions, actions, traces, …), or an address
 *   book itself (what `getAddressBook` returns).
 * @param address - The address to look up, in any form.
 * @returns The user-friendly form, or undefined when the book has no entry for the address (or the
 *   indexer could not read it).
 * @throws {TonAddressError} when `address` is not a TON address.
 * @example
 * const page = await indexer.getTransactions({ account, limit: 10 });
 * const shown = userFriendlyAddress(page, page.transactions[0]?.account ?? account); // "UQ…" or "EQ…"
 */
export function userFriendlyAddress(
  answer: { address_book?: AddressBook } | AddressBook,
  address: string | TonAddress,
): string | undefined {
  const book = (
    "address_book" in answer && isBook(answer.address_book) ? answer.address_book : answer
  ) as AddressBook;
  const raw = toRawAddress(address);
  const entry = book[raw] ?? book[raw.toLowerCase()] ?? findByAddress(book, raw);
  const friendly = entry?.user_friendly;
  return typeof friendly === "string" && friendly !== "addr_none" ? friendly : undefined;
}

function isBook(value: unknown): value is AddressBook {
  return value !== null && typeof value === "object";
}

/** A book keyed by some other form than raw upper-case (e.g. the form a caller sent to `getAddressBook`). */
function findByAddress(book: AddressBook, raw: string) {
  for (const [key, entry] of Object.entries(book)) {
    try {
      if (toRawAddress(key) === raw) return entry;
    } catch (error) {
      if (!(error instanceof TonAddressError)) throw error;
    }
  }
  return undefined;
}
