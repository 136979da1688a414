import type { NodeV2 as SpecNodeV2 } from "../../../generated/platform/types.js";
import type { Revealed } from "../../runtime/credentials/secret.js";
import { placementIds } from "./deployment-options.js";
import type { Node } from "./node-store.js";
import type { NetworkRecord } from "./project-store.js";

/** A v2 node as the service sends it: its credentials in clear. */
export type NodeV2 = Revealed<SpecNodeV2>;

/**
 * A node in the v2 shape: the network by its short name (`mainnet`), the protocol and project
 * spelt out, and the cloud and blockchain ids of where it runs.
 *
 * @param node - The node as v1 shows it.
 * @param network - Its network and project.
 * @returns The v2 view.
 * @example
 * const surface = createPlatformSurface({ nodeAuth: new NodeAuthRegistry(), nodeUrls: { evm: url, wallet: url, indexer: url } });
 * const node = surface.nodes.get(id);
 * const network = node && surface.projects.record(node.network);
 * if (node && network) console.log(nodeV2View(node, network).blockchain);
 */
export function nodeV2View(node: Node, network: NetworkRecord): NodeV2 {
  const { protocol, name } = network.network;
  const ids = placementIds(network.network, String(node.provider), String(node.region));
  return {
    id: node.id,
    name: node.name,
    network: name.startsWith(`${protocol}-`) ? name.slice(protocol.length + 1) : name,
    protocol,
    project: network.project,
    cloud: ids.cloud,
    region: String(node.region),
    provider: String(node.provider),
    status: node.status,
    details: node.details ?? {},
    blockchain: ids.blockchain,
  };
}
