import { stateInit } from "./contracts.js";
import type { LedgerAccount } from "./ledger-types.js";

/** Addresses already derived, by owner and master (the derivation hashes a state init). */
const derived = new Map<string, string>();

/**
 * The address of an owner's wallet of a jetton, derived as TON derives contract addresses: the
 * hash of the state init the wallet is deployed with (zero balance, owner, master, wallet code). So
 * `get_wallet_address` answers the address the wallet is later deployed at.
 *
 * @param owner - The owner, raw form.
 * @param master - The jetton master, raw form.
 * @returns The jetton wallet, raw form.
 * @example
 * jettonWalletAddress(`0:${"1".repeat(64)}`, `0:${"2".repeat(64)}`); // "0:…"
 */
export function jettonWalletAddress(owner: string, master: string): string {
  const key = `${owner}/${master}`;
  const known = derived.get(key);
  if (known) return known;
  const initial = undeployedJettonWallet("", owner, master);
  const address = `0:${Buffer.from(stateInit(initial).hash()).toString("hex").toUpperCase()}`;
  derived.set(key, address);
  return address;
}

/**
 * An owner's jetton wallet as it is before its first transfer deploys it: zero balance, no
 * transactions. Its state init is what the wallet's address is derived from.
 *
 * @param raw - The wallet's address, raw form (empty while it is being derived).
 * @param owner - The owner, raw form.
 * @param master - The jetton master, raw form.
 * @returns The account, status `nonexist`.
 * @example
 * const [owner, master] = [`0:${"1".repeat(64)}`, `0:${"2".repeat(64)}`];
 * undeployedJettonWallet(jettonWalletAddress(owner, master), owner, master).status; // "nonexist"
 */
export function undeployedJettonWallet(raw: string, owner: string, master: string): LedgerAccount {
  return {
    raw,
    kind: "jetton_wallet",
    status: "nonexist",
    balance: 0n,
    domain: null,
    lastTransaction: undefined,
    jettonWallet: { balance: 0n, owner, master },
  };
}
