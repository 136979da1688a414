import type { FeedType } from "./feed-types.js";

/** Which subscriptions a message goes to: a key, or every subscription of its type. */
export type Route = string | undefined;

/** The fields of a subscription that pick out its messages, by type (types without any: every message). */
const SELECTORS: Readonly<Partial<Record<FeedType, readonly string[]>>> = {
  allMids: ["dex"],
  l2Book: ["coin"],
  trades: ["coin"],
  bbo: ["coin"],
  activeAssetCtx: ["coin"],
  candle: ["coin", "interval"],
  userFills: ["user"],
  userFundings: ["user"],
  userNonFundingLedgerUpdates: ["user"],
};

/**
 * The route of a subscription: its type and selecting fields (`l2Book|BTC`). `orderUpdates`,
 * `userEvents` and `notification` messages name no user, so each of those subscriptions gets every
 * message of its type (subscribe to one user per feed to tell them apart).
 *
 * @example
 * subscriptionRoute({ type: "candle", coin: "BTC", interval: "1m" }); // "candle|BTC|1m"
 */
export function subscriptionRoute(request: Record<string, unknown> & { type: FeedType }): Route {
  const fields = SELECTORS[request.type];
  if (fields === undefined) return undefined;
  return [request.type, ...fields.map((field) => normal(field, request[field]))].join("|");
}

/**
 * The route of a message's `data` (a checked one), matching {@link subscriptionRoute}.
 *
 * @example
 * messageRoute("candle", { s: "BTC", i: "1m", t: 0 }); // "candle|BTC|1m"
 */
export function messageRoute(type: FeedType, data: unknown): Route {
  const fields = SELECTORS[type];
  if (fields === undefined) return undefined;
  const source = (type === "trades" ? (data as unknown[])[0] : data) as Record<string, unknown> | undefined;
  const values: Record<string, unknown> =
    type === "candle" ? { coin: source?.s, interval: source?.i } : (source ?? {});
  return [type, ...fields.map((field) => normal(field, values[field]))].join("|");
}

function normal(field: string, value: unknown): string {
  if (value === undefined || value === null) return "";
  return field === "user" ? String(value).toLowerCase() : String(value);
}

/**
 * The subscription as sent, in one canonical text (sorted keys), so two equal subscriptions of one
 * feed share one on the service.
 *
 * @example
 * wireKey({ type: "l2Book", coin: "BTC" }) === wireKey({ coin: "BTC", type: "l2Book" }); // true
 */
export function wireKey(request: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : 1))));
}
