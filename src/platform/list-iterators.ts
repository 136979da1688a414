import type {
  ListNetworksQuery,
  ListNodesQuery,
  ListNodesV2Query,
  ListNodeUsageQuery,
  ListProjectMembersQuery,
  ListProjectsQuery,
  ListProjectsV2Query,
  Network,
  NodeUsage,
  PlatformOperations,
  ProjectMember,
} from "../../generated/platform/index.js";
import { platformOperations } from "../../generated/platform/operations.js";
import type { CallOptions } from "../runtime/operation.js";
import { type PageNumberOptions, pageNumberPages } from "../runtime/paging/page-number-pages.js";

/** An item of a list answer. */
type ItemOf<R> = R extends { results: readonly (infer I)[] } ? I : never;
type Answer<Id extends keyof PlatformOperations> = Awaited<ReturnType<PlatformOperations[Id]>>;

/**
 * One async iterator per list of the platform API, named after the list (`listNodes` → `nodes`):
 * each takes the list's filters (without `page`, or with the page to start from) and yields its items
 * across every page, one request per page, until the last.
 */
export interface PlatformListIterators {
  /** Every project. */
  projects(
    filter?: ListProjectsQuery,
    options?: PageNumberOptions,
  ): AsyncGenerator<ItemOf<Answer<"listProjects">>, void>;
  /** Every member of a project. */
  projectMembers(
    id: string,
    filter?: ListProjectMembersQuery,
    options?: PageNumberOptions,
  ): AsyncGenerator<ProjectMember, void>;
  /** Every network, e.g. `{ public_network: "ethereum-mainnet" }` for the `NW-…` ids of that network. */
  networks(filter?: ListNetworksQuery, options?: PageNumberOptions): AsyncGenerator<Network, void>;
  /** Every node matching the filters. */
  nodes(
    filter?: ListNodesQuery,
    options?: PageNumberOptions,
  ): AsyncGenerator<ItemOf<Answer<"listNodes">>, void>;
  /** Every project, from the v2 API. */
  projectsV2(
    filter?: ListProjectsV2Query,
    options?: PageNumberOptions,
  ): AsyncGenerator<ItemOf<Answer<"listProjectsV2">>, void>;
  /** Every node in the v2 shape. */
  nodesV2(
    filter?: ListNodesV2Query,
    options?: PageNumberOptions,
  ): AsyncGenerator<ItemOf<Answer<"listNodesV2">>, void>;
  /** Every usage row of the period (the totals are on `listNodeUsage`'s pages). */
  nodeUsage(filter?: ListNodeUsageQuery, options?: PageNumberOptions): AsyncGenerator<NodeUsage, void>;
}

/** `listNodeUsage` → `nodeUsage`. */
function iteratorName(operationId: string): string {
  const rest = operationId.replace(/^list/, "");
  return rest.charAt(0).toLowerCase() + rest.slice(1);
}

/**
 * Builds an iterator for every operation the spec marks paged by number: the path parameters (if
 * any) come first, as for the operation, then the filter and the paging options.
 *
 * @param operations - The client's operations, which fetch the pages.
 * @returns The iterators, keyed by name.
 * @example
 * const iterators = platformListIterators(platform);
 * for await (const network of iterators.networks({ public_network: "ethereum-mainnet" })) console.log(network.id);
 */
export function platformListIterators(operations: PlatformOperations): PlatformListIterators {
  const iterators: Record<string, unknown> = {};
  for (const operation of Object.values(platformOperations)) {
    const { paging } = operation;
    if (paging?.mode !== "page") continue;
    const pathParams = operation.path.match(/\{[^}]+\}/g)?.length ?? 0;
    const call = operations[operation.id as keyof PlatformOperations] as (
      ...args: unknown[]
    ) => Promise<unknown>;
    iterators[iteratorName(operation.id)] = (...args: unknown[]) => {
      const head = args.slice(0, pathParams);
      const [filter = {}, options] = args.slice(pathParams) as [
        object | undefined,
        PageNumberOptions | undefined,
      ];
      const fetchPage = (query: object, callOptions: CallOptions) => call(...head, query, callOptions);
      return pageNumberPages({ operation: operation.id, paging, fetchPage }, filter, options);
    };
  }
  return iterators as unknown as PlatformListIterators;
}
