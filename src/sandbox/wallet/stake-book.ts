import type { ResourceName, StakeContract } from "./stake-contract.js";

/** The Stake 2.0 part of an account (sun, by resource). */
export interface StakeState {
  address: string;
  balance: bigint;
  /** Sun staked by the account itself and not lent out (`frozenV2`). */
  stakedForBandwidth: bigint;
  stakedForEnergy: bigint;
  /** Sun of its stake lent to others, and of others' stake lent to it. */
  delegatedForBandwidth: bigint;
  delegatedForEnergy: bigint;
  acquiredForBandwidth: bigint;
  acquiredForEnergy: bigint;
  /** Unstakings waiting out the delay. */
  unfrozen: { resource: ResourceName; amount: bigint; expireTime: bigint }[];
}

/** What one account lends another, per resource, and until when a locked part stays locked. */
export interface Delegation {
  from: string;
  to: string;
  bandwidth: bigint;
  energy: bigint;
  bandwidthLockedUntil?: bigint;
  energyLockedUntil?: bigint;
}

const SUN_PER_TRX = 1_000_000n;
/** Blocks a locked delegation stays locked when the request names no period (java-tron's default: 3 days). */
const DEFAULT_LOCK_BLOCKS = 86_400n;
const BLOCK_MS = 3_000n;
/** The most unstakings that may wait at once. */
const MAX_UNFROZEN = 32;

const staked = (account: StakeState, resource: ResourceName) =>
  resource === "ENERGY" ? account.stakedForEnergy : account.stakedForBandwidth;
const resourceWord = (resource: ResourceName) => (resource === "ENERGY" ? "Energy" : "Bandwidth");

/**
 * Stake 2.0 on the sandbox's chain: staking (freeze), unstaking into a waiting list, withdrawing
 * what waited long enough, and lending a stake's resource to another account. The waiting period is
 * the sandbox's `unfreezeDelayMs`, not the network's 14 days.
 *
 * @example
 * const book = new StakeBook(1_000);
 * book.delegations("41…"); // []
 */
export class StakeBook {
  readonly #delegations = new Map<string, Delegation>();
  readonly unfreezeDelayMs: bigint;

  constructor(unfreezeDelayMs: number) {
    this.unfreezeDelayMs = BigInt(unfreezeDelayMs);
  }

  /** The delegation from one account to another, if any. */
  delegation(from: string, to: string): Delegation | undefined {
    return this.#delegations.get(from + to);
  }

  /** Every delegation an account is part of. */
  delegations(address: string): Delegation[] {
    return [...this.#delegations.values()].filter((entry) => entry.from === address || entry.to === address);
  }

  /** The sun of an account's unstakings that may be withdrawn at `time`. */
  withdrawable(account: StakeState | undefined, time: bigint): bigint {
    return (account?.unfrozen ?? [])
      .filter((entry) => entry.expireTime <= time)
      .reduce((sum, entry) => sum + entry.amount, 0n);
  }

  /**
   * Why the chain refuses a Stake 2.0 contract now, in java-tron's words; undefined when it runs.
   *
   * @param owner - The owner's account.
   * @param receiver - The receiver's account (delegations), when it exists.
   * @param pending - What the pool already takes from the owner: sun, and stake per resource.
   */
  refusal(
    contract: StakeContract,
    owner: StakeState,
    receiver: StakeState | undefined,
    pending: { sun: bigint; stake: Record<ResourceName, bigint> },
    time: bigint,
  ): string | undefined {
    if (contract.kind === "WithdrawExpireUnfreezeContract") {
      return this.withdrawable(owner, time) === 0n ? "no unFreeze balance to withdraw " : undefined;
    }
    if (contract.resource === "TRON_POWER")
      return "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]";
    const resource = contract.resource;
    const available = staked(owner, resource) - pending.stake[resource];
    switch (contract.kind) {
      case "FreezeBalanceV2Contract":
        if (contract.amount < SUN_PER_TRX) return "frozenBalance must be greater than or equal to 1 TRX";
        if (contract.amount > owner.balance - pending.sun) {
          return "frozenBalance must be less than or equal to accountBalance";
        }
        return undefined;
      case "UnfreezeBalanceV2Contract":
        if (available <= 0n) {
          return `no frozenBalance(${resource === "ENERGY" ? "Energy" : "BANDWIDTH"})`;
        }
        if (contract.amount > available) {
          return `Invalid unfreeze_balance, [${contract.amount}] is invalid`;
        }
        if (owner.unfrozen.length >= MAX_UNFROZEN)
          return "Invalid unfreeze operation, unfreezing times is over limit";
        return undefined;
      case "DelegateResourceContract":
        if (contract.receiver === contract.owner)
          return "receiverAddress must not be the same as ownerAddress";
        if (!receiver) return `Account[${contract.receiver}] not exists`;
        if (contract.amount < SUN_PER_TRX) return "delegateBalance must be greater than or equal to 1 TRX";
        if (contract.amount > available) {
          return `delegateBalance must be less than or equal to available Freeze${resourceWord(resource)}V2 balance`;
        }
        return undefined;
      case "UnDelegateResourceContract": {
        const lent = this.delegation(contract.owner, contract.receiver);
        const amount = resource === "ENERGY" ? lent?.energy : lent?.bandwidth;
        if (!lent || !amount) return "delegated Resource does not exist";
        const lockedUntil = resource === "ENERGY" ? lent.energyLockedUntil : lent.bandwidthLockedUntil;
        const unlocked = lockedUntil !== undefined && lockedUntil > time ? 0n : amount;
        if (contract.amount > unlocked) {
          return `insufficient delegatedFrozenBalance(${resourceWord(resource)}), request=${contract.amount}, unlock_balance=${unlocked}`;
        }
        return undefined;
      }
    }
  }

  /** Runs a Stake 2.0 contract the chain accepted (see {@link StakeBook.refusal}). */
  apply(contract: StakeContract, owner: StakeState, receiver: StakeState | undefined, time: bigint): void {
    switch (contract.kind) {
      case "FreezeBalanceV2Contract":
        owner.balance -= contract.amount;
        addStake(owner, contract.resource, contract.amount);
        return;
      case "UnfreezeBalanceV2Contract":
        addStake(owner, contract.resource, -contract.amount);
        owner.unfrozen.push({
          resource: contract.resource,
          amount: contract.amount,
          expireTime: time + this.unfreezeDelayMs,
        });
        return;
      case "WithdrawExpireUnfreezeContract":
        owner.balance += this.withdrawable(owner, time);
        owner.unfrozen = owner.unfrozen.filter((entry) => entry.expireTime > time);
        return;
      case "DelegateResourceContract": {
        const to = receiver as StakeState;
        const lent = this.#lent(contract.owner, contract.receiver);
        addStake(owner, contract.resource, -contract.amount);
        const lockedUntil = contract.lock
          ? time + (contract.lockPeriod === 0n ? DEFAULT_LOCK_BLOCKS : contract.lockPeriod) * BLOCK_MS
          : undefined;
        if (contract.resource === "ENERGY") {
          owner.delegatedForEnergy += contract.amount;
          to.acquiredForEnergy += contract.amount;
          lent.energy += contract.amount;
          if (lockedUntil !== undefined) lent.energyLockedUntil = lockedUntil;
        } else {
          owner.delegatedForBandwidth += contract.amount;
          to.acquiredForBandwidth += contract.amount;
          lent.bandwidth += contract.amount;
          if (lockedUntil !== undefined) lent.bandwidthLockedUntil = lockedUntil;
        }
        return;
      }
      case "UnDelegateResourceContract": {
        const to = receiver as StakeState;
        const lent = this.#lent(contract.owner, contract.receiver);
        addStake(owner, contract.resource, contract.amount);
        if (contract.resource === "ENERGY") {
          owner.delegatedForEnergy -= contract.amount;
          to.acquiredForEnergy -= contract.amount;
          lent.energy -= contract.amount;
        } else {
          owner.delegatedForBandwidth -= contract.amount;
          to.acquiredForBandwidth -= contract.amount;
          lent.bandwidth -= contract.amount;
        }
        if (lent.energy === 0n && lent.bandwidth === 0n)
          this.#delegations.delete(contract.owner + contract.receiver);
        return;
      }
    }
  }

  #lent(from: string, to: string): Delegation {
    let lent = this.#delegations.get(from + to);
    if (!lent) {
      lent = { from, to, bandwidth: 0n, energy: 0n };
      this.#delegations.set(from + to, lent);
    }
    return lent;
  }
}

function addStake(account: StakeState, resource: ResourceName, sun: bigint) {
  if (resource === "ENERGY") account.stakedForEnergy += sun;
  else account.stakedForBandwidth += sun;
}
