import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** The most sub-accounts one master may have. */
const MAX_SUB_ACCOUNTS = 10;

/**
 * The sub-accounts each master created: a name and an address of its own (derived from the master
 * and the name, so a sandbox run is reproducible), acted for by signing with it as `vaultAddress`.
 *
 * @example
 * const subs = new SubAccountRegistry();
 * subs.create(address, "bot"); // { address: "0x…" }, whose masterOf is `address`
 */
export class SubAccountRegistry {
  readonly #byMaster = new Map<string, { name: string; address: string }[]>();
  readonly #master = new Map<string, string>();

  /**
   * Creates a sub-account.
   *
   * @returns Its address, or the refusal.
   */
  create(master: string, name: string): { address: string } | { error: string } {
    const key = master.toLowerCase();
    const list = this.#byMaster.get(key) ?? [];
    if (this.#master.has(key)) return { error: "Sub-accounts cannot create sub-accounts." };
    if (list.some((entry) => entry.name === name)) return { error: `Sub-account name already used: ${name}` };
    if (list.length >= MAX_SUB_ACCOUNTS)
      return { error: `Cannot have more than ${MAX_SUB_ACCOUNTS} sub-accounts.` };
    const address = `0x${bytesToHex(keccak_256(utf8ToBytes(`sandbox sub-account ${key} ${name}`))).slice(-40)}`;
    list.push({ name, address });
    this.#byMaster.set(key, list);
    this.#master.set(address, key);
    return { address };
  }

  /** The sub-accounts of a master, in creation order. */
  of(master: string): readonly { name: string; address: string }[] {
    return this.#byMaster.get(master.toLowerCase()) ?? [];
  }

  /** The master of a sub-account, if it is one. */
  masterOf(address: string): string | undefined {
    return this.#master.get(address.toLowerCase());
  }
}
