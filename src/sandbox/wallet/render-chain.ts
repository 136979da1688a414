import { bytesToHex } from "@noble/hashes/utils.js";
import { convertAddress } from "../../wallet/request-address.js";
import { FREE_NET_LIMIT, NETWORK, resourceLimit } from "./chain-parameters.js";
import { contractJson } from "./sandbox-contract.js";
import type { AccountState, StoredBlock, StoredInfo, StoredTransaction } from "./tron-ledger.js";
import type { StoredRaw } from "./tron-protobuf.js";

/** The active permission's bit set of contract types java-tron gives a new account. */
const ACTIVE_OPERATIONS = "7fff1fc0033efb0f000000000000000000000000000000000000000000000000";

const address = (hex: string, visible: boolean) => convertAddress(hex, visible) as string;
/** java-tron leaves zero and empty fields out of its answers. */
const nonZero = (key: string, value: bigint | undefined) => (value ? { [key]: value } : {});

/**
 * An account as `getaccount` prints it, in the encoding `visible` asks for.
 *
 * @example
 * renderAccount(newAccount("41dd791d6b49e190062d650e6a23c575510d35f2f9", 0n), true).address; // "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp"
 */
export function renderAccount(account: AccountState, visible: boolean): Record<string, unknown> {
  const own = address(account.address, visible);
  const assets = [...account.assets].map(([key, value]) => ({ key, ...nonZero("value", value) }));
  return {
    address: own,
    ...nonZero("balance", account.balance),
    create_time: account.createTime,
    ...nonZero("latest_opration_time", account.latestOprationTime),
    ...nonZero("free_net_usage", account.freeNetUsage),
    ...nonZero("latest_consume_free_time", account.latestConsumeFreeTime),
    ...nonZero("net_usage", account.netUsage),
    ...nonZero("latest_consume_time", account.latestConsumeTime),
    net_window_size: 28_800_000n,
    net_window_optimized: true,
    account_resource: {
      ...nonZero("energy_usage", account.energyUsed),
      energy_window_size: 28_800_000n,
      energy_window_optimized: true,
      ...nonZero("delegated_frozenV2_balance_for_energy", account.delegatedForEnergy),
      ...nonZero("acquired_delegated_frozenV2_balance_for_energy", account.acquiredForEnergy),
    },
    ...(account.type && { type: account.type }),
    owner_permission: { permission_name: "owner", threshold: 1, keys: [{ address: own, weight: 1 }] },
    active_permission: [
      {
        type: "Active",
        id: 2,
        permission_name: "active",
        threshold: 1,
        operations: ACTIVE_OPERATIONS,
        keys: [{ address: own, weight: 1 }],
      },
    ],
    frozenV2: [
      nonZero("amount", account.stakedForBandwidth),
      { type: "ENERGY", ...nonZero("amount", account.stakedForEnergy) },
      { type: "TRON_POWER" },
    ],
    ...(account.unfrozen.length > 0 && {
      unfrozenV2: account.unfrozen.map((entry) => ({
        ...(entry.resource !== "BANDWIDTH" && { type: entry.resource }),
        unfreeze_amount: entry.amount,
        unfreeze_expire_time: entry.expireTime,
      })),
    }),
    ...nonZero("delegated_frozenV2_balance_for_bandwidth", account.delegatedForBandwidth),
    ...nonZero("acquired_delegated_frozenV2_balance_for_bandwidth", account.acquiredForBandwidth),
    ...(assets.length > 0 && {
      assetV2: assets,
      free_asset_net_usageV2: [...account.assets.keys()].map((key) => ({ key, value: 0 })),
      asset_optimized: true,
    }),
  };
}

/**
 * An account's resources as `getaccountresource` prints them: limits from its stake over the
 * network's totals, zero fields left out.
 */
export function renderAccountResource(account: AccountState | undefined): Record<string, unknown> {
  return {
    ...renderAccountNet(account),
    TotalEnergyLimit: NETWORK.TotalEnergyLimit,
    TotalEnergyWeight: NETWORK.TotalEnergyWeight,
    ...nonZero("EnergyUsed", account?.energyUsed),
    ...nonZero(
      "EnergyLimit",
      resourceLimit((account?.stakedForEnergy ?? 0n) + (account?.acquiredForEnergy ?? 0n), "energy"),
    ),
  };
}

/** An account's bandwidth as `getaccountnet` prints it: stake (own and acquired), free allowance, totals. */
export function renderAccountNet(account: AccountState | undefined): Record<string, unknown> {
  const held = [...(account?.assets.keys() ?? [])];
  return {
    ...nonZero("freeNetUsed", account?.freeNetUsage),
    freeNetLimit: FREE_NET_LIMIT,
    ...nonZero("NetUsed", account?.netUsage),
    ...nonZero(
      "NetLimit",
      resourceLimit((account?.stakedForBandwidth ?? 0n) + (account?.acquiredForBandwidth ?? 0n), "bandwidth"),
    ),
    ...(held.length > 0 && {
      assetNetUsed: held.map((key) => ({ key, value: 0 })),
      assetNetLimit: held.map((key) => ({ key, value: 10_000 })),
    }),
    TotalNetLimit: NETWORK.TotalNetLimit,
    TotalNetWeight: NETWORK.TotalNetWeight,
  };
}

/** A transaction's `raw_data` as java-tron prints it. */
export function renderRaw(
  raw: StoredRaw,
  contracts: readonly Record<string, unknown>[],
): Record<string, unknown> {
  return {
    contract: contracts,
    ref_block_bytes: bytesToHex(raw.refBlockBytes),
    ref_block_hash: bytesToHex(raw.refBlockHash),
    expiration: raw.expiration,
    ...(raw.data && { data: bytesToHex(raw.data) }),
    ...nonZero("fee_limit", raw.feeLimit),
    timestamp: raw.timestamp,
  };
}

/** A transaction in a block, as `gettransactionbyid` and the block look-ups print it. */
export function renderTransaction(transaction: StoredTransaction, visible: boolean): Record<string, unknown> {
  return {
    ret: [{ contractRet: transaction.contractRet ?? "SUCCESS" }],
    signature: transaction.signatures,
    txID: transaction.txID,
    raw_data: renderRaw(transaction.raw, [contractJson(transaction.contract, visible)]),
    raw_data_hex: bytesToHex(transaction.rawBytes),
  };
}

/** A block with its transactions (or, with `detail` false, its header only). */
export function renderBlock(block: StoredBlock, visible: boolean, detail = true): Record<string, unknown> {
  const { header } = block;
  return {
    blockID: block.id,
    block_header: {
      raw_data: {
        ...nonZero("number", header.number),
        txTrieRoot: bytesToHex(header.txTrieRoot),
        witness_address: address(bytesToHex(header.witnessAddress), visible),
        parentHash: bytesToHex(header.parentHash),
        version: header.version,
        timestamp: header.timestamp,
      },
      witness_signature: block.witnessSignature,
    },
    ...(detail &&
      block.transactions.length > 0 && {
        transactions: block.transactions.map((transaction) => renderTransaction(transaction, visible)),
      }),
  };
}

/**
 * A receipt as `gettransactioninfobyid` prints it (visible false, as java-tron prints receipts
 * whatever `visible` says): a contract call adds its result, energy, return data and logs, and a
 * failed one `result: FAILED` with the reason as hex.
 */
export function renderInfo(txID: string, info: StoredInfo): Record<string, unknown> {
  const { call } = info;
  return {
    id: txID,
    ...nonZero("fee", info.fee),
    blockNumber: info.blockNumber,
    blockTimeStamp: info.blockTimeStamp,
    contractResult: [call?.output ?? ""],
    ...(call && { contract_address: call.contract }),
    receipt: {
      ...(call && {
        ...nonZero("energy_usage", call.energyUsage),
        ...nonZero("energy_fee", call.energyFee),
        ...nonZero("energy_usage_total", call.energyTotal),
      }),
      ...nonZero("net_usage", info.netUsage),
      ...nonZero("net_fee", info.netFee),
      ...(call && { result: call.result }),
    },
    ...(call && call.logs.length > 0 && { log: call.logs }),
    ...(call?.message && {
      result: "FAILED",
      resMessage: bytesToHex(new TextEncoder().encode(call.message)),
    }),
  };
}
