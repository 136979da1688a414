import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { LedgerUpdate, LedgerUpdates } from "../../../generated/exchange/types.js";

/**
 * The non-funding ledger of every account: each deposit, withdrawal and transfer, as
 * `userNonFundingLedgerUpdates` answers it, kept per user oldest first.
 *
 * @example
 * const ledger = new AccountLedger(Date.now);
 * ledger.record(address, { type: "accountClassTransfer", usdc: "100.0", toPerp: false });
 * ledger.updates(address, 0, Date.now()); // [{ time, hash, delta: { type: "accountClassTransfer", ... } }]
 */
export class AccountLedger {
  readonly #entries = new Map<string, LedgerUpdate[]>();
  readonly #now: () => number;
  #count = 0;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Records one update of a user's balances, now. */
  record(user: string, delta: LedgerUpdate["delta"]): void {
    const key = user.toLowerCase();
    const hash = `0x${bytesToHex(keccak_256(utf8ToBytes(`sandbox ledger ${this.#count++}`)))}`;
    const entries = this.#entries.get(key) ?? [];
    entries.push({ time: this.#now(), hash, delta });
    this.#entries.set(key, entries);
  }

  /** A user's updates within `[startTime, endTime]`, oldest first. */
  updates(user: string, startTime: number, endTime: number): LedgerUpdates {
    return (this.#entries.get(user.toLowerCase()) ?? []).filter(
      (entry) => entry.time >= startTime && entry.time <= endTime,
    );
  }
}
