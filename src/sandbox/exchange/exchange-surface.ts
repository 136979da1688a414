import { exchangeOperations } from "../../../generated/exchange/operations.js";
import type {
  ApproveAgentRequest,
  BatchModifyRequest,
  CancelByCloidRequest,
  CancelRequest,
  L2BookRequest,
  ModifyRequest,
  OrderRequest,
  OrderStatusRequest,
  ScheduleCancelRequest,
  UpdateIsolatedMarginRequest,
  UpdateLeverageRequest,
} from "../../../generated/exchange/types.js";
import { SeededRandom } from "../seeded-random.js";
import type { SandboxRequest, SandboxResponse, SurfaceHandler } from "../surface.js";
import { RestContract, type RestInput, refusal } from "../validation.js";
import { DEMO_BALANCE } from "./account.js";
import { AccountLedger } from "./account-ledger.js";
import { accountQueries } from "./account-queries.js";
import { AgentRegistry } from "./agents.js";
import { builderFeeOf } from "./builder-fees.js";
import { addressOf, DEMO_ACCOUNT, DEMO_ORDERS, type DemoAccount, HOUSE_ADDRESS } from "./demo-account.js";
import { metaAnswer, spotMetaAnswer } from "./market.js";
import { NonceWindow } from "./nonce-window.js";
import { agentDigest, connectionId, recoverAddress, userSignedDigest } from "./recover-signer.js";
import { seedLiquidity } from "./seed-liquidity.js";
import { SubAccountRegistry } from "./sub-accounts.js";
import { Transfers } from "./transfers.js";
import { TwapRunner } from "./twap.js";
import { ONE } from "./units.js";
import { userActions } from "./user-actions.js";
import { type Grouping, Venue } from "./venue.js";
import { actionInWireOrder } from "./wire-order.js";

/** Options of {@link createExchangeSurface}. */
export interface ExchangeSurfaceOptions {
  /** Which signatures are accepted: mainnet (source `a`, the default) or testnet (source `b`). */
  network?: "mainnet" | "testnet";
  /** Private key of the demo account, whose orders are seeded (default {@link DEMO_ACCOUNT}). */
  demoPrivateKey?: string;
  /** More addresses that have an account (1,000,000 USDC each, no orders), e.g. a key under test. */
  accounts?: readonly string[];
  /** First order id handed out (default 77738308). */
  firstOid?: number;
  /** Seed of the market maker's book sizes (default 1). */
  seed?: number;
  /** The clock, for nonce windows, expiry, scheduled cancels, TWAP slices, funding and timestamps (default `Date.now`). */
  now?: () => number;
  /**
   * How often funding is paid, in milliseconds (default an hour, as on the service). A sandbox may
   * shorten it so payments show within a test; each interval then pays an hourly rate.
   */
  fundingIntervalMs?: number;
  /**
   * Told when an account switches its HyperEVM block kind with `evmUserModify` (the sandbox passes
   * the EVM surface's `setUsingBigBlocks`).
   */
  onEvmUserModify?: (address: string, usingBigBlocks: boolean) => void;
}

/** The exchange surface: its handler, the demo account, its resting orders and the venue. */
export interface ExchangeSurface {
  handler: SurfaceHandler;
  demo: DemoAccount;
  /** Ids of the orders seeded for the demo account. */
  restingOids: number[];
  venue: Venue;
  close(): Promise<void>;
}

type Answer = SandboxResponse;

const ok = (response: unknown): Answer => ({ status: 200, body: { status: "ok", response } });
const refused = (message: string): Answer => ({ status: 200, body: { status: "err", response: message } });
const done = (problem: string | undefined): Answer => (problem ? refused(problem) : ok({ type: "default" }));

/** The signed parts of every L1 request body. */
type L1Body = Pick<BatchModifyRequest, "nonce" | "signature" | "vaultAddress" | "expiresAfter"> & {
  action: unknown;
};

/**
 * Builds the exchange surface: `POST /exchange` with every action of the spec and `POST /info` with
 * every query, on one small venue (a book per asset with a seeded market maker, matching, triggers,
 * positions and fills). It recovers the signer of each action from its signature, written apart from
 * the client's signing code: L1 actions hash their own parse (keys in the spec's order); user-signed
 * actions are checked as EIP-712 typed data. Unknown signers, expired actions and nonces outside the
 * rules are refused with HTTP 200 `status: "err"`, as the service does. API wallets approved with
 * `approveAgent` sign for their user. Serve it with `serveSurface({ auth: "none" })`.
 *
 * @param options - Network, demo key, more accounts, first order id, seed, clock.
 * @returns The handler, the demo account, the ids of its resting orders and the venue.
 * @example
 * const exchange = createExchangeSurface({ network: "testnet" });
 * exchange.restingOids; // the demo account's three resting orders
 */
export function createExchangeSurface(options: ExchangeSurfaceOptions = {}): ExchangeSurface {
  const now = options.now ?? Date.now;
  const isMainnet = options.network !== "testnet";
  const demo = options.demoPrivateKey
    ? { privateKey: options.demoPrivateKey, address: addressOf(options.demoPrivateKey) }
    : DEMO_ACCOUNT;
  const firstOid = options.firstOid ?? 77_738_308;
  const venue = new Venue({
    firstOid,
    firstTid: firstOid * 1000,
    now,
    ...(options.fundingIntervalMs !== undefined && { fundingInterval: options.fundingIntervalMs }),
  });
  const users = new Set<string>();
  const openUser = (address: string) => {
    users.add(address.toLowerCase());
    return venue.open(address, DEMO_BALANCE, { spot: { 1: 100_000n * ONE, 2: 1_000n * ONE } });
  };
  // The demo account's orders come first, so their ids are the first ones handed out.
  const demoAccount = openUser(demo.address);
  const restingOids = DEMO_ORDERS.map((order) => {
    const status = venue.place(demoAccount, order);
    if (typeof status !== "object" || !("resting" in status)) throw new Error("a demo order did not rest");
    return status.resting.oid;
  });
  for (const address of options.accounts ?? []) openUser(address);
  const house = venue.open(HOUSE_ADDRESS, 1_000_000_000n * ONE, {
    unlimited: true,
    spot: { 1: 1_000_000_000n * ONE, 2: 1_000_000_000n * ONE },
  });
  seedLiquidity(venue, house, new SeededRandom(options.seed ?? 1));

  const nonces = new NonceWindow(now);
  const agents = new AgentRegistry(now);
  const contract = new RestContract("exchange", exchangeOperations);
  const ledger = new AccountLedger(now);
  const transfers = new Transfers(venue, ledger);
  const subAccounts = new SubAccountRegistry();
  const twaps = new TwapRunner(venue, now, firstOid);
  const used = new Map<string, number>();
  const reserved = new Map<string, number>();
  const requests = {
    used: (user: string) => used.get(user.toLowerCase()) ?? 0,
    reserved: (user: string) => reserved.get(user.toLowerCase()) ?? 0,
    reserve: (user: string, weight: number) => reserved.set(user, (reserved.get(user) ?? 0) + weight),
  };
  const count = (user: string) => used.set(user, (used.get(user) ?? 0) + 1);

  /** Checks an L1 request's signer, expiry and nonce, then applies it for the account it acts for. */
  function l1(
    input: RestInput,
    apply: (account: ReturnType<Venue["account"]>, user: string) => Answer,
  ): Answer {
    const request = input.body as L1Body;
    const id = connectionId({ ...request, action: actionInWireOrder(request.action) });
    const signer = recoverAddress(agentDigest(id, isMainnet ? "a" : "b"), request.signature);
    if (signer === undefined) return refused("Unable to recover signer.");
    const user = users.has(signer) ? signer : agents.userOf(signer);
    if (user === undefined) return refused(`User or API Wallet ${signer} does not exist.`);
    if (request.expiresAfter !== undefined && request.expiresAfter !== null && request.expiresAfter < now()) {
      return refused("Action already expired");
    }
    const nonceProblem = nonces.take(signer, request.nonce);
    if (nonceProblem) return refused(nonceProblem);
    count(user);
    const actingFor = request.vaultAddress ?? user;
    const master = subAccounts.masterOf(actingFor);
    if (master !== undefined && master !== user)
      return refused(`Not a sub-account of this user: ${actingFor}`);
    return apply(venue.account(actingFor), user);
  }

  /** Checks a user-signed request's signer, chain and nonce (`nonceField` of the action), then applies it. */
  function userSigned(
    input: RestInput,
    nonceField: "nonce" | "time",
    apply: (account: ReturnType<Venue["account"]>) => Answer,
  ): Answer {
    const { action, nonce, signature } = input.body as {
      action: Record<string, unknown>;
      nonce: number;
      signature: L1Body["signature"];
    };
    const digest = userSignedDigest(action);
    const signer = digest && recoverAddress(digest, signature);
    if (signer === undefined) return refused("Unable to recover signer.");
    if (!users.has(signer)) return refused(`Must deposit before performing actions. User: ${signer}`);
    const chain = isMainnet ? "Mainnet" : "Testnet";
    if (action.hyperliquidChain !== chain)
      return refused(`This action is signed for ${String(action.hyperliquidChain)}, not ${chain}`);
    if (action[nonceField] !== nonce) {
      return refused(
        `Invalid nonce: the action's ${nonceField} ${String(action[nonceField])} differs from ${nonce}`,
      );
    }
    const nonceProblem = nonces.take(signer, nonce);
    if (nonceProblem) return refused(nonceProblem);
    count(signer);
    return apply(venue.account(signer));
  }

  const actions = {
    order: (input: RestInput) =>
      l1(input, (account) => {
        const { action } = input.body as OrderRequest;
        const builder = action.builder && builderFeeOf(venue, account, action.builder, action.orders);
        if (typeof builder === "string") return refused(builder);
        const statuses = venue.placeAll(account, action.orders, action.grouping as Grouping, builder);
        return ok({ type: "order", data: { statuses } });
      }),
    cancel: (input: RestInput) =>
      l1(input, (account) => {
        const { action } = input.body as CancelRequest;
        const statuses = action.cancels.map((entry) => venue.cancel(account, entry.a, entry.o));
        return ok({ type: "cancel", data: { statuses } });
      }),
    cancelByCloid: (input: RestInput) =>
      l1(input, (account) => {
        const { action } = input.body as CancelByCloidRequest;
        const statuses = action.cancels.map((entry) => venue.cancel(account, entry.asset, entry.cloid));
        return ok({ type: "cancel", data: { statuses } });
      }),
    modify: (input: RestInput) =>
      l1(input, (account) => {
        const { action } = input.body as ModifyRequest;
        const status = venue.modify(account, action.oid, action.order);
        return typeof status === "object" && "error" in status
          ? refused(status.error)
          : ok({ type: "default" });
      }),
    batchModify: (input: RestInput) =>
      l1(input, (account) => {
        const { action } = input.body as BatchModifyRequest;
        // Sequential on purpose: a later modification sees the effect of an earlier one.
        const statuses = action.modifies.map((entry) => venue.modify(account, entry.oid, entry.order));
        return ok({ type: "order", data: { statuses } });
      }),
    scheduleCancel: (input: RestInput) =>
      l1(input, (account) =>
        done(venue.scheduleCancel(account, (input.body as ScheduleCancelRequest).action.time)),
      ),
    updateLeverage: (input: RestInput) =>
      l1(input, (account) => {
        const { asset, isCross, leverage } = (input.body as UpdateLeverageRequest).action;
        const market = venue.asset(asset);
        return done(
          market ? account.setLeverage(market, isCross, leverage) : `Asset ${asset} is out of range.`,
        );
      }),
    updateIsolatedMargin: (input: RestInput) =>
      l1(input, (account) => {
        const { asset, ntli } = (input.body as UpdateIsolatedMarginRequest).action;
        const market = venue.asset(asset);
        // ntli is USDC × 10^6; the venue counts in 10^-8.
        return done(
          market
            ? account.moveIsolatedMargin(market, BigInt(ntli) * 100n)
            : `Asset ${asset} is out of range.`,
        );
      }),
    approveAgent: (input: RestInput): Answer =>
      userSigned(input, "nonce", (account) => {
        const { action } = input.body as ApproveAgentRequest;
        return done(agents.approve(account.address, action.agentAddress, action.agentName ?? "", users));
      }),
    ...userActions({
      venue,
      transfers,
      subAccounts,
      twaps,
      l1,
      userSigned,
      requests,
      onCredit: (address) => users.add(address.toLowerCase()),
      onEvmUserModify: options.onEvmUserModify,
    }),
  };

  const queries = {
    meta: () => ({ status: 200, body: metaAnswer() }),
    spotMeta: () => ({ status: 200, body: spotMetaAnswer() }),
    allMids: () => ({ status: 200, body: venue.allMids() }),
    l2Book: (input: RestInput) => ({ status: 200, body: venue.l2Book((input.body as L2BookRequest).coin) }),
    openOrders: (input: RestInput) => ({ status: 200, body: venue.openOrders(userOf(input)) }),
    frontendOpenOrders: (input: RestInput) => ({
      status: 200,
      body: venue.frontendOpenOrders(userOf(input)),
    }),
    orderStatus: (input: RestInput) => {
      const { user, oid } = input.body as OrderStatusRequest;
      return { status: 200, body: venue.orderStatus(user, oid) };
    },
    userFills: (input: RestInput) => ({ status: 200, body: venue.userFills(userOf(input)) }),
    clearinghouseState: (input: RestInput) => ({
      status: 200,
      body: venue.clearinghouseState(userOf(input)),
    }),
    ...accountQueries({ venue, ledger, subAccounts, requests, now }),
  };
  const byOperation = contract.handler({ ...actions, ...queries });

  return {
    handler: (request) => {
      venue.settleFunding();
      venue.runScheduledCancels();
      twaps.run();
      return route(request, byOperation);
    },
    demo,
    restingOids,
    venue,
    close: async () => {},
  };
}

function userOf(input: RestInput): string {
  return (input.body as { user: string }).user;
}

const ENDPOINTS: Readonly<Record<string, (body: Record<string, unknown>) => unknown>> = {
  "/exchange": (body) => (body.action as Record<string, unknown> | undefined)?.type,
  "/info": (body) => body.type,
};

/**
 * Routes a request to the operation its body names: `POST /exchange` by `action.type`, `POST /info`
 * by `type` (the spec writes them `/exchange#order`, `/info#meta`). A body that names no known
 * operation gets the service's 422.
 */
function route(request: SandboxRequest, byOperation: SurfaceHandler): Answer | Promise<Answer> {
  const typeOf = ENDPOINTS[request.path];
  if (!typeOf) return { status: 404, body: `Not found. ${request.method} ${request.path}` };
  if (request.method.toUpperCase() !== "POST") {
    return { status: 405, body: `Method "${request.method.toUpperCase()}" not allowed. ${request.path}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch (error) {
    return refusal("exchange", "json", [{ pointer: "/body", message: (error as Error).message }]);
  }
  const type =
    body !== null && typeof body === "object" ? typeOf(body as Record<string, unknown>) : undefined;
  const operation = typeof type === "string" ? `${request.path}#${type}` : undefined;
  const known = Object.values(exchangeOperations).some((candidate) => candidate.path === operation);
  if (!known) {
    const pointer = request.path === "/exchange" ? "/body/action/type" : "/body/type";
    return refusal("exchange", "body", [
      { pointer, message: `${JSON.stringify(type ?? null)} is not a known type` },
    ]);
  }
  return byOperation({ ...request, path: operation as string });
}
