import type { Modification, ModifyStatus, Order } from "../../../generated/exchange/types.js";

/** An order resting for an account. */
export interface RestingOrder {
  oid: number;
  cloid?: string;
  order: Order;
  /** Trigger orders rest until their trigger price; limit orders rest on the book. */
  kind: "limit" | "trigger";
}

/** Options of an {@link OrderBook}. */
export interface OrderBookOptions {
  /** The first order id handed out (later ids count up from it). */
  firstOid: number;
  /** Reference price per asset index; an order crossing it is marketable. Assets not listed use 100. */
  marks?: Readonly<Record<number, string>>;
}

/** Outcome of placing an order: how it ended, or why it was refused. */
type Placement =
  | { outcome: "rests"; kind: "limit" | "trigger" }
  | { outcome: "fills"; avgPx: string }
  | { outcome: "refused"; error: string };

/**
 * Orders per account, with just enough matching to answer like the real service: an order that
 * crosses its asset's reference price fills there at once (IOC or GTC), a post-only order that would
 * cross is refused, an IOC that cannot fill is refused, anything else rests. A modification
 * replaces the order under a new order id; a failing one leaves the original untouched.
 */
export class OrderBook {
  readonly #accounts = new Map<string, Map<number, RestingOrder>>();
  readonly #marks: Readonly<Record<number, string>>;
  #nextOid: number;

  constructor(options: OrderBookOptions) {
    this.#nextOid = options.firstOid;
    this.#marks = options.marks ?? {};
  }

  #orders(account: string): Map<number, RestingOrder> {
    const key = account.toLowerCase();
    let orders = this.#accounts.get(key);
    if (!orders) {
      orders = new Map();
      this.#accounts.set(key, orders);
    }
    return orders;
  }

  /** The reference price of an asset. */
  mark(asset: number): string {
    return this.#marks[asset] ?? "100";
  }

  /**
   * Rests an order for an account without matching (seeding the demo account).
   *
   * @returns The order id.
   */
  seed(account: string, order: Order): number {
    const oid = this.#nextOid++;
    const kind = "trigger" in order.t ? "trigger" : "limit";
    this.#orders(account).set(oid, { oid, order, kind, ...(order.c && { cloid: order.c }) });
    return oid;
  }

  /** The ids of the orders resting for an account, oldest first. */
  restingOids(account: string): number[] {
    return [...this.#orders(account).keys()];
  }

  /** The order resting under an id, or undefined. */
  find(account: string, oid: number): RestingOrder | undefined {
    return this.#orders(account).get(oid);
  }

  #place(order: Order): Placement {
    if (Number(order.s) === 0) return { outcome: "refused", error: `Order has zero size. asset=${order.a}` };
    if ("trigger" in order.t) return { outcome: "rests", kind: "trigger" };
    const mark = this.mark(order.a);
    const crosses = order.b ? Number(order.p) >= Number(mark) : Number(order.p) <= Number(mark);
    const tif = order.t.limit.tif;
    if (tif === "Alo" && crosses) {
      return {
        outcome: "refused",
        error: `Post only order would have immediately matched, bbo was ${mark}@${mark}. asset=${order.a}`,
      };
    }
    if (crosses) return { outcome: "fills", avgPx: mark };
    if (tif === "Ioc") {
      return {
        outcome: "refused",
        error: `Order could not immediately match against any resting orders. asset=${order.a}`,
      };
    }
    return { outcome: "rests", kind: "limit" };
  }

  /**
   * Applies one modification for an account.
   *
   * @param account - Whose orders (the signer, or the vault it acts for).
   * @param modification - The order to change (by oid or cloid) and its complete new form.
   * @returns The modification's status, as the service reports it.
   */
  modify(account: string, modification: Modification): ModifyStatus {
    const orders = this.#orders(account);
    const target =
      typeof modification.oid === "number"
        ? orders.get(modification.oid)
        : [...orders.values()].find((resting) => resting.cloid === modification.oid);
    if (!target) return { error: "Cannot modify canceled or filled order" };

    const { order } = modification;
    const placement = this.#place(order);
    if (placement.outcome === "refused") return { error: placement.error };

    orders.delete(target.oid);
    const oid = this.#nextOid++;
    const cloid = order.c ? { cloid: order.c } : {};
    if (placement.outcome === "fills") {
      return { filled: { totalSz: order.s, avgPx: placement.avgPx, oid, ...cloid } };
    }
    orders.set(oid, { oid, order, kind: placement.kind, ...cloid });
    return placement.kind === "trigger" ? "waitingForTrigger" : { resting: { oid, ...cloid } };
  }
}
