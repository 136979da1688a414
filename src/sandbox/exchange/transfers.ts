import type { Account } from "./account.js";
import type { AccountLedger } from "./account-ledger.js";
import { SPOT_TOKENS } from "./market.js";
import { fromUnits, toUnits } from "./units.js";
import type { Venue } from "./venue.js";

/** The bridge's fee on a withdrawal: 1 USDC. */
const WITHDRAW_FEE = toUnits("1");
/** USDC is spot token 0. */
const USDC = 0;

/**
 * Moves money on the venue: USDC between an account's perpetual and spot balances, USDC and spot
 * tokens to other users, sub-accounts and vaults, and out to the bridge. Each move checks the
 * balance it takes from, and is written to the ledger of every account it touches.
 *
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * const transfers = new Transfers(venue, new AccountLedger(Date.now));
 * transfers.classTransfer(venue.open(address, DEMO_BALANCE), "100", false); // undefined: 100 USDC moved from perp to spot
 */
export class Transfers {
  readonly #venue: Venue;
  readonly #ledger: AccountLedger;

  constructor(venue: Venue, ledger: AccountLedger) {
    this.#venue = venue;
    this.#ledger = ledger;
  }

  /** Takes USDC from an account's perpetual balance, or says why it cannot. */
  #debitPerp(account: Account, amount: bigint): string | undefined {
    if (amount > this.#venue.withdrawable(account)) return "Insufficient balance for transfer.";
    account.usdc -= amount;
    return undefined;
  }

  /** Takes a spot token from an account, or says why it cannot. */
  #debitSpot(account: Account, token: number, amount: bigint): string | undefined {
    const held = account.spot.get(token) ?? 0n;
    if (amount > held) return "Insufficient balance for token transfer.";
    account.spot.set(token, held - amount);
    return undefined;
  }

  #creditSpot(account: Account, token: number, amount: bigint): void {
    account.spot.set(token, (account.spot.get(token) ?? 0n) + amount);
  }

  /**
   * `usdClassTransfer`: USDC between the perpetual and spot balances; the amount may name a
   * sub-account of `account` (`"1 subaccount:0x…"`) whose balances move instead.
   *
   * @returns The refusal, or undefined when done.
   */
  classTransfer(
    account: Account,
    amountText: string,
    toPerp: boolean,
    subAccountOf?: (address: string) => string | undefined,
  ): string | undefined {
    const [amount = "", suffix] = amountText.split(/\s+subaccount:/);
    let target = account;
    if (suffix !== undefined) {
      if (subAccountOf?.(suffix) !== account.address) return `Not a sub-account of this user: ${suffix}`;
      target = this.#venue.account(suffix);
    }
    const units = toUnits(amount);
    const problem = toPerp ? this.#debitSpot(target, USDC, units) : this.#debitPerp(target, units);
    if (problem) return problem;
    if (toPerp) target.usdc += units;
    else this.#creditSpot(target, USDC, units);
    this.#ledger.record(target.address, { type: "accountClassTransfer", usdc: fromUnits(units), toPerp });
    return undefined;
  }

  /**
   * `usdSend`: USDC from one perpetual balance to another user's.
   *
   * @returns The refusal, or undefined when done.
   */
  usdSend(from: Account, destination: string, amount: string): string | undefined {
    const units = toUnits(amount);
    const problem = this.#debitPerp(from, units);
    if (problem) return problem;
    const to = this.#venue.account(destination);
    to.usdc += units;
    const delta = {
      type: "send",
      user: from.address,
      destination: to.address,
      token: "USDC",
      amount: fromUnits(units),
      usdcValue: fromUnits(units),
      fee: "0.0",
    };
    this.#ledger.record(from.address, delta);
    this.#ledger.record(to.address, delta);
    return undefined;
  }

  /**
   * `spotSend`: a spot token to another user's spot balance.
   *
   * @returns The refusal, or undefined when done.
   */
  spotSend(from: Account, destination: string, token: string, amount: string): string | undefined {
    const index = tokenIndex(token);
    if (index === undefined) return `Unknown token: ${token}`;
    const units = toUnits(amount);
    const problem = this.#debitSpot(from, index, units);
    if (problem) return problem;
    const to = this.#venue.account(destination);
    this.#creditSpot(to, index, units);
    const delta = {
      type: "spotTransfer",
      token: SPOT_TOKENS[index]?.name ?? token,
      amount: fromUnits(units),
      usdcValue: index === USDC ? fromUnits(units) : "0.0",
      user: from.address,
      destination: to.address,
      fee: "0.0",
    };
    this.#ledger.record(from.address, delta);
    this.#ledger.record(to.address, delta);
    return undefined;
  }

  /**
   * `withdraw3`: USDC out of the perpetual balance to the bridge; the fee comes out of the amount.
   *
   * @returns The refusal, or undefined when done.
   */
  withdraw(from: Account, amount: string, nonce: number): string | undefined {
    const units = toUnits(amount);
    if (units <= WITHDRAW_FEE)
      return `Withdrawal amount must be more than the fee of ${fromUnits(WITHDRAW_FEE)} USDC.`;
    const problem = this.#debitPerp(from, units);
    if (problem) return problem;
    this.#ledger.record(from.address, {
      type: "withdraw",
      usdc: fromUnits(units),
      nonce,
      fee: fromUnits(WITHDRAW_FEE),
    });
    return undefined;
  }

  /**
   * `sendAsset` between the main perpetual dex (`""`) and spot, to any user.
   *
   * @returns The refusal, or undefined when done.
   */
  sendAsset(
    from: Account,
    params: { destination: string; sourceDex: string; destinationDex: string; token: string; amount: string },
  ): string | undefined {
    const dexes = ["", "spot"];
    if (!dexes.includes(params.sourceDex) || !dexes.includes(params.destinationDex)) {
      return `Unknown dex: the sandbox has the main perpetual dex ("") and spot`;
    }
    const index = tokenIndex(params.token);
    if (index === undefined) return `Unknown token: ${params.token}`;
    if (index !== USDC && (params.sourceDex === "" || params.destinationDex === "")) {
      return "Only USDC can move to or from the perpetual dex.";
    }
    const units = toUnits(params.amount);
    const problem =
      params.sourceDex === "" ? this.#debitPerp(from, units) : this.#debitSpot(from, index, units);
    if (problem) return problem;
    const to = this.#venue.account(params.destination);
    if (params.destinationDex === "") to.usdc += units;
    else this.#creditSpot(to, index, units);
    const delta = {
      type: "send",
      user: from.address,
      destination: to.address,
      sourceDex: params.sourceDex,
      destinationDex: params.destinationDex,
      token: SPOT_TOKENS[index]?.name ?? params.token,
      amount: fromUnits(units),
      fee: "0.0",
    };
    this.#ledger.record(from.address, delta);
    if (to !== from) this.#ledger.record(to.address, delta);
    return undefined;
  }

  /**
   * USDC of the perpetual balance between a user and a vault or sub-account (`usd` is USDC × 10^6).
   *
   * @returns The refusal, or undefined when done.
   */
  perpBetween(
    user: Account,
    other: Account,
    isDeposit: boolean,
    usd: number,
    type: "vault" | "subAccount",
  ): string | undefined {
    const units = BigInt(usd) * 100n; // 10^-6 to the venue's 10^-8
    const [source, target] = isDeposit ? [user, other] : [other, user];
    const problem = this.#debitPerp(source, units);
    if (problem) return problem;
    target.usdc += units;
    const usdc = fromUnits(units);
    if (type === "vault") {
      this.#ledger.record(user.address, {
        type: isDeposit ? "vaultDeposit" : "vaultWithdraw",
        vault: other.address,
        usdc,
      });
    } else {
      const delta = { type: "subAccountTransfer", usdc, user: source.address, destination: target.address };
      this.#ledger.record(user.address, delta);
      this.#ledger.record(other.address, delta);
    }
    return undefined;
  }

  /**
   * A spot token between a user and one of its sub-accounts.
   *
   * @returns The refusal, or undefined when done.
   */
  spotBetween(
    user: Account,
    sub: Account,
    isDeposit: boolean,
    token: string,
    amount: string,
  ): string | undefined {
    const [source, target] = isDeposit ? [user, sub] : [sub, user];
    return this.spotSend(source, target.address, token, amount);
  }
}

/** The index of a spot token named `NAME:tokenId`, if the venue lists it. */
function tokenIndex(token: string): number | undefined {
  const [name, id] = token.split(":");
  const index = SPOT_TOKENS.findIndex((candidate) => candidate.name === name && candidate.tokenId === id);
  return index < 0 ? undefined : index;
}
