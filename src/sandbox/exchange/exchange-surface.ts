import { exchangeOperations } from "../../../generated/exchange/operations.js";
import type { BatchModifyRequest } from "../../../generated/exchange/types.js";
import type { SandboxResponse, SurfaceHandler } from "../surface.js";
import { RestContract, type RestInput } from "../validation.js";
import { addressOf, DEMO_ACCOUNT, DEMO_MARKS, DEMO_ORDERS, type DemoAccount } from "./demo-account.js";
import { NonceWindow } from "./nonce-window.js";
import { OrderBook } from "./order-book.js";
import { agentDigest, connectionId, recoverAddress } from "./recover-signer.js";

/** Options of {@link createExchangeSurface}. */
export interface ExchangeSurfaceOptions {
  /** Which signatures are accepted: mainnet (source `a`, the default) or testnet (source `b`). */
  network?: "mainnet" | "testnet";
  /** Private key of the demo account, whose orders are seeded (default {@link DEMO_ACCOUNT}). */
  demoPrivateKey?: string;
  /** More addresses that exist (with no orders), e.g. an API wallet under test. */
  accounts?: readonly string[];
  /** First order id handed out (default 77738308). */
  firstOid?: number;
  /** The clock, for nonce windows and expiry (default `Date.now`). */
  now?: () => number;
}

/** The exchange surface: its handler, the demo account and its book. */
export interface ExchangeSurface {
  handler: SurfaceHandler;
  demo: DemoAccount;
  /** Ids of the orders seeded for the demo account. */
  restingOids: number[];
  book: OrderBook;
  close(): Promise<void>;
}

const refused = (message: string): SandboxResponse => ({
  status: 200,
  body: { status: "err", response: message },
});

/**
 * Builds the exchange surface: `POST /exchange` with `batchModify`. It recovers the signer from the
 * EIP-712 signature over the body as received, refuses unknown signers, expired actions and nonces
 * outside the rules (HTTP 200, `status: "err"`), and applies each modification in turn to the
 * account's orders (one failing leaves the rest alone). Serve it with `serveSurface({ auth: "none" })`.
 *
 * @param options - Network, demo key, clock.
 * @returns The handler, the demo account and the ids of its resting orders.
 * @example
 * const exchange = createExchangeSurface({ network: "testnet" });
 * exchange.restingOids; // [77738308, 77738309, 77738310]
 */
export function createExchangeSurface(options: ExchangeSurfaceOptions = {}): ExchangeSurface {
  const now = options.now ?? Date.now;
  const source = options.network === "testnet" ? "b" : "a";
  const demo = options.demoPrivateKey
    ? { privateKey: options.demoPrivateKey, address: addressOf(options.demoPrivateKey) }
    : DEMO_ACCOUNT;
  const known = new Set([demo.address, ...(options.accounts ?? []).map((address) => address.toLowerCase())]);
  const nonces = new NonceWindow(now);
  const book = new OrderBook({ firstOid: options.firstOid ?? 77_738_308, marks: DEMO_MARKS });
  const restingOids = DEMO_ORDERS.map((order) => book.seed(demo.address, order));
  const contract = new RestContract("exchange", exchangeOperations);

  function batchModify({ body }: RestInput): SandboxResponse {
    const request = body as BatchModifyRequest;
    const signer = recoverAddress(agentDigest(connectionId(request), source), request.signature);
    if (signer === undefined) return refused("Unable to recover signer.");
    if (!known.has(signer)) return refused(`User or API Wallet ${signer} does not exist.`);
    if (request.expiresAfter !== undefined && request.expiresAfter !== null && request.expiresAfter < now()) {
      return refused("Action already expired");
    }
    const nonceProblem = nonces.take(signer, request.nonce);
    if (nonceProblem) return refused(nonceProblem);
    const account = request.vaultAddress?.toLowerCase() ?? signer;
    // Sequential on purpose: a later modification sees the effect of an earlier one.
    const statuses = request.action.modifies.map((modification) => book.modify(account, modification));
    return { status: 200, body: { status: "ok", response: { type: "order", data: { statuses } } } };
  }

  return {
    handler: contract.handler({ batchModify }),
    demo,
    restingOids,
    book,
    close: async () => {},
  };
}
