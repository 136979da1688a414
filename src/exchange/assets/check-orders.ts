import type { Order } from "../../../generated/exchange/types.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import type { AssetDirectory } from "./asset-directory.js";
import { orderValueProblem } from "./order-value.js";
import { priceProblem, sizeProblem } from "./price-rules.js";

/** An order in wire form and where it sits in its action (`/orders/0`, `/modifies/2/order`). */
export interface PlacedOrder {
  order: Order;
  pointer: string;
  /**
   * Whether a size of 0 is allowed, read by the exchange as the whole position: a take-profit or
   * stop-loss of a position (a trigger order of a `positionTpsl` group, or a reduce-only trigger
   * order being modified). Any other order of size 0 is refused by the exchange after signing.
   */
  wholePosition?: boolean;
}

const ZERO_SIZE =
  'is 0: give the size to trade (a size of 0 means "the whole position" only for a trigger order placed with grouping "positionTpsl")';

/**
 * Checks each order's asset, price, trigger price, size and value against the exchange's rules for
 * that asset, so an order the exchange would refuse is named before anything is signed.
 *
 * @param orders - The orders of one action, with their pointers.
 * @param assets - The exchange's assets.
 * @returns One issue per rule broken, each naming its field and how to fix it; empty when all pass.
 * @example
 * const order = { a: 0, b: true, p: "61500.5", s: "0.01", r: false, t: { limit: { tif: "Gtc" as const } } };
 * orderIssues([{ order, pointer: "/orders/0" }], assets); // [{ pointer: "/orders/0/p", message: "has 6 significant figures; ..." }]
 */
export function orderIssues(orders: readonly PlacedOrder[], assets: AssetDirectory): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const { order, pointer, wholePosition } of orders) {
    const asset = assets.get(order.a);
    if (!asset) {
      issues.push({
        pointer: `${pointer}/a`,
        message: `${order.a} is not an asset of this exchange: perpetuals are numbered by their position in meta, spot pairs 10000 + their index in spotMeta`,
      });
      continue;
    }
    const price = priceProblem(order.p, asset);
    if (price) issues.push({ pointer: `${pointer}/p`, message: price });
    if ("trigger" in order.t) {
      const trigger = priceProblem(order.t.trigger.triggerPx, asset);
      if (trigger) issues.push({ pointer: `${pointer}/t/trigger/triggerPx`, message: trigger });
    }
    const zero = !/[1-9]/.test(order.s) && !wholePosition ? ZERO_SIZE : undefined;
    const size = zero ?? sizeProblem(order.s, asset) ?? orderValueProblem(order, asset);
    if (size) issues.push({ pointer: `${pointer}/s`, message: size });
  }
  return issues;
}
