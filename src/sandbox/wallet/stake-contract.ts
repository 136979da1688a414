import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { hexToBytes } from "@noble/hashes/utils.js";

/** The resources a Stake 2.0 contract names, with their protobuf `ResourceCode` numbers. */
export const RESOURCE_CODES = { BANDWIDTH: 0, ENERGY: 1, TRON_POWER: 2 } as const;
export type ResourceName = keyof typeof RESOURCE_CODES;

/** The Stake 2.0 contracts the sandbox's chain runs, addresses as lowercase `41…` hex. */
export type StakeContract =
  | { kind: "FreezeBalanceV2Contract"; owner: string; amount: bigint; resource: ResourceName }
  | { kind: "UnfreezeBalanceV2Contract"; owner: string; amount: bigint; resource: ResourceName }
  | { kind: "WithdrawExpireUnfreezeContract"; owner: string }
  | {
      kind: "DelegateResourceContract";
      owner: string;
      receiver: string;
      amount: bigint;
      resource: ResourceName;
      lock: boolean;
      lockPeriod: bigint;
    }
  | {
      kind: "UnDelegateResourceContract";
      owner: string;
      receiver: string;
      amount: bigint;
      resource: ResourceName;
    };

/** `ContractType` numbers of the Stake 2.0 contracts. */
export const STAKE_TYPE_NUMBERS = {
  FreezeBalanceV2Contract: 54,
  UnfreezeBalanceV2Contract: 55,
  WithdrawExpireUnfreezeContract: 56,
  DelegateResourceContract: 57,
  UnDelegateResourceContract: 58,
} as const;

export const STAKE_KINDS = new Set<string>(Object.keys(STAKE_TYPE_NUMBERS));

/** Whether a contract is one of the Stake 2.0 ones. */
export function isStakeContract(contract: { kind: string }): contract is StakeContract {
  return STAKE_KINDS.has(contract.kind);
}

const bytes = (writer: BinaryWriter, fieldNo: number, hex: string) =>
  writer.tag(fieldNo, WireType.LengthDelimited).bytes(hexToBytes(hex));
const varint = (writer: BinaryWriter, fieldNo: number, value: bigint | number) => {
  if (BigInt(value) !== 0n) writer.tag(fieldNo, WireType.Varint).int64(value);
};

/**
 * A Stake 2.0 contract's message as java-tron encodes it (fields in number order, zeros left out):
 * freeze and unfreeze `owner 1, amount 2, resource 3`; withdraw `owner 1`; delegate `owner 1,
 * resource 2, balance 3, receiver 4, lock 5, lock_period 6`; undelegate the same without the lock.
 */
export function encodeStakeContract(contract: StakeContract): Uint8Array {
  const writer = new BinaryWriter();
  bytes(writer, 1, contract.owner);
  switch (contract.kind) {
    case "FreezeBalanceV2Contract":
    case "UnfreezeBalanceV2Contract":
      varint(writer, 2, contract.amount);
      varint(writer, 3, RESOURCE_CODES[contract.resource]);
      break;
    case "WithdrawExpireUnfreezeContract":
      break;
    case "DelegateResourceContract":
    case "UnDelegateResourceContract":
      varint(writer, 2, RESOURCE_CODES[contract.resource]);
      varint(writer, 3, contract.amount);
      bytes(writer, 4, contract.receiver);
      if (contract.kind === "DelegateResourceContract") {
        varint(writer, 5, contract.lock ? 1 : 0);
        varint(writer, 6, contract.lockPeriod);
      }
      break;
  }
  return writer.finish();
}

/** A Stake 2.0 contract's `parameter.value` as java-tron prints it (`BANDWIDTH`, `false` and 0 left out). */
export function stakeContractJson(
  contract: StakeContract,
  address: (hex: string) => string,
): Record<string, unknown> {
  const resource =
    contract.kind === "WithdrawExpireUnfreezeContract" || contract.resource === "BANDWIDTH"
      ? {}
      : { resource: contract.resource };
  switch (contract.kind) {
    case "FreezeBalanceV2Contract":
      return { ...resource, frozen_balance: contract.amount, owner_address: address(contract.owner) };
    case "UnfreezeBalanceV2Contract":
      return { ...resource, unfreeze_balance: contract.amount, owner_address: address(contract.owner) };
    case "WithdrawExpireUnfreezeContract":
      return { owner_address: address(contract.owner) };
    case "DelegateResourceContract":
      return {
        owner_address: address(contract.owner),
        ...resource,
        balance: contract.amount,
        receiver_address: address(contract.receiver),
        ...(contract.lock && { lock: true }),
        ...(contract.lockPeriod !== 0n && { lock_period: contract.lockPeriod }),
      };
    case "UnDelegateResourceContract":
      return {
        owner_address: address(contract.owner),
        ...resource,
        balance: contract.amount,
        receiver_address: address(contract.receiver),
      };
  }
}

/**
 * Reads a Stake 2.0 contract from a broadcast's `raw_data` JSON (the owner already read).
 *
 * @returns The contract, or what is wrong with it in java-tron's words.
 */
export function parseStakeContractJson(
  kind: StakeContract["kind"],
  owner: string,
  value: Record<string, unknown>,
  address: (field: string) => string | undefined,
  amount: (field: string) => bigint | undefined,
): StakeContract | string {
  const named = value.resource ?? "BANDWIDTH";
  if (typeof named !== "string" || !(named in RESOURCE_CODES)) return "ResourceCode error";
  const resource = named as ResourceName;
  switch (kind) {
    case "WithdrawExpireUnfreezeContract":
      return { kind, owner };
    case "FreezeBalanceV2Contract":
    case "UnfreezeBalanceV2Contract": {
      const sun = amount(kind === "FreezeBalanceV2Contract" ? "frozen_balance" : "unfreeze_balance");
      return sun === undefined ? "Invalid amount" : { kind, owner, amount: sun, resource };
    }
    case "DelegateResourceContract":
    case "UnDelegateResourceContract": {
      const receiver = address("receiver_address");
      const sun = amount("balance");
      if (receiver === undefined) return "Invalid receiverAddress";
      if (sun === undefined) return "Invalid balance";
      if (kind === "UnDelegateResourceContract") return { kind, owner, receiver, amount: sun, resource };
      return {
        kind,
        owner,
        receiver,
        amount: sun,
        resource,
        lock: value.lock === true,
        lockPeriod: amount("lock_period") ?? 0n,
      };
    }
  }
}
