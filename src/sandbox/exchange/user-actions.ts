import type {
  ApproveBuilderFeeRequest,
  CreateSubAccountRequest,
  EvmUserModifyRequest,
  ReserveRequestWeightRequest,
  SendAssetRequest,
  SpotSendRequest,
  SubAccountSpotTransferRequest,
  SubAccountTransferRequest,
  TwapCancelRequest,
  TwapOrderRequest,
  UsdClassTransferRequest,
  UsdSendRequest,
  VaultTransferRequest,
  Withdraw3Request,
} from "../../../generated/exchange/types.js";
import type { SandboxResponse } from "../surface.js";
import type { RestInput } from "../validation.js";
import type { Account } from "./account.js";
import { approveBuilder } from "./builder-fees.js";
import type { SubAccountRegistry } from "./sub-accounts.js";
import type { Transfers } from "./transfers.js";
import type { TwapRunner } from "./twap.js";
import { toUnits } from "./units.js";
import type { Venue } from "./venue.js";

/** What the transfer, TWAP and account actions act on. */
export interface UserActionContext {
  venue: Venue;
  transfers: Transfers;
  subAccounts: SubAccountRegistry;
  twaps: TwapRunner;
  /** Checks an L1 request, then applies it for the account it acts for (the signer's user second). */
  l1(input: RestInput, apply: (account: Account, user: string) => SandboxResponse): SandboxResponse;
  /** Checks a user-signed request, then applies it for its signer. */
  userSigned(
    input: RestInput,
    nonceField: "nonce" | "time",
    apply: (account: Account) => SandboxResponse,
  ): SandboxResponse;
  requests: { reserve(user: string, weight: number): void };
  /** An address received money: it now has an account. */
  onCredit(address: string): void;
  onEvmUserModify?: ((address: string, usingBigBlocks: boolean) => void) | undefined;
}

const ok = (response: unknown): SandboxResponse => ({ status: 200, body: { status: "ok", response } });
const refused = (message: string): SandboxResponse => ({
  status: 200,
  body: { status: "err", response: message },
});
const done = (problem: string | undefined): SandboxResponse =>
  problem ? refused(problem) : ok({ type: "default" });
/** The price of one reserved request: 0.0005 USDC. */
const WEIGHT_PRICE = toUnits("0.0005");

/**
 * The handlers of the transfer, TWAP, sub-account and account actions, on the venue.
 *
 * @example
 * const surface = createExchangeSurface();
 * surface.handler; // routes usdSend, twapOrder, createSubAccount, … to the handlers userActions builds
 */
export function userActions(context: UserActionContext) {
  const { venue, transfers, subAccounts, twaps, l1, userSigned } = context;
  const credited = (problem: string | undefined, destination: string) => {
    if (!problem) context.onCredit(destination);
    return done(problem);
  };
  /** The sub-account `address` of `user`, or the refusal. */
  const subAccountOf = (user: string, address: string): Account | SandboxResponse =>
    subAccounts.masterOf(address) === user
      ? venue.account(address)
      : refused(`Not a sub-account of this user: ${address}`);

  return {
    usdSend: (input: RestInput) =>
      userSigned(input, "time", (account) => {
        const { destination, amount } = (input.body as UsdSendRequest).action;
        return credited(transfers.usdSend(account, destination, amount), destination);
      }),
    spotSend: (input: RestInput) =>
      userSigned(input, "time", (account) => {
        const { destination, token, amount } = (input.body as SpotSendRequest).action;
        return credited(transfers.spotSend(account, destination, token, amount), destination);
      }),
    withdraw3: (input: RestInput) =>
      userSigned(input, "time", (account) => {
        const { amount, time } = (input.body as Withdraw3Request).action;
        return done(transfers.withdraw(account, amount, time));
      }),
    usdClassTransfer: (input: RestInput) =>
      userSigned(input, "nonce", (account) => {
        const { amount, toPerp } = (input.body as UsdClassTransferRequest).action;
        return done(
          transfers.classTransfer(account, amount, toPerp, (address) => subAccounts.masterOf(address)),
        );
      }),
    sendAsset: (input: RestInput) =>
      userSigned(input, "nonce", (account) => {
        const { fromSubAccount, ...action } = (input.body as SendAssetRequest).action;
        let from = account;
        if (fromSubAccount) {
          const sub = subAccountOf(account.address, fromSubAccount);
          if ("status" in sub) return sub;
          from = sub;
        }
        return credited(transfers.sendAsset(from, action), action.destination);
      }),
    approveBuilderFee: (input: RestInput) =>
      userSigned(input, "nonce", (account) => {
        const { builder, maxFeeRate } = (input.body as ApproveBuilderFeeRequest).action;
        return done(approveBuilder(venue, account, venue.account(builder), maxFeeRate));
      }),
    twapOrder: (input: RestInput) =>
      l1(input, (account) => {
        const { twap } = (input.body as TwapOrderRequest).action;
        const asset = venue.asset(twap.a);
        const status = asset
          ? twaps.start(account, asset, twap)
          : { error: `Asset ${twap.a} is out of range.` };
        return ok({ type: "twapOrder", data: { status } });
      }),
    twapCancel: (input: RestInput) =>
      l1(input, (account) => {
        const { a, t } = (input.body as TwapCancelRequest).action;
        return ok({ type: "twapCancel", data: { status: twaps.cancel(account, a, t) } });
      }),
    vaultTransfer: (input: RestInput) =>
      l1(input, (account) => {
        const { vaultAddress, isDeposit, usd } = (input.body as VaultTransferRequest).action;
        return done(transfers.perpBetween(account, venue.account(vaultAddress), isDeposit, usd, "vault"));
      }),
    createSubAccount: (input: RestInput) =>
      l1(input, (account) => {
        const created = subAccounts.create(
          account.address,
          (input.body as CreateSubAccountRequest).action.name,
        );
        if ("error" in created) return refused(created.error);
        venue.account(created.address);
        context.onCredit(created.address);
        return ok({ type: "createSubAccount", data: created.address });
      }),
    subAccountTransfer: (input: RestInput) =>
      l1(input, (account) => {
        const { subAccountUser, isDeposit, usd } = (input.body as SubAccountTransferRequest).action;
        const sub = subAccountOf(account.address, subAccountUser);
        return "status" in sub
          ? sub
          : done(transfers.perpBetween(account, sub, isDeposit, usd, "subAccount"));
      }),
    subAccountSpotTransfer: (input: RestInput) =>
      l1(input, (account) => {
        const { subAccountUser, isDeposit, token, amount } = (input.body as SubAccountSpotTransferRequest)
          .action;
        const sub = subAccountOf(account.address, subAccountUser);
        return "status" in sub ? sub : done(transfers.spotBetween(account, sub, isDeposit, token, amount));
      }),
    evmUserModify: (input: RestInput) =>
      l1(input, (account) => {
        context.onEvmUserModify?.(
          account.address,
          (input.body as EvmUserModifyRequest).action.usingBigBlocks,
        );
        return done(undefined);
      }),
    reserveRequestWeight: (input: RestInput) =>
      l1(input, (account, user) => {
        const { weight } = (input.body as ReserveRequestWeightRequest).action;
        const price = WEIGHT_PRICE * BigInt(weight);
        if (price > venue.withdrawable(account))
          return refused("Insufficient balance to reserve request weight.");
        account.usdc -= price;
        context.requests.reserve(user, weight);
        return done(undefined);
      }),
    noop: (input: RestInput) => l1(input, () => done(undefined)),
  };
}
