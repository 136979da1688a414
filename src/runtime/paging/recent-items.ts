import { stringifyJson } from "../json/stringify-json.js";
import { itemKey } from "./page-items.js";

/**
 * How many item identities a pager remembers: the latest ones yielded. Offsets shift by the number of
 * items that arrive between two page requests, and a shift of `k` repeats at most the last `k` items
 * yielded, so remembering this many keeps every repeat out while fewer than this many items arrive
 * between two requests, in bounded memory however long the list.
 */
export const RECENT_ITEMS_REMEMBERED = 10_000;

/**
 * The identities of the items a pager yielded last, oldest forgotten first. An item is identified by
 * its key fields (from the spec's `x-paging`), or, when one of them is missing or null (a trace
 * still without its `trace_id`), by a digest of its content, so a page the server repeats is
 * recognised either way.
 */
export class RecentItems {
  readonly #identities = new Set<string>();
  readonly #keyFields: readonly string[];
  readonly #size: number;

  /**
   * @param keyFields - The fields that identify an item, e.g. `["hash"]`.
   * @param size - How many identities to remember (default {@link RECENT_ITEMS_REMEMBERED}).
   */
  constructor(keyFields: readonly string[], size = RECENT_ITEMS_REMEMBERED) {
    this.#keyFields = keyFields;
    this.#size = size;
  }

  /**
   * Remembers an item and says whether it is new: `false` when it is one of the items remembered.
   *
   * @param item - An item of a page.
   * @returns Whether the item was not among the remembered ones; a promise only for an item without
   *   its keys, whose content is digested.
   * @example
   * const recent = new RecentItems(["hash"]);
   * recent.add({ hash: "a" }); // true
   * recent.add({ hash: "a" }); // false
   */
  add(item: unknown): boolean | Promise<boolean> {
    const key = keyOf(item, this.#keyFields);
    return key !== undefined
      ? this.#remember(key)
      : contentDigest(item).then((digest) => this.#remember(digest));
  }

  #remember(identity: string): boolean {
    const known = this.#identities.delete(identity);
    // Re-added at the newest end, so an item a server keeps repeating is never forgotten.
    this.#identities.add(identity);
    if (this.#identities.size > this.#size) {
      const oldest = this.#identities.values().next().value;
      if (oldest !== undefined) this.#identities.delete(oldest);
    }
    return !known;
  }
}

/** The identity of an item from its key fields (`k` first, apart from digests), or undefined when it has none. */
function keyOf(item: unknown, fields: readonly string[]): string | undefined {
  const key = fields.length === 0 ? undefined : itemKey(item, fields);
  return key === undefined ? undefined : `k${key}`;
}

/** SHA-256 of the item's JSON: the same bytes give the same identity, and only 44 characters are kept. */
async function contentDigest(item: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(stringifyJson(item));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `c${btoa(String.fromCharCode(...digest))}`;
}
