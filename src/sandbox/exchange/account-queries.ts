import type {
  CandleSnapshotRequest,
  FundingHistoryRequest,
  MaxBuilderFeeRequest,
  MetaAndAssetCtxs,
  Portfolio,
  SpotMetaAndAssetCtxs,
  SubAccounts,
  UserFees,
  UserFillsByTimeRequest,
  UserFundingRequest,
  UserNonFundingLedgerUpdatesRequest,
  UserRateLimit,
} from "../../../generated/exchange/types.js";
import type { SandboxResponse } from "../surface.js";
import type { RestInput } from "../validation.js";
import type { AccountLedger } from "./account-ledger.js";
import { fundingOf, fundingRate, premiumOf } from "./funding.js";
import { MARKET, type MarketAsset, metaAnswer, spotMetaAnswer } from "./market.js";
import { candlesOf } from "./market-history.js";
import type { SubAccountRegistry } from "./sub-accounts.js";
import { fromUnits, mul, toUnits } from "./units.js";
import type { Venue } from "./venue.js";

/** What the account and market-history queries read. */
export interface QueryContext {
  venue: Venue;
  ledger: AccountLedger;
  subAccounts: SubAccountRegistry;
  /** Accepted `/exchange` requests and reserved weight, per user. */
  requests: { used(user: string): number; reserved(user: string): number };
  now: () => number;
}

const DAY = 86_400_000;
/** The rates the venue charges (see account.ts), on perpetuals and spot alike. */
const TAKER_RATE = "0.00045";
const MAKER_RATE = "0.00015";
/** The service's user-signed allowance before any volume: 10000 requests. */
const BASE_REQUESTS = 10_000;
const FILLS_PAGE_SIZE = 2000;

const answer = (body: unknown): SandboxResponse => ({ status: 200, body });
const userOf = (input: RestInput) => (input.body as { user: string }).user;
const endOf = (body: { endTime?: number | null }, now: number) => body.endTime ?? now;

/** The day's statistics of an asset, from its trades: the price a day ago, and the day's volume. */
function dayOf(venue: Venue, asset: MarketAsset, now: number) {
  const trades = venue.trades(asset);
  const before = trades.filter((trade) => trade.time < now - DAY).at(-1);
  const today = trades.filter((trade) => trade.time >= now - DAY);
  return {
    prevDayPx: fromUnits(before?.px ?? toUnits(asset.mark)),
    dayNtlVlm: fromUnits(today.reduce((sum, trade) => sum + mul(trade.px, trade.sz), 0n)),
    dayBaseVlm: fromUnits(today.reduce((sum, trade) => sum + trade.sz, 0n)),
  };
}

/**
 * The handlers of the market-history and account queries (`metaAndAssetCtxs`, `candleSnapshot`,
 * `userFillsByTime`, `portfolio`, …), each read from the venue's own state.
 *
 * @example
 * const venue = new Venue({ firstOid: 1, firstTid: 1, now: Date.now });
 * const requests = { used: () => 0, reserved: () => 0 };
 * const handlers = accountQueries({ venue, ledger: new AccountLedger(Date.now), subAccounts: new SubAccountRegistry(), requests, now: Date.now });
 * handlers.metaAndAssetCtxs(); // { status: 200, body: [meta, contexts] }
 */
export function accountQueries(context: QueryContext) {
  const { venue, ledger, subAccounts, requests, now } = context;
  const mids = () => venue.allMids();

  return {
    metaAndAssetCtxs: () => {
      const time = now();
      const allMids = mids();
      const contexts = MARKET.filter((asset) => asset.kind === "perp").map((asset) => {
        const reference = toUnits(asset.mark);
        const mark = venue.mark(asset);
        return {
          // What the current interval will pay, at today's mark.
          funding: fromUnits(fundingRate(mark, asset)),
          openInterest: fromUnits(venue.openInterest(asset)),
          ...dayOf(venue, asset, time),
          premium: fromUnits(premiumOf(mark, asset)),
          oraclePx: fromUnits(reference),
          markPx: fromUnits(mark),
          midPx: allMids[asset.coin] ?? null,
          impactPxs: null,
        };
      });
      return answer([metaAnswer(), contexts] satisfies MetaAndAssetCtxs);
    },
    spotMetaAndAssetCtxs: () => {
      const time = now();
      const allMids = mids();
      const contexts = MARKET.filter((asset) => asset.kind === "spot").map((asset) => {
        const supply = fromUnits(venue.totalHeld(asset.baseToken ?? 0));
        return {
          coin: asset.coin,
          ...dayOf(venue, asset, time),
          markPx: fromUnits(venue.mark(asset)),
          midPx: allMids[asset.coin] ?? null,
          circulatingSupply: supply,
          totalSupply: supply,
        };
      });
      return answer([spotMetaAnswer(), contexts] satisfies SpotMetaAndAssetCtxs);
    },
    spotClearinghouseState: (input: RestInput) => answer(venue.spotState(userOf(input))),
    candleSnapshot: (input: RestInput) => {
      const { req } = input.body as CandleSnapshotRequest;
      const asset = MARKET.find((candidate) => candidate.coin === req.coin);
      return answer(
        asset ? candlesOf(venue.trades(asset), asset, req.interval, req.startTime, endOf(req, now())) : [],
      );
    },
    fundingHistory: (input: RestInput) => {
      const body = input.body as FundingHistoryRequest;
      const asset = MARKET.find((candidate) => candidate.coin === body.coin);
      const end = endOf(body, now());
      return answer(
        asset ? fundingOf(venue.trades(asset), asset, body.startTime, end, venue.fundingInterval) : [],
      );
    },
    userFunding: (input: RestInput) => {
      const body = input.body as UserFundingRequest;
      const end = endOf(body, now());
      const paid = venue.account(body.user).fundings;
      return answer(
        paid.filter((payment) => payment.time >= body.startTime && payment.time <= end).slice(0, 500),
      );
    },
    maxBuilderFee: (input: RestInput) => {
      const { user, builder } = input.body as MaxBuilderFeeRequest;
      return answer(venue.account(user).builderApprovals.get(builder.toLowerCase()) ?? 0);
    },
    userFillsByTime: (input: RestInput) => {
      const body = input.body as UserFillsByTimeRequest;
      return answer(venue.userFillsByTime(body.user, body.startTime, endOf(body, now()), FILLS_PAGE_SIZE));
    },
    historicalOrders: (input: RestInput) => answer(venue.historicalOrders(userOf(input))),
    userFees: (input: RestInput) => {
      const fills = venue.userFills(userOf(input));
      const days = new Map<string, { userCross: bigint; userAdd: bigint }>();
      for (const fill of fills) {
        const date = new Date(fill.time).toISOString().slice(0, 10);
        const day = days.get(date) ?? { userCross: 0n, userAdd: 0n };
        const notional = mul(toUnits(fill.px), toUnits(fill.sz));
        if (fill.crossed) day.userCross += notional;
        else day.userAdd += notional;
        days.set(date, day);
      }
      const fees: UserFees = {
        dailyUserVlm: [...days.entries()].sort().map(([date, day]) => ({
          date,
          userCross: fromUnits(day.userCross),
          userAdd: fromUnits(day.userAdd),
          exchange: fromUnits(day.userCross + day.userAdd),
        })),
        feeSchedule: {
          cross: TAKER_RATE,
          add: MAKER_RATE,
          spotCross: TAKER_RATE,
          spotAdd: MAKER_RATE,
          referralDiscount: "0.0",
        },
        userCrossRate: TAKER_RATE,
        userAddRate: MAKER_RATE,
        userSpotCrossRate: TAKER_RATE,
        userSpotAddRate: MAKER_RATE,
        activeReferralDiscount: "0.0",
      };
      return answer(fees);
    },
    userRateLimit: (input: RestInput) => {
      const user = userOf(input);
      const volume = venue
        .userFills(user)
        .reduce((sum, fill) => sum + mul(toUnits(fill.px), toUnits(fill.sz)), 0n);
      const limits: UserRateLimit = {
        cumVlm: fromUnits(volume),
        nRequestsUsed: requests.used(user),
        nRequestsCap: BASE_REQUESTS + Number(volume / 100_000_000n) + requests.reserved(user),
        nRequestsSurplus: requests.reserved(user),
      };
      return answer(limits);
    },
    subAccounts: (input: RestInput) => {
      const master = userOf(input).toLowerCase();
      const list = subAccounts.of(master);
      const body: SubAccounts =
        list.length === 0
          ? null
          : list.map(({ name, address }) => ({
              name,
              subAccountUser: address,
              master,
              clearinghouseState: venue.clearinghouseState(address),
              spotState: venue.spotState(address),
            }));
      return answer(body);
    },
    portfolio: (input: RestInput) => {
      const user = userOf(input);
      const time = now();
      const fills = venue.userFills(user);
      const value = venue.clearinghouseState(user).marginSummary.accountValue;
      const periods: [string, number][] = [
        ["day", DAY],
        ["week", 7 * DAY],
        ["month", 30 * DAY],
        ["allTime", Number.POSITIVE_INFINITY],
      ];
      const history = (since: number, perpOnly: boolean) => {
        const inPeriod = fills.filter(
          (fill) =>
            fill.time >= since &&
            (!perpOnly || MARKET.some((a) => a.coin === fill.coin && a.kind === "perp")),
        );
        const pnl = inPeriod.reduce((sum, fill) => sum + toUnits(fill.closedPnl), 0n);
        const vlm = inPeriod.reduce((sum, fill) => sum + mul(toUnits(fill.px), toUnits(fill.sz)), 0n);
        return {
          accountValueHistory: [[time, value]] as [number, string][],
          pnlHistory: [[time, fromUnits(pnl)]] as [number, string][],
          vlm: fromUnits(vlm),
        };
      };
      const body: Portfolio = [
        ...periods.map(([name, length]): [string, ReturnType<typeof history>] => [
          name,
          history(time - length, false),
        ]),
        ...periods.map(([name, length]): [string, ReturnType<typeof history>] => [
          `perp${name[0]?.toUpperCase()}${name.slice(1)}`,
          history(time - length, true),
        ]),
      ];
      return answer(body);
    },
    userNonFundingLedgerUpdates: (input: RestInput) => {
      const body = input.body as UserNonFundingLedgerUpdatesRequest;
      return answer(ledger.updates(body.user, body.startTime, endOf(body, now())));
    },
  };
}
