import type { CreateNodeBody } from "../../../generated/platform/types.js";
import { findNetwork, NETWORKS, type SandboxNetwork, SHARED_PROTOCOLS } from "./networks.js";

/** A create request that passed the rules, with its network resolved. */
export type CheckedCreate =
  | { ok: true; network: SandboxNetwork }
  | { ok: false; fields: Record<string, string[]> };

/**
 * The create rules a schema cannot express, because the body names a network, not a protocol: the
 * network must exist, and `type: shared` needs a protocol that has shared nodes. (The
 * provider/region pairing is in the schema and refused before this runs.)
 *
 * @param body - A create body that passed schema validation.
 * @returns The resolved network, or the per-field messages of a 400.
 * @example
 * const body = { name: "n", provider: "gcloud", region: "asia-southeast1", role: "peer", configuration: {} } as const;
 * checkCreateRules({ ...body, network: "tron-mainnet", type: "shared" });
 * // { ok: false, fields: { type: ['"shared" is not available for protocol tron; use "dedicated".'] } }
 */
export function checkCreateRules(body: CreateNodeBody): CheckedCreate {
  const network = findNetwork(body.network);
  if (!network) {
    const names = NETWORKS.map((candidate) => candidate.name).join(", ");
    return {
      ok: false,
      fields: {
        network: [`Unknown network "${body.network}". The sandbox offers: ${names} (or their NW- ids).`],
      },
    };
  }
  if (body.type === "shared" && !SHARED_PROTOCOLS.has(network.protocol)) {
    return {
      ok: false,
      fields: { type: [`"shared" is not available for protocol ${network.protocol}; use "dedicated".`] },
    };
  }
  return { ok: true, network };
}
