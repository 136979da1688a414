import { bytesToHex } from "@noble/hashes/utils.js";
import type { SandboxContract } from "./sandbox-contract.js";
import { storedContract } from "./sandbox-contract.js";
import { isStakeContract, type StakeContract } from "./stake-contract.js";
import type { StoredTransaction } from "./tron-ledger.js";
import type { StoredRaw } from "./tron-protobuf.js";

/**
 * How a dishonest node changes the transactions it builds, for tests of the client's checks. Every
 * kind but `txID` and `rawDataJson` keeps the answer self-consistent (`txID` is the hash of the
 * changed bytes, `raw_data` shows them), so only a check against the request catches it. For a
 * TRC-20 call, `amount` and `recipient` change the ABI-encoded arguments of its call data.
 */
export type WalletTamper =
  /** One sun (or token unit) more than asked. */
  | "amount"
  /** Another recipient (for a TRC-20 `approve`, another spender). */
  | "recipient"
  /** Another sender. */
  | "owner"
  /** A TRC-10 transfer for a TRX one and the other way round; a TRX transfer for a contract call. */
  | "contractType"
  /** Contract calls only: another contract. */
  | "contract"
  /** Contract calls only: `approve` for `transfer` and the other way round, same arguments. */
  | "selector"
  /** Contract calls only: the call data with a 32-byte word more than the function takes. */
  | "abiCoding"
  /** Contract calls only: 1 TRX sent along. */
  | "callValue"
  /** Contract calls only: TRC-10 units sent along (`call_token_value`, `token_id`). */
  | "tokenValue"
  /** An unknown protobuf field after the transaction's fields. */
  | "trailingBytes"
  /** A TRC-10 transfer of another token. */
  | "asset"
  /** Valid for two days instead of one minute. */
  | "expiration"
  /** Valid until 2^63 − 1 ms, a time no date can show. */
  | "farExpiration"
  /** A memo nobody asked for. */
  | "memo"
  /** A fee limit nobody asked for (for a contract call, twice the one asked). */
  | "feeLimit"
  /** A second contract beside the asked one. */
  | "extraContract"
  /** A `txID` that is not the hash of the bytes. */
  | "txID"
  /** Honest bytes, but `raw_data` JSON showing another amount. */
  | "rawDataJson"
  /** Stake 2.0 only: the other resource (energy for bandwidth and the other way round). */
  | "resource"
  /** Stake 2.0 delegations only: locked for a long period nobody asked for. */
  | "lock";

/** The sandbox's own stranger, the recipient or sender a tampering node swaps in. */
const STRANGER = "41aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

/** A changed transaction, and the contract its `raw_data` JSON should show. */
export interface Tampered {
  transaction: StoredTransaction;
  /** The contracts `raw_data` shows; they differ from the bytes only for `rawDataJson`. */
  shown: SandboxContract[];
  /** A txID to show instead of the real one (`txID` only). */
  txID?: string;
}

/**
 * Applies a tamper to a built transaction.
 *
 * @param built - The honest transaction.
 * @param kind - What to change.
 * @param seal - Re-encodes a changed raw and contract into a transaction (new bytes and txID).
 * @returns The changed transaction and what its JSON shows.
 * @example
 * const ledger = new TronLedger({ accounts: [] });
 * const built = ledger.build({ kind: "TransferContract", owner: `41${"11".repeat(20)}`, to: `41${"22".repeat(20)}`, amount: 1n });
 * tamper(built, "amount", (raw, contract) => sealTransaction(raw, contract, [])).shown[0]; // amount 2n
 */
export function tamper(
  built: StoredTransaction,
  kind: WalletTamper,
  seal: (raw: StoredRaw, contract: SandboxContract) => StoredTransaction,
): Tampered {
  const contract = built.contract;
  const reseal = (changed: SandboxContract, raw: Partial<StoredRaw> = {}) => {
    const sealed = seal({ ...built.raw, ...raw, contracts: [storedContract(changed)] }, changed);
    return { transaction: sealed, shown: [changed] };
  };
  switch (kind) {
    case "expiration":
      return reseal(contract, { expiration: built.raw.expiration + 2n * 24n * 3_600_000n });
    case "farExpiration":
      return reseal(contract, { expiration: 2n ** 63n - 1n });
    case "memo":
      return reseal(contract, { data: new TextEncoder().encode("pay the node") });
    case "trailingBytes":
      // Field 15, a varint: no field of Transaction.raw has that number.
      return reseal(contract, { trailing: Uint8Array.of(0x78, 0x01) });
    case "extraContract": {
      const extra: SandboxContract = { ...contract, owner: contract.owner, ...strangerTarget(contract) };
      const sealed = seal(
        { ...built.raw, contracts: [storedContract(contract), storedContract(extra)] },
        contract,
      );
      return { transaction: sealed, shown: [contract, extra] };
    }
    case "txID":
      return { transaction: built, shown: [contract], txID: bytesToHex(new Uint8Array(32).fill(0xab)) };
    case "owner":
      return reseal({ ...contract, owner: STRANGER });
  }
  if (contract.kind === "TriggerSmartContract") return tamperCall(built, contract, kind, reseal);
  if (isStakeContract(contract)) return tamperStake(built, contract, kind, reseal);
  switch (kind) {
    case "amount":
      return reseal({ ...contract, amount: contract.amount + 1n });
    case "recipient":
      return reseal({ ...contract, to: STRANGER });
    case "contractType":
      return reseal(
        contract.kind === "TransferContract"
          ? { ...contract, kind: "TransferAssetContract", asset: "1005416" }
          : { kind: "TransferContract", owner: contract.owner, to: contract.to, amount: contract.amount },
      );
    case "asset":
      return reseal(
        contract.kind === "TransferAssetContract"
          ? { ...contract, asset: contract.asset === "1002000" ? "1005416" : "1002000" }
          : { ...contract, kind: "TransferAssetContract", asset: "1002000" },
      );
    case "feeLimit":
      return reseal(contract, { feeLimit: 1_000_000_000n });
    case "rawDataJson":
      return { transaction: built, shown: [{ ...contract, amount: contract.amount + 1n }] };
    default:
      // The call-only kinds leave a transfer as built.
      return { transaction: built, shown: [contract] };
  }
}

type Call = Extract<SandboxContract, { kind: "TriggerSmartContract" }>;
const SELECTOR_SWAP: Record<string, string> = { a9059cbb: "095ea7b3", "095ea7b3": "a9059cbb" };

/** The same contract aimed at the stranger: its recipient, or the contract it calls. */
function strangerTarget(contract: SandboxContract) {
  if (isStakeContract(contract)) return "receiver" in contract ? { receiver: STRANGER } : {};
  return contract.kind === "TriggerSmartContract" ? { contract: STRANGER } : { to: STRANGER };
}

/** The twin of each Stake 2.0 contract a `contractType` tamper swaps in. */
function otherStakeContract(contract: StakeContract): StakeContract {
  const { owner } = contract;
  switch (contract.kind) {
    case "FreezeBalanceV2Contract":
      return { ...contract, kind: "UnfreezeBalanceV2Contract" };
    case "UnfreezeBalanceV2Contract":
      return { ...contract, kind: "FreezeBalanceV2Contract" };
    case "WithdrawExpireUnfreezeContract":
      return { kind: "FreezeBalanceV2Contract", owner, amount: 1_000_000n, resource: "BANDWIDTH" };
    case "DelegateResourceContract": {
      const { lock: _lock, lockPeriod: _period, ...rest } = contract;
      return { ...rest, kind: "UnDelegateResourceContract" };
    }
    case "UnDelegateResourceContract":
      return { ...contract, kind: "DelegateResourceContract", lock: false, lockPeriod: 0n };
  }
}

/** A tamper of a Stake 2.0 contract: its amount, receiver, resource, lock or type. */
function tamperStake(
  built: StoredTransaction,
  contract: StakeContract,
  kind: WalletTamper,
  reseal: (changed: SandboxContract, raw?: Partial<StoredRaw>) => Tampered,
): Tampered {
  const asBuilt = { transaction: built, shown: [contract] };
  switch (kind) {
    case "amount":
      return "amount" in contract ? reseal({ ...contract, amount: contract.amount + 1n }) : asBuilt;
    case "recipient":
      return "receiver" in contract ? reseal({ ...contract, receiver: STRANGER }) : asBuilt;
    case "contractType":
      return reseal(otherStakeContract(contract));
    case "resource":
      return "resource" in contract
        ? reseal({ ...contract, resource: contract.resource === "ENERGY" ? "BANDWIDTH" : "ENERGY" })
        : asBuilt;
    case "lock":
      return contract.kind === "DelegateResourceContract"
        ? reseal({ ...contract, lock: true, lockPeriod: 864_000n })
        : asBuilt;
    case "feeLimit":
      return reseal(contract, { feeLimit: 1_000_000_000n });
    case "rawDataJson":
      return "amount" in contract
        ? { transaction: built, shown: [{ ...contract, amount: contract.amount + 1n }] }
        : { transaction: built, shown: [{ ...contract, owner: STRANGER }] };
    default:
      return asBuilt;
  }
}

/** A tamper of a TRC-20 call: its call data (`selector ‖ address word ‖ amount word`) or its fields. */
function tamperCall(
  built: StoredTransaction,
  call: Call,
  kind: WalletTamper,
  reseal: (changed: SandboxContract, raw?: Partial<StoredRaw>) => Tampered,
): Tampered {
  const selector = call.data.slice(0, 8);
  const addressWord = call.data.slice(8, 72);
  const amountWord = call.data.slice(72, 136);
  const withData = (data: string) => reseal({ ...call, data });
  switch (kind) {
    case "amount":
      return withData(
        selector + addressWord + (BigInt(`0x${amountWord}`) + 1n).toString(16).padStart(64, "0"),
      );
    case "recipient":
      return withData(selector + STRANGER.slice(2).padStart(64, "0") + amountWord);
    case "selector":
      return withData((SELECTOR_SWAP[selector] ?? "a9059cbb") + call.data.slice(8));
    case "abiCoding":
      return withData(call.data + "0".repeat(64));
    case "contract":
      return reseal({ ...call, contract: STRANGER });
    case "callValue":
      return reseal({ ...call, callValue: 1_000_000n });
    case "tokenValue":
      return reseal({ ...call, callTokenValue: 1n, tokenId: 1_000_001n });
    case "feeLimit":
      return reseal(call, { feeLimit: (built.raw.feeLimit ?? 0n) * 2n + 1n });
    case "contractType":
      return reseal({ kind: "TransferContract", owner: call.owner, to: call.contract, amount: 1n });
    case "rawDataJson":
      return {
        transaction: built,
        shown: [{ ...call, data: `${selector}${STRANGER.slice(2).padStart(64, "0")}${amountWord}` }],
      };
    default:
      // `asset` is about TRC-10 transfers: a call is left as built.
      return { transaction: built, shown: [call] };
  }
}
