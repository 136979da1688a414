import { jettonWalletAddress } from "./jetton-wallet-address.js";
import type { LedgerAccount, LedgerMessage } from "./ledger-types.js";
import type { MessagePayload } from "./message-bodies.js";

/** A message a contract sends: a fixed value, or whatever is left of the incoming value. */
export interface OutRequest {
  to: string;
  payload: MessagePayload;
  /** Nanotons, or `"rest"`: the incoming value less fees and the other messages. */
  value: bigint | "rest";
  /** Deploy the destination (a jetton wallet that does not exist yet). */
  deploy?: { kind: "jetton_wallet"; owner: string; master: string };
}

/** What a contract did with a message. */
export interface Outcome {
  /** Gas units used. */
  gas: bigint;
  success: boolean;
  exitCode: number;
  outs: OutRequest[];
  /** A transfer or burn the indexer lists, recorded once the transaction exists. */
  record?: "jetton_transfer" | "jetton_burn" | "nft_transfer" | undefined;
}

/** The standard jetton wallet's error for a transfer or burn over its balance. */
const NOT_ENOUGH_JETTONS = 706;

/**
 * Runs the sandbox's contracts: a wallet sends what its signed request asks and accepts TON; a
 * jetton wallet moves balances between owners (TEP-74: transfer, internal transfer, notification,
 * excesses, burn); a jetton master mints and burns supply; an NFT item changes owner (TEP-62). A
 * transfer or burn over the balance fails with 706 and bounces.
 *
 * @param account - The receiving account (changed in place).
 * @param message - The message it processes.
 * @param requests - For a wallet's external message, the messages the request asks it to send.
 * @returns Gas, result and messages to send.
 * @example
 * const ledger = generateLedger({ traces: 20 });
 * const transaction = ledger.transactions[0];
 * const account = transaction && ledger.accounts.get(transaction.account);
 * if (transaction && account) console.log(receive(account, transaction.inMessage, []).gas);
 */
export function receive(account: LedgerAccount, message: LedgerMessage, requests: OutRequest[]): Outcome {
  const { payload } = message;
  const done = (gas: bigint, outs: OutRequest[], record?: Outcome["record"]): Outcome => ({
    gas,
    success: true,
    exitCode: 0,
    outs,
    ...(record && { record }),
  });
  // Refused transfers and burns still show in the indexer's lists, as aborted transactions.
  const refuse = (original: number, record: Outcome["record"]): Outcome => ({
    gas: 1_300n,
    success: false,
    exitCode: NOT_ENOUGH_JETTONS,
    outs: [{ to: message.source as string, payload: { op: "bounced", original }, value: "rest" }],
    record,
  });

  if (account.wallet) {
    if (payload.op !== "wallet_request") return done(309n, []);
    account.wallet.seqno++;
    return done(3_308n, requests);
  }
  const jettonWallet = account.jettonWallet;
  if (jettonWallet) {
    switch (payload.op) {
      case "jetton_transfer": {
        if (payload.amount > jettonWallet.balance) return refuse(0x0f8a7ea5, "jetton_transfer");
        jettonWallet.balance -= payload.amount;
        const to = jettonWalletAddress(payload.destination, jettonWallet.master);
        const internal: MessagePayload = {
          op: "jetton_internal_transfer",
          queryId: payload.queryId,
          amount: payload.amount,
          from: jettonWallet.owner,
          responseDestination: payload.responseDestination,
          forwardTonAmount: payload.forwardTonAmount,
        };
        const deploy = {
          kind: "jetton_wallet" as const,
          owner: payload.destination,
          master: jettonWallet.master,
        };
        return done(9_500n, [{ to, payload: internal, value: "rest", deploy }], "jetton_transfer");
      }
      case "jetton_internal_transfer": {
        jettonWallet.balance += payload.amount;
        const outs: OutRequest[] = [];
        if (payload.forwardTonAmount > 0n) {
          outs.push({
            to: jettonWallet.owner,
            payload: {
              op: "jetton_notify",
              queryId: payload.queryId,
              amount: payload.amount,
              sender: payload.from,
            },
            value: payload.forwardTonAmount,
          });
        }
        outs.push({
          to: payload.responseDestination,
          payload: { op: "excess", queryId: payload.queryId },
          value: "rest",
        });
        return done(12_000n, outs);
      }
      case "jetton_burn": {
        if (payload.amount > jettonWallet.balance) return refuse(0x595f07bc, "jetton_burn");
        jettonWallet.balance -= payload.amount;
        const notification: MessagePayload = {
          op: "jetton_burn_notification",
          queryId: payload.queryId,
          amount: payload.amount,
          sender: jettonWallet.owner,
          responseDestination: payload.responseDestination,
        };
        return done(
          8_000n,
          [{ to: jettonWallet.master, payload: notification, value: "rest" }],
          "jetton_burn",
        );
      }
      default:
        return done(500n, []);
    }
  }
  const master = account.jettonMaster;
  if (master) {
    if (payload.op === "jetton_mint") {
      master.totalSupply += payload.amount;
      const internal: MessagePayload = {
        op: "jetton_internal_transfer",
        queryId: payload.queryId,
        amount: payload.amount,
        from: account.raw,
        responseDestination: payload.to,
        forwardTonAmount: 0n,
      };
      const to = jettonWalletAddress(payload.to, account.raw);
      const deploy = { kind: "jetton_wallet" as const, owner: payload.to, master: account.raw };
      return done(11_000n, [{ to, payload: internal, value: "rest", deploy }]);
    }
    if (payload.op === "jetton_burn_notification") {
      master.totalSupply -= payload.amount;
      return done(6_000n, [
        {
          to: payload.responseDestination,
          payload: { op: "excess", queryId: payload.queryId },
          value: "rest",
        },
      ]);
    }
    return done(500n, []);
  }
  const item = account.nftItem;
  if (item && payload.op === "nft_transfer") {
    const previous = item.owner;
    item.owner = payload.newOwner;
    const outs: OutRequest[] = [];
    if (payload.forwardAmount > 0n) {
      outs.push({
        to: payload.newOwner,
        payload: { op: "nft_ownership_assigned", queryId: payload.queryId, prevOwner: previous },
        value: payload.forwardAmount,
      });
    }
    outs.push({
      to: payload.responseDestination,
      payload: { op: "excess", queryId: payload.queryId },
      value: "rest",
    });
    return done(8_000n, outs, "nft_transfer");
  }
  return done(500n, []);
}
