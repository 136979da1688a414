/**
 * The networks the sandbox platform offers. Each is named by an id (`NW-…`, as on the real service)
 * and by a public name `<protocol>-<net>`; the protocol decides the `shared` rule and which of the
 * sandbox's node surfaces serves the node.
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

/** Every network of the sandbox platform. */
export const NETWORKS: readonly SandboxNetwork[] = Object.freeze(buildNetworks());

/**
 * Finds a network by id (`NW-…`) or public name (`ethereum-mainnet`, `hyperevm`), ignoring case.
 *
 * @param value - The `network` of a create request or a list filter.
 * @returns The network, or undefined when the sandbox has none by that name.
 * @example
 * findNetwork("tron-mainnet")?.surface; // "wallet"
 */
export function findNetwork(value: string): SandboxNetwork | undefined {
  const wanted = value.trim().toLowerCase();
  return NETWORKS.find(
    (network) =>
      network.id.toLowerCase() === wanted || network.name === wanted || network.aliases?.includes(wanted),
  );
}
