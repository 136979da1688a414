import type {
  ListNodesQuery,
  Node as SpecNode,
  NodeList as SpecNodeList,
} from "../../../generated/platform/types.js";
import type { Revealed } from "../../runtime/credentials/secret.js";
import { findNetwork } from "./networks.js";

/** Nodes as the service sends them: their credentials in clear. */
type Node = Revealed<SpecNode>;
type NodeList = Revealed<SpecNodeList>;

/** A page of nodes, or the page number that does not exist. */
export type NodePage = { ok: true; page: NodeList } | { ok: false; page: number };

const FILTERS = ["provider", "region", "status", "type", "name"] as const;

function matches(node: Node, query: ListNodesQuery): boolean {
  if (query.network !== undefined) {
    // The filter takes the network id; a public name is resolved the way create resolves it.
    const wanted = findNetwork(query.network)?.id ?? query.network;
    if (node.network !== wanted) return false;
  }
  return FILTERS.every((key) => query[key] === undefined || node[key] === query[key]);
}

function compare(order: ListNodesQuery["order_by"]): (a: Node, b: Node) => number {
  const descending = order?.startsWith("-") ?? false;
  const key = (order?.replace(/^-/, "") ?? "created_at") as "name" | "created_at";
  return (a, b) => {
    // Ties (same name, same millisecond) fall back to the id, so pages never overlap.
    const primary = String(a[key] ?? "").localeCompare(String(b[key] ?? ""));
    const result = primary !== 0 ? primary : a.id.localeCompare(b.id);
    return descending ? -result : result;
  };
}

/**
 * One page of the node list, DRF page-number style: filters, `order_by`, then `page` (from 1) of
 * `pageSize` nodes, with absolute `next`/`previous` links that keep the other query parameters.
 *
 * @param nodes - Every node.
 * @param query - The validated query.
 * @param pageSize - Nodes per page.
 * @param selfUrl - The list's own URL (scheme, host and path), for the links.
 * @returns The page, or the number of a page past the end (the real service answers 404 "Invalid page.").
 * @example
 * const store = createPlatformSurface({ nodeAuth: new NodeAuthRegistry(), nodeUrls: { evm: url, wallet: url, indexer: url } }).nodes;
 * paginateNodes(store.list(), { page: 2 }, 10, "http://127.0.0.1:4000/v1/nodes/");
 */
export function paginateNodes(
  nodes: readonly Node[],
  query: ListNodesQuery,
  pageSize: number,
  selfUrl: string,
): NodePage {
  const selected = nodes.filter((node) => matches(node, query)).sort(compare(query.order_by));
  const page = query.page ?? 1;
  const pages = Math.max(1, Math.ceil(selected.length / pageSize));
  if (page > pages) return { ok: false, page };
  const link = (target: number) => {
    const url = new URL(selfUrl);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && key !== "page") url.searchParams.set(key, String(value));
    }
    if (target > 1) url.searchParams.set("page", String(target));
    return url.toString();
  };
  return {
    ok: true,
    page: {
      count: selected.length,
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: selected.slice((page - 1) * pageSize, page * pageSize),
    },
  };
}
