import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { isBase58Address, isHexAddress, toHexAddress } from "../../wallet/address.js";
import { convertAddress } from "../../wallet/request-address.js";
import {
  encodeStakeContract,
  isStakeContract,
  parseStakeContractJson,
  STAKE_KINDS,
  STAKE_TYPE_NUMBERS,
  type StakeContract,
  stakeContractJson,
} from "./stake-contract.js";
import {
  encodeTransferAssetContract,
  encodeTransferContract,
  encodeTriggerSmartContract,
  type StoredContract,
} from "./tron-protobuf.js";

/** The contracts the sandbox's chain knows, with addresses as lowercase `41…` hex. */
export type SandboxContract =
  | { kind: "TransferContract"; owner: string; to: string; amount: bigint }
  | { kind: "TransferAssetContract"; owner: string; to: string; amount: bigint; asset: string }
  | {
      kind: "TriggerSmartContract";
      owner: string;
      contract: string;
      data: string;
      callValue: bigint;
      /** TRC-10 units sent along, and their token id (0 when none). */
      callTokenValue?: bigint;
      tokenId?: bigint;
    }
  | StakeContract;

const TYPE_NUMBERS = {
  TransferContract: 1,
  TransferAssetContract: 2,
  TriggerSmartContract: 31,
  ...STAKE_TYPE_NUMBERS,
} as const;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The contract as the protobuf message the chain signs. */
export function storedContract(contract: SandboxContract): StoredContract {
  if (isStakeContract(contract)) {
    return { type: TYPE_NUMBERS[contract.kind], name: contract.kind, value: encodeStakeContract(contract) };
  }
  const owner = hexToBytes(contract.owner);
  let value: Uint8Array;
  switch (contract.kind) {
    case "TransferContract":
      value = encodeTransferContract(owner, hexToBytes(contract.to), contract.amount);
      break;
    case "TransferAssetContract":
      value = encodeTransferAssetContract(
        encoder.encode(contract.asset),
        owner,
        hexToBytes(contract.to),
        contract.amount,
      );
      break;
    case "TriggerSmartContract":
      value = encodeTriggerSmartContract(owner, hexToBytes(contract.contract), hexToBytes(contract.data), {
        callValue: contract.callValue,
        callTokenValue: contract.callTokenValue,
        tokenId: contract.tokenId,
      });
      break;
  }
  return { type: TYPE_NUMBERS[contract.kind], name: contract.kind, value };
}

/**
 * The contract as java-tron prints it inside `raw_data.contract`: addresses and the token id in the
 * form `visible` asks for, fields that are zero left out.
 */
export function contractJson(contract: SandboxContract, visible: boolean): Record<string, unknown> {
  const address = (hex: string) => convertAddress(hex, visible) as string;
  let value: Record<string, unknown>;
  switch (contract.kind) {
    case "FreezeBalanceV2Contract":
    case "UnfreezeBalanceV2Contract":
    case "WithdrawExpireUnfreezeContract":
    case "DelegateResourceContract":
    case "UnDelegateResourceContract":
      value = stakeContractJson(contract, address);
      break;
    case "TransferContract":
      value = {
        amount: contract.amount,
        owner_address: address(contract.owner),
        to_address: address(contract.to),
      };
      break;
    case "TransferAssetContract":
      value = {
        amount: contract.amount,
        asset_name: visible ? contract.asset : bytesToHex(encoder.encode(contract.asset)),
        owner_address: address(contract.owner),
        to_address: address(contract.to),
      };
      break;
    case "TriggerSmartContract":
      value = {
        data: contract.data,
        owner_address: address(contract.owner),
        contract_address: address(contract.contract),
        ...(contract.callValue !== 0n && { call_value: contract.callValue }),
        ...(contract.callTokenValue && { call_token_value: contract.callTokenValue }),
        ...(contract.tokenId && { token_id: contract.tokenId }),
      };
      break;
  }
  return {
    parameter: { value, type_url: `type.googleapis.com/protocol.${contract.kind}` },
    type: contract.kind,
  };
}

/**
 * Reads a contract from the `raw_data` JSON of a broadcast, as java-tron does before it rebuilds
 * the signed bytes: addresses and token ids in the form `visible` says.
 *
 * @returns The contract, or a message saying what is wrong with it.
 */
export function parseContractJson(json: unknown, visible: boolean): SandboxContract | string {
  const entry = json as { type?: unknown; parameter?: { value?: Record<string, unknown> } };
  const value = entry?.parameter?.value ?? {};
  // A node reads Base58Check addresses with visible true and hex ones with visible false, nothing else.
  const address = (field: string): string | undefined => {
    const text: unknown = value[field];
    if (visible) return isBase58Address(text) ? toHexAddress(text) : undefined;
    return isHexAddress(text) ? text.replace(/^0x/, "").toLowerCase() : undefined;
  };
  const amount = (field: string) => {
    const raw = value[field] ?? 0;
    return typeof raw === "number" ||
      (typeof raw === "string" && /^-?\d+$/.test(raw)) ||
      typeof raw === "bigint"
      ? BigInt(raw)
      : undefined;
  };
  const owner = address("owner_address");
  if (owner === undefined) return "Invalid ownerAddress";
  if (typeof entry?.type === "string" && STAKE_KINDS.has(entry.type)) {
    return parseStakeContractJson(entry.type as StakeContract["kind"], owner, value, address, amount);
  }
  switch (entry?.type) {
    case "TransferContract":
    case "TransferAssetContract": {
      const to = address("to_address");
      const sent = amount("amount");
      if (to === undefined) return "Invalid toAddress!";
      if (sent === undefined) return "Invalid amount";
      if (entry.type === "TransferContract") return { kind: entry.type, owner, to, amount: sent };
      const name = value.asset_name;
      if (typeof name !== "string") return "Invalid assetName";
      const asset = visible ? name : decoder.decode(hexToBytes(name.length % 2 ? `0${name}` : name));
      return { kind: entry.type, owner, to, amount: sent, asset };
    }
    case "TriggerSmartContract": {
      const contract = address("contract_address");
      if (contract === undefined) return "Invalid contract address";
      const data = typeof value.data === "string" ? value.data.toLowerCase() : "";
      const callTokenValue = amount("call_token_value") ?? 0n;
      const tokenId = amount("token_id") ?? 0n;
      return {
        kind: entry.type,
        owner,
        contract,
        data,
        callValue: amount("call_value") ?? 0n,
        ...(callTokenValue !== 0n && { callTokenValue }),
        ...(tokenId !== 0n && { tokenId }),
      };
    }
    default:
      return `Contract type ${String(entry?.type)} is not supported by the sandbox`;
  }
}
