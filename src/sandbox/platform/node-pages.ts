import type { ListNodesQuery, NodeList as SpecNodeList } from "../../../generated/platform/types.js";
import type { Revealed } from "../../runtime/credentials/secret.js";
import { byOrder, listPage, type PageResult } from "./list-page.js";
import type { Node } from "./node-store.js";
import type { ProjectStore } from "./project-store.js";

type NodeList = Revealed<SpecNodeList>;

const FILTERS = ["provider", "region", "status", "type", "name", "role", "organization"] as const;

function matches(node: Node, query: ListNodesQuery, projects: ProjectStore): boolean {
  const network = projects.record(node.network);
  if (query.network !== undefined) {
    // The filter takes the network id; a public name is resolved the way create resolves it.
    const wanted = projects.find(query.network)?.network.id ?? query.network;
    if (node.network !== wanted) return false;
  }
  if (query.project !== undefined && network?.project !== query.project) return false;
  if (query.protocol !== undefined && network?.network.protocol !== query.protocol) return false;
  if (query.public_network !== undefined && network?.network.name !== query.public_network) return false;
  // Every project is public, the only type there is.
  if (query.project_type !== undefined && query.project_type !== "public") return false;
  if (query.archive !== undefined && (node.configuration?.archive === true) !== query.archive) return false;
  return FILTERS.every((key) => query[key] === undefined || node[key] === query[key]);
}

/**
 * One page of the node list, DRF page-number style: filters (by network id or public name, project,
 * protocol, archive, and the node's own fields), `order_by`, then `page` (from 1) of `pageSize` nodes.
 *
 * @param nodes - Every node.
 * @param query - The validated query.
 * @param projects - The projects and networks the nodes are on.
 * @param pageSize - Nodes per page.
 * @param selfUrl - The list's own URL (scheme, host and path), for the links.
 * @returns The page, or the number of a page past the end (the real service answers 404 "Invalid page.").
 * @example
 * const surface = createPlatformSurface({ nodeAuth: new NodeAuthRegistry(), nodeUrls: { evm: url, wallet: url, indexer: url } });
 * paginateNodes(surface.nodes.list(), { page: 2 }, surface.projects, 10, "http://127.0.0.1:4000/v1/nodes/");
 */
export function paginateNodes(
  nodes: readonly Node[],
  query: ListNodesQuery,
  projects: ProjectStore,
  pageSize: number,
  selfUrl: string,
): PageResult<NodeList["results"][number]> {
  const selected = nodes.filter((node) => matches(node, query, projects)).sort(byOrder(query.order_by));
  return listPage(selected, query, pageSize, selfUrl);
}
