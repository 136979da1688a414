/**
 * The public networks the sandbox platform serves, each named `<protocol>-<net>`; the protocol
 * decides the `shared` rule and which of the sandbox's node surfaces serves a node. The default
 * project holds one network (`NW-…`) for each.
 */

/** The sandbox node surface that serves a protocol's nodes. */
export type NodeSurfaceName = "evm" | "wallet" | "indexer";

/** One network a node can join. */
export interface SandboxNetwork {
  /** Network id, e.g. `NW-100-000-1`. */
  id: string;
  /** Public name `<protocol>-<net>`, e.g. `ethereum-mainnet`. */
  name: string;
  protocol: string;
  /** The node surface serving it. */
  surface: NodeSurfaceName;
  /** Other public names accepted for it (e.g. `hyperevm`). */
  aliases?: readonly string[];
}

/** The seven protocols with a `shared` node type; `dedicated` exists for every protocol. */
export const SHARED_PROTOCOLS: ReadonlySet<string> = new Set([
  "ethereum",
  "polygon-pos",
  "bsc",
  "avalanche",
  "fantom",
  "tezos",
  "bitcoin",
]);

/** EVM-type protocols: their nodes are served by the sandbox's EVM surface. */
const EVM_PROTOCOLS: Readonly<Record<string, readonly string[]>> = {
  ethereum: ["mainnet", "sepolia-testnet", "holesky-testnet"],
  "polygon-pos": ["mainnet", "testnet"],
  bsc: ["mainnet", "testnet"],
  avalanche: ["mainnet", "testnet"],
  fantom: ["mainnet", "testnet"],
  arbitrum: ["mainnet", "sepolia-testnet"],
  gnosis: ["mainnet"],
  hyperliquid: ["mainnet", "testnet"],
};

/** Other protocols and the surface serving each. */
const OTHER_PROTOCOLS: Readonly<Record<string, { surface: NodeSurfaceName; nets: readonly string[] }>> = {
  tron: { surface: "wallet", nets: ["mainnet", "nile-testnet"] },
  ton: { surface: "indexer", nets: ["mainnet", "testnet"] },
};

const ALIASES: Readonly<Record<string, readonly string[]>> = {
  "hyperliquid-mainnet": ["hyperevm", "hyperevm-mainnet"],
  "hyperliquid-testnet": ["hyperevm-testnet"],
};

function buildNetworks(): SandboxNetwork[] {
  const entries: [string, NodeSurfaceName, readonly string[]][] = [
    ...Object.entries(EVM_PROTOCOLS).map(([protocol, nets]): [string, NodeSurfaceName, readonly string[]] => [
      protocol,
      "evm",
      nets,
    ]),
    ...Object.entries(OTHER_PROTOCOLS).map(
      ([protocol, { surface, nets }]): [string, NodeSurfaceName, readonly string[]] => [
        protocol,
        surface,
        nets,
      ],
    ),
  ];
  const networks: SandboxNetwork[] = [];
  entries.forEach(([protocol, surface, nets], protocolIndex) => {
    nets.forEach((net, netIndex) => {
      const name = `${protocol}-${net}`;
      const id = `NW-${100 + protocolIndex}-${String(netIndex + 1).padStart(3, "0")}-1`;
      networks.push({ id, name, protocol, surface, ...(ALIASES[name] && { aliases: ALIASES[name] }) });
    });
  });
  return networks;
}

/** Every public network the sandbox serves, with the id of its network in the default project. */
export const PUBLIC_NETWORKS: readonly SandboxNetwork[] = Object.freeze(buildNetworks());

/**
 * Finds a public network by name (`ethereum-mainnet`, or an alias such as `hyperevm`), ignoring case.
 *
 * @param value - A public network name.
 * @returns The network, or undefined when the sandbox serves none by that name.
 * @example
 * findPublicNetwork("tron-mainnet")?.surface; // "wallet"
 */
export function findPublicNetwork(value: string): SandboxNetwork | undefined {
  const wanted = value.trim().toLowerCase();
  return PUBLIC_NETWORKS.find((network) => network.name === wanted || network.aliases?.includes(wanted));
}
