import type { Builder, Order } from "../../../generated/exchange/types.js";
import type { Account, BuilderFee } from "./account.js";
import type { Venue } from "./venue.js";

/**
 * Builder fees as the service applies them: a user approves a builder up to a rate, and an order that
 * names a builder pays it on every fill, within that approval and the market's cap.
 */

/** The most a builder may take, in tenths of a basis point: 0.1% on perpetuals, 1% on spot. */
const PERP_CAP = 100;
const SPOT_CAP = 1000;
/** Spot assets are numbered from 10000. */
const FIRST_SPOT_ASSET = 10_000;
/** What a builder must hold in perp account value to be approved: 100 USDC. */
const BUILDER_MINIMUM = 100n * 100_000_000n;

const PERCENT = /^(\d+)(?:\.(\d+))?%$/;

/**
 * A `maxFeeRate` percentage in tenths of a basis point (`"0.01%"` is 10), or undefined when it has
 * more precision than a tenth of a basis point (0.001%).
 *
 * @example
 * tenthsOfPercent("0.1%"); // 100
 */
export function tenthsOfPercent(rate: string): number | undefined {
  const match = PERCENT.exec(rate);
  if (!match) return undefined;
  const [, whole = "0", fraction = ""] = match;
  if (fraction.replace(/0+$/, "").length > 3) return undefined;
  return Number(whole) * 1000 + Number(fraction.padEnd(3, "0").slice(0, 3));
}

/**
 * Records a user's approval of a builder, as `approveBuilderFee` does.
 *
 * @returns The service's refusal, or undefined when recorded.
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * const builder = venue.open("0x00000000000000000000000000000000000000b1", DEMO_BALANCE);
 * approveBuilder(venue, venue.open(address, DEMO_BALANCE), builder, "0.01%"); // undefined
 */
export function approveBuilder(
  venue: Venue,
  user: Account,
  builder: Account,
  maxFeeRate: string,
): string | undefined {
  const tenths = tenthsOfPercent(maxFeeRate);
  if (tenths === undefined) return `Invalid max fee rate ${maxFeeRate}: at most three decimals of a percent.`;
  if (tenths > SPOT_CAP) return "Builder fee rate is too large: at most 1%.";
  if (tenths > 0 && venue.withdrawable(builder) < BUILDER_MINIMUM)
    return "Builder has insufficient balance to be approved.";
  if (tenths === 0) user.builderApprovals.delete(builder.address);
  else user.builderApprovals.set(builder.address, tenths);
  return undefined;
}

/**
 * The builder fee an `order` action's orders pay, checked as the service checks it before placing
 * any of them.
 *
 * @returns The fee, or the service's refusal of the whole action.
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * const order = { a: 0, b: true, p: "60000", s: "0.01", r: false, t: { limit: { tif: "Gtc" as const } } };
 * builderFeeOf(venue, venue.open(address, DEMO_BALANCE), { b: "0x00000000000000000000000000000000000000b1", f: 10 }, [order]); // "Builder fee has not been approved."
 */
export function builderFeeOf(
  venue: Venue,
  user: Account,
  builder: Builder,
  orders: readonly Order[],
): BuilderFee | string {
  const onPerp = orders.some((order) => order.a < FIRST_SPOT_ASSET);
  if (builder.f > (onPerp ? PERP_CAP : SPOT_CAP)) return "Builder fee is larger than the maximum allowed.";
  const approved = user.builderApprovals.get(builder.b.toLowerCase()) ?? 0;
  if (builder.f > approved) return "Builder fee has not been approved.";
  return { builder: venue.account(builder.b), tenths: builder.f };
}
