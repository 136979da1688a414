import { bytesToHex } from "@noble/hashes/utils.js";
import type { SandboxContract } from "./sandbox-contract.js";
import { storedContract } from "./sandbox-contract.js";
import type { StoredTransaction } from "./tron-ledger.js";
import type { StoredRaw } from "./tron-protobuf.js";

/**
 * How a dishonest node changes the transactions it builds, for tests of the client's checks. Every
 * kind but `txID` and `rawDataJson` keeps the answer self-consistent (`txID` is the hash of the
 * changed bytes, `raw_data` shows them), so only a check against the request catches it.
 */
export type WalletTamper =
  /** One sun (or token unit) more than asked. */
  | "amount"
  /** Another recipient. */
  | "recipient"
  /** Another sender. */
  | "owner"
  /** A TRC-10 transfer for a TRX one and the other way round. */
  | "contractType"
  /** A TRC-10 transfer of another token. */
  | "asset"
  /** Valid for two days instead of one minute. */
  | "expiration"
  /** Valid until 2^63 − 1 ms, a time no date can show. */
  | "farExpiration"
  /** A memo nobody asked for. */
  | "memo"
  /** A fee limit nobody asked for. */
  | "feeLimit"
  /** A second contract beside the asked one. */
  | "extraContract"
  /** A `txID` that is not the hash of the bytes. */
  | "txID"
  /** Honest bytes, but `raw_data` JSON showing another amount. */
  | "rawDataJson";

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
  if (contract.kind === "TriggerSmartContract") return { transaction: built, shown: [contract] };
  const reseal = (changed: SandboxContract, raw: Partial<StoredRaw> = {}) => {
    const sealed = seal({ ...built.raw, ...raw, contracts: [storedContract(changed)] }, changed);
    return { transaction: sealed, shown: [changed] };
  };
  switch (kind) {
    case "amount":
      return reseal({ ...contract, amount: contract.amount + 1n });
    case "recipient":
      return reseal({ ...contract, to: STRANGER });
    case "owner":
      return reseal({ ...contract, owner: STRANGER });
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
    case "expiration":
      return reseal(contract, { expiration: built.raw.expiration + 2n * 24n * 3_600_000n });
    case "farExpiration":
      return reseal(contract, { expiration: 2n ** 63n - 1n });
    case "memo":
      return reseal(contract, { data: new TextEncoder().encode("pay the node") });
    case "feeLimit":
      return reseal(contract, { feeLimit: 1_000_000_000n });
    case "extraContract": {
      const extra: SandboxContract = { ...contract, to: STRANGER };
      const sealed = seal(
        { ...built.raw, contracts: [storedContract(contract), storedContract(extra)] },
        contract,
      );
      return { transaction: sealed, shown: [contract, extra] };
    }
    case "txID":
      return { transaction: built, shown: [contract], txID: bytesToHex(new Uint8Array(32).fill(0xab)) };
    case "rawDataJson":
      return { transaction: built, shown: [{ ...contract, amount: contract.amount + 1n }] };
  }
}
