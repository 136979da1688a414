import type { IndexedAction } from "./generate-actions.js";
import { PROVIDER_TYPE_NAMES } from "./generate-actions.js";
import { parseAccount } from "./ton-address.js";

/** The checked query of `GET /api/v3/actions`, defaults applied. */
export interface ActionQuery {
  action_id?: string;
  trace_id?: string;
  tx_hash?: string;
  tx_lt?: number | string;
  account?: string;
  action_type?: string;
  start_utime?: number;
  end_utime?: number;
  start_lt?: number | string;
  end_lt?: number | string;
  limit: number;
  offset: number;
  sort: "asc" | "desc";
}

/** Upstream snake_case for every name the filter accepts (PascalCase provider names included). */
const CANONICAL_TYPE = new Map<string, string>([
  ...Object.entries(PROVIDER_TYPE_NAMES).map(
    ([upstream, provider]) => [provider, upstream] as [string, string],
  ),
  ["TonTransfer", "ton_transfer"],
]);

/** A transaction hash as base64 (the indexer also takes 64 hex digits and base64url). */
function normalizeHash(text: string): string {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex").toString("base64");
  return text.replace(/-/g, "+").replace(/_/g, "/");
}

/**
 * Applies every filter of the query, sorts by logical time and cuts the page.
 *
 * - `action_id`, `trace_id`: equal; `tx_hash`: one of the action's transactions (base64, base64url or hex);
 *   `tx_lt`: one of its transactions' logical times.
 * - `account`: involved in the action (raw or user-friendly form; an unreadable one matches nothing).
 * - `action_type`: the type in either naming (`JettonTransfer` finds `jetton_transfer` and back).
 * - `start_utime`/`end_utime` and `start_lt`/`end_lt`: inclusive, against the trace's end.
 *
 * @param actions - Every action, oldest first.
 * @param query - The checked query.
 * @returns The page, in the requested order.
 * @example
 * const data = generateActions({ seed: 7, count: 100 });
 * selectActions(data.actions, { account, limit: 10, offset: 0, sort: "desc" });
 */
export function selectActions(actions: readonly IndexedAction[], query: ActionQuery): IndexedAction[] {
  const txHash = query.tx_hash === undefined ? undefined : normalizeHash(query.tx_hash);
  const txLt = query.tx_lt === undefined ? undefined : BigInt(query.tx_lt);
  const account = query.account === undefined ? undefined : (parseAccount(query.account) ?? null);
  const type =
    query.action_type === undefined
      ? undefined
      : (CANONICAL_TYPE.get(query.action_type) ?? query.action_type);
  const startLt = query.start_lt === undefined ? undefined : BigInt(query.start_lt);
  const endLt = query.end_lt === undefined ? undefined : BigInt(query.end_lt);

  const matching = actions.filter(
    (action) =>
      (query.action_id === undefined || action.actionId === query.action_id) &&
      (query.trace_id === undefined || action.traceId === query.trace_id) &&
      (txHash === undefined || action.transactions.some((tx) => tx.hash === txHash)) &&
      (txLt === undefined || action.transactions.some((tx) => tx.lt === txLt)) &&
      (account === undefined || (account !== null && action.accounts.includes(account))) &&
      (type === undefined || action.canonicalType === type) &&
      (query.start_utime === undefined || action.traceEndUtime >= query.start_utime) &&
      (query.end_utime === undefined || action.traceEndUtime <= query.end_utime) &&
      (startLt === undefined || action.traceEndLt >= startLt) &&
      (endLt === undefined || action.traceEndLt <= endLt),
  );
  const direction = query.sort === "asc" ? 1 : -1;
  matching.sort((a, b) => {
    if (a.endLt !== b.endLt) return a.endLt < b.endLt ? -direction : direction;
    return a.actionId < b.actionId ? -direction : a.actionId > b.actionId ? direction : 0;
  });
  return matching.slice(query.offset, query.offset + query.limit);
}
