import type { CreateNodeBody } from "../../../generated/platform/types.js";
import { DEPLOYMENT_OPTIONS } from "./deployment-options.js";
import { PUBLIC_NETWORKS, SHARED_PROTOCOLS } from "./networks.js";
import type { NetworkRecord, ProjectStore } from "./project-store.js";

/** A create request that passed the rules, with its network resolved. */
export type CheckedCreate =
  | { ok: true; network: NetworkRecord }
  | { ok: false; fields: Record<string, string[]> };

/**
 * The create rules a schema cannot express, because the body names a network, not a protocol: the
 * network must exist, `type: shared` needs a protocol that has shared nodes, and a shared node must
 * match a deployment option of its public network (provider, region, and `archive` among its
 * features). The provider/region pairing is in the schema and refused before this runs.
 *
 * @param body - A create body that passed schema validation.
 * @param projects - The projects and networks a node can join.
 * @returns The resolved network, or the per-field messages of a 400.
 * @example
 * const { projects } = createPlatformSurface({ nodeAuth: new NodeAuthRegistry(), nodeUrls: { evm: url, wallet: url, indexer: url } });
 * const body = { name: "n", provider: "gcloud", region: "asia-southeast1", role: "peer", configuration: {} } as const;
 * checkCreateRules({ ...body, network: "tron-mainnet", type: "shared" }, projects);
 * // { ok: false, fields: { type: ['"shared" is not available for protocol tron; use "dedicated".'] } }
 */
export function checkCreateRules(body: CreateNodeBody, projects: ProjectStore): CheckedCreate {
  const network = projects.find(body.network);
  if (!network) {
    const names = PUBLIC_NETWORKS.map((candidate) => candidate.name).join(", ");
    return {
      ok: false,
      fields: {
        network: [`Unknown network "${body.network}". The sandbox offers: ${names} (or their NW- ids).`],
      },
    };
  }
  const { protocol, name } = network.network;
  if (body.type !== "shared") return { ok: true, network };
  if (!SHARED_PROTOCOLS.has(protocol)) {
    return {
      ok: false,
      fields: { type: [`"shared" is not available for protocol ${protocol}; use "dedicated".`] },
    };
  }
  const options = DEPLOYMENT_OPTIONS.filter((option) => option.network === name);
  const placed = options.find((option) => option.provider === body.provider && option.region === body.region);
  if (!placed) {
    const offered = options.map((option) => `${option.provider} ${option.region}`).join(", ");
    return {
      ok: false,
      fields: {
        region: [
          `Shared ${name} nodes are not offered on ${body.provider} ${body.region}; offered: ${offered}.`,
        ],
      },
    };
  }
  if (body.configuration.archive === true && !placed.features.includes("archive")) {
    return {
      ok: false,
      fields: { configuration: [`Shared ${name} nodes offer ${placed.features.join(", ")}, not archive.`] },
    };
  }
  return { ok: true, network };
}
