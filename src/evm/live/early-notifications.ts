/** Most bytes of notifications kept for ids not known yet, all ids together. */
const MOST_BYTES = 4 * 1024 * 1024;
/** Most bytes kept for one id: a node that floods one id cannot take the whole allowance. */
const MOST_BYTES_PER_ID = 1024 * 1024;
/** Counted for each notification kept on top of its text: what holding a tiny one costs. */
const ENTRY_COST = 64;

interface Waiting {
  items: unknown[];
  bytes: number;
  dropped: number;
}

/** What was kept for one id, and how many of its notifications were let go. */
export interface EarlyItems {
  items: unknown[];
  /** Notifications for this id let go because the allowance was spent. */
  dropped: number;
  /** Whether notifications for ids with nothing kept were let go too (one of them may be this one). */
  unplaced: boolean;
}

/**
 * Notifications for subscription ids not known yet: a node may push items for a new subscription
 * before its `eth_subscribe` answer has been read back. They are kept for a moment, bounded in bytes
 * (the text of each message, plus a fixed cost per item) in all and per id, so a node pushing large
 * or many items for ids nobody asked for cannot grow the client's memory.
 *
 * @example
 * const early = new EarlyNotifications();
 * early.keep("0x1", { number: "0x5" }, 120);
 * early.take("0x1"); // { items: [{ number: "0x5" }], dropped: 0, unplaced: false }
 */
export class EarlyNotifications {
  #byId = new Map<string, Waiting>();
  #bytes = 0;
  #unplaced = 0;

  /** Keeps `item` for `id` if the allowance has room for its `bytes`; else counts it as let go. */
  keep(id: string, item: unknown, bytes: number): void {
    const cost = bytes + ENTRY_COST;
    const waiting = this.#byId.get(id);
    if (this.#bytes + cost > MOST_BYTES || (waiting?.bytes ?? 0) + cost > MOST_BYTES_PER_ID) {
      if (waiting === undefined) this.#unplaced++;
      else waiting.dropped++;
      return;
    }
    if (waiting === undefined) this.#byId.set(id, { items: [item], bytes: cost, dropped: 0 });
    else {
      waiting.items.push(item);
      waiting.bytes += cost;
    }
    this.#bytes += cost;
  }

  /** Hands over (and forgets) what was kept for `id`. */
  take(id: string): EarlyItems {
    const waiting = this.#byId.get(id);
    this.#byId.delete(id);
    this.#bytes -= waiting?.bytes ?? 0;
    return { items: waiting?.items ?? [], dropped: waiting?.dropped ?? 0, unplaced: this.#unplaced > 0 };
  }

  /** Forgets everything kept. */
  clear(): void {
    this.#byId.clear();
    this.#bytes = 0;
    this.#unplaced = 0;
  }
}
