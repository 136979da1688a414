/**
 * The sandbox chain's resource parameters: network totals near the Nile testnet's, and what TRON
 * burns for resources an account's stake does not cover.
 */
export const NETWORK = {
  TotalNetLimit: 43_200_000_000n,
  TotalNetWeight: 84_000_000_000n,
  TotalEnergyLimit: 180_000_000_000n,
  TotalEnergyWeight: 19_000_000_000n,
} as const;

/** Sun burned per unit of energy the stake does not cover (mainnet's price since 2024). */
export const SUN_PER_ENERGY = 100n;
/** Sun burned per byte of bandwidth the stake and the free allowance do not cover. */
export const SUN_PER_BYTE = 1_000n;
/** Free bandwidth every account gets per day, in bytes. */
export const FREE_NET_LIMIT = 600n;
/** What java-tron charges to create an account by sending TRX or a token to a new address, in sun. */
export const CREATE_ACCOUNT_FEE = 1_000_000n;
/** The highest `fee_limit` the chain takes (mainnet's `getMaxFeeLimit`: 15 000 TRX). */
export const MAX_FEE_LIMIT = 15_000_000_000n;
const SUN_PER_TRX = 1_000_000n;

/**
 * The bandwidth (bytes) or energy a stake gives per day: its share of the network's total weight.
 *
 * @example
 * resourceLimit(500_000_000n, "energy"); // 4736n
 */
export function resourceLimit(staked: bigint, resource: "bandwidth" | "energy"): bigint {
  return resource === "energy"
    ? (staked * NETWORK.TotalEnergyLimit) / (NETWORK.TotalEnergyWeight * SUN_PER_TRX)
    : (staked * NETWORK.TotalNetLimit) / (NETWORK.TotalNetWeight * SUN_PER_TRX);
}

/**
 * What `getchainparameters` answers: the resource prices and limits above under java-tron's keys
 * (a value of 0 left out, as the node does). The unstaking delay is not among them: the sandbox
 * counts it in milliseconds (its `unfreezeDelayMs`), not in days.
 *
 * @example
 * chainParameters().find((entry) => entry.key === "getEnergyFee")?.value; // 100n
 */
export function chainParameters(): { key: string; value?: bigint }[] {
  const entries: [string, bigint][] = [
    ["getMaintenanceTimeInterval", 21_600_000n],
    ["getCreateAccountFee", 100_000n],
    ["getTransactionFee", SUN_PER_BYTE],
    ["getFreeNetLimit", FREE_NET_LIMIT],
    ["getTotalNetLimit", NETWORK.TotalNetLimit],
    ["getTotalEnergyLimit", NETWORK.TotalEnergyLimit],
    ["getCreateNewAccountFeeInSystemContract", CREATE_ACCOUNT_FEE],
    ["getEnergyFee", SUN_PER_ENERGY],
    ["getMaxFeeLimit", MAX_FEE_LIMIT],
  ];
  return entries.map(([key, value]) => (value === 0n ? { key } : { key, value }));
}
