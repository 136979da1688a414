import type { DeploymentOption } from "../../../generated/platform/types.js";
import { PUBLIC_NETWORKS, type SandboxNetwork, SHARED_PROTOCOLS } from "./networks.js";

/** A cloud: one provider's region, with the id the v2 API names it by. */
interface Cloud {
  id: string;
  provider: string;
  region: string;
}

/** Every provider and region a node can be placed in (the spec's pairing), each with its cloud id. */
const CLOUDS: readonly Cloud[] = [
  { id: "CC-0016", provider: "aws", region: "us-east-1" },
  { id: "CC-0017", provider: "aws", region: "ap-southeast-1" },
  { id: "CC-0018", provider: "aws", region: "us-west-2" },
  { id: "CC-0024", provider: "gcloud", region: "asia-southeast1" },
  { id: "CC-0031", provider: "azure", region: "uksouth" },
  { id: "CC-0042", provider: "vzo", region: "eu3" },
];

/**
 * The clouds that run shared (global) nodes. Fewer than all clouds, as on the service, so that a
 * shared node asked for elsewhere is refused and the refusal lists these.
 */
const SHARED_CLOUDS = new Set(["CC-0016", "CC-0017", "CC-0031"]);

/** Public networks whose shared nodes can also be archive nodes. */
const ARCHIVE_NETWORKS = new Set(["ethereum-mainnet", "polygon-pos-mainnet"]);

/** `BC-000-000-001`… by the public network's place in the sandbox's list. */
function blockchainId(network: SandboxNetwork): string {
  const index = PUBLIC_NETWORKS.findIndex((candidate) => candidate.name === network.name);
  return `BC-000-000-${String(index + 1).padStart(3, "0")}`;
}

/**
 * What the sandbox can deploy, as `GET /v2/deployment-options/` lists it: shared nodes of the
 * protocols that have them, on the shared clouds, `full` everywhere and `archive` where offered.
 */
export const DEPLOYMENT_OPTIONS: readonly DeploymentOption[] = Object.freeze(
  PUBLIC_NETWORKS.filter((network) => SHARED_PROTOCOLS.has(network.protocol)).flatMap((network) =>
    CLOUDS.filter((cloud) => SHARED_CLOUDS.has(cloud.id)).map((cloud) => ({
      blockchain: blockchainId(network),
      cloud: cloud.id,
      region: cloud.region,
      provider: cloud.provider,
      protocol: network.protocol,
      network: network.name,
      features: ARCHIVE_NETWORKS.has(network.name) ? ["full", "archive"] : ["full"],
    })),
  ),
);

/**
 * The v2 ids of where a node runs: its cloud (by provider and region) and its blockchain (by public
 * network), for nodes created through v1 too.
 *
 * @param network - The node's public network.
 * @param provider - The node's provider.
 * @param region - The node's region.
 * @returns The cloud and blockchain ids (`CC-0000` for a pair outside the spec's pairing).
 * @example
 * placementIds(findPublicNetwork("ethereum-mainnet")!, "aws", "us-east-1"); // { cloud: "CC-0016", blockchain: "BC-000-000-001" }
 */
export function placementIds(
  network: SandboxNetwork,
  provider: string,
  region: string,
): { cloud: string; blockchain: string } {
  const cloud = CLOUDS.find((candidate) => candidate.provider === provider && candidate.region === region);
  return { cloud: cloud?.id ?? "CC-0000", blockchain: blockchainId(network) };
}
