import { createExchangeOperations } from "../../generated/exchange/client.js";
import type { CancelResult, Order, PlacementResult } from "../../generated/exchange/types.js";
import { ConfigurationError } from "../runtime/errors/configuration-error.js";
import { type FieldIssue, RequestValidationError } from "../runtime/errors/request-validation-error.js";
import { type RetryOptions, resolveRetryPolicy } from "../runtime/http/retry-policy.js";
import type { FetchFunction } from "../runtime/http/send-request.js";
import { createRestCaller } from "../runtime/rest/create-rest-caller.js";
import type { UsageBudget, UsageMeter, UsageSnapshot } from "../runtime/usage/usage-meter.js";
import {
  batchModifyAction,
  type CancelByCloidInput,
  type CancelInput,
  cancelAction,
  cancelByCloidAction,
  type ModifyInput,
  modifyAction,
  type OrderInput,
  orderAction,
  scheduleCancelAction,
  updateIsolatedMarginAction,
  updateLeverageAction,
} from "./action-inputs.js";
import type {
  ActionOptions,
  ActionOutcome,
  CancelOutcome,
  ModifyOptions,
  OrderOptions,
  PlacementOutcome,
  UserActionOptions,
} from "./action-options.js";
import type { AssetDirectory } from "./assets/asset-directory.js";
import { orderIssues, type PlacedOrder } from "./assets/check-orders.js";
import { ExchangeError } from "./errors/exchange-error.js";
import { createInfoClient } from "./info-client.js";
import { nonceManagerFor } from "./nonce-manager.js";
import type { NonceSource } from "./nonce-source.js";
import { createSignedSender, type ExchangeActionId } from "./signed-sender.js";
import type { Hex } from "./signing/action-hash.js";
import type { L1Action } from "./signing/action-types.js";
import { signL1Action } from "./signing/sign-l1-action.js";
import { privateKeySigner, type Signer } from "./signing/signer.js";
import { signUserSignedAction } from "./signing/user-signed.js";

/** Options of {@link createExchangeClient}. Give `signer` or `privateKey`. */
export interface ExchangeClientOptions {
  /** The exchange API base URL (actions go to `{baseUrl}/exchange`, queries to `{baseUrl}/info`); https, or http to loopback. */
  baseUrl: string;
  /** Signs every action: a viem account, an ethers wallet, {@link privateKeySigner}, … */
  signer?: Signer;
  /** A private key to sign with, instead of `signer`; held by a {@link privateKeySigner}, never shown. */
  privateKey?: Hex;
  /** Which network the signatures are for: source `"a"` (mainnet) or `"b"` (testnet). */
  network: "mainnet" | "testnet";
  /** Act for this vault or subaccount by default (each call may override it). */
  vaultAddress?: string;
  /**
   * The assets whose rules prices and sizes are checked against before signing, or `false` to skip
   * that check. Default: read once from `/info` (`meta` and `spotMeta`) before the first order.
   */
  assets?: AssetDirectory | false;
  /** The chain id (hex) user-signed actions such as `approveAgent` are signed on (default `0x66eee`, as the official SDK). */
  signatureChainId?: string;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchFunction;
  /** Milliseconds per attempt (default 30 000). */
  timeout?: number;
  /** The most bytes of one answer to read, past which the call fails with `ResponseTooLargeError` (default 64 MiB; `Infinity`: none). */
  maxResponseBytes?: number;
  /**
   * How often the very same signed body may be resent after a network failure, HTTP 429 or
   * 502/503/504 (default 3 times), or `false` for never. A call is never re-signed with a new nonce.
   */
  retry?: RetryOptions | false;
  /** Pace requests under this budget; weight is one per order, cancel or modification (e.g. `{ weight: 1200, intervalMs: 60_000 }`). */
  budget?: UsageBudget;
  /** A usage meter to share with other clients of the same account (overrides `budget`). */
  meter?: UsageMeter;
  /** Check answers against the spec (default `true`). */
  validateResponse?: boolean;
  /**
   * Where nonces come from (default: the clock). Nonces are unique within this process only; when
   * several processes sign with the same key, give each its own, e.g. `partitionedNonces({ index, count })`.
   */
  nonces?: NonceSource;
}

/** A client for the exchange API, bound to one signer. Its key, if any, never shows in inspect or JSON. */
export interface ExchangeClient {
  /** The signer's address. */
  readonly address: string;
  readonly network: "mainnet" | "testnet";
  /**
   * Places orders in one signed request. Every order is checked before signing: its fields, and its
   * price and size against its asset's rules (at most 5 significant figures unless an integer, at
   * most (6 perpetual / 8 spot) − szDecimals decimals; a size at most szDecimals decimals).
   *
   * @param orders - `{ a, b, p, s, r, t, c? }`, prices and sizes as strings or numbers.
   * @param options - `grouping`, `builder`, `expiresAfter`, `vaultAddress`, `signal`, `timeout`, `maxResponseBytes`.
   * @returns One status per order and the nonce.
   * @throws {RequestValidationError} naming the field (`/orders/0/p`) and how to fix it, before signing.
   * @throws {ExchangeError} when the exchange refuses the whole request (`{"status":"err"}`, HTTP 422).
   * @throws {NetworkError | TimeoutError | RateLimitError | HttpError | AbortError} from the transport.
   */
  order(orders: readonly OrderInput[], options?: OrderOptions): Promise<PlacementOutcome>;
  /** Cancels orders by asset and order id; one status per cancel (`"success"` or `{ error }`). */
  cancel(cancels: readonly CancelInput[], options?: ActionOptions): Promise<CancelOutcome>;
  /** Cancels orders by asset and client order id; one status per cancel. */
  cancelByCloid(cancels: readonly CancelByCloidInput[], options?: ActionOptions): Promise<CancelOutcome>;
  /** Replaces one order (by order id or cloid) with a complete new order; the exchange refuses it as a whole when it fails. */
  modify(modification: ModifyInput, options?: ModifyOptions): Promise<ActionOutcome>;
  /**
   * Replaces several resting orders in one signed request; one status per modification.
   *
   * @param modifies - The modifications, in order: `{ oid, order: { a, b, p, s, r, t, c? } }`.
   * @param options - `alwaysPlace`, `expiresAfter`, `vaultAddress`, `signal`, `timeout`, `maxResponseBytes`.
   * @throws {RequestValidationError} naming the field (`/modifies/3/order/t/limit/tif`, `/expiresAfter`) before signing.
   * @throws {ExchangeError} when the exchange refuses the whole request.
   */
  batchModify(modifies: readonly ModifyInput[], options?: ModifyOptions): Promise<PlacementOutcome>;
  /** Cancels every open order at `time` (ms, at least 5 s ahead), or removes the schedule when `time` is left out. */
  scheduleCancel(params?: { time?: number }, options?: ActionOptions): Promise<ActionOutcome>;
  /** Sets the cross (`isCross: true`) or isolated leverage of one asset. */
  updateLeverage(
    params: { asset: number; isCross: boolean; leverage: number },
    options?: ActionOptions,
  ): Promise<ActionOutcome>;
  /** Adds (positive) or removes USDC × 10^6 (`ntli`) of an isolated position's margin. */
  updateIsolatedMargin(
    params: { asset: number; isBuy: boolean; ntli: number },
    options?: ActionOptions,
  ): Promise<ActionOutcome>;
  /**
   * Lets another key (an API wallet) sign L1 actions for this account; signed with the user-signed
   * scheme, so the signer must be the account's own key.
   *
   * @param params - `agentAddress`, and `agentName` (up to 16 characters, optionally followed by ` valid_until <ms>`) for a named agent.
   */
  approveAgent(
    params: { agentAddress: string; agentName?: string },
    options?: UserActionOptions,
  ): Promise<ActionOutcome>;
  /** Requests to `/exchange` (resends included) and rate-limit weight spent; the one-time asset reads are not counted. */
  usage(): UsageSnapshot;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const CHAIN_ID = /^0x[0-9a-f]{1,64}$/;

function signerOf(options: ExchangeClientOptions): Signer {
  if (options.signer && options.privateKey !== undefined) {
    throw new ConfigurationError("signer", "give signer or privateKey, not both");
  }
  if (options.privateKey !== undefined) return privateKeySigner(options.privateKey);
  const { signer } = options;
  if (!signer) throw new ConfigurationError("signer", "give signer or privateKey");
  // The address keys the shared nonce queue, so a signer without one cannot be used at all.
  if (typeof signer.address !== "string" || !ADDRESS.test(signer.address)) {
    throw new ConfigurationError("signer", "must have an address: 0x followed by 40 hex digits");
  }
  if (typeof signer.signTypedData !== "function") {
    throw new ConfigurationError("signer", "must have a signTypedData method");
  }
  return signer;
}

/** Runs an action builder, turning an input error it names into a request validation error. */
function built<T>(operation: ExchangeActionId, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof ExchangeError) || error.field === undefined) throw error;
    const prefix = `${error.field} `;
    const message = error.shortMessage.startsWith(prefix)
      ? error.shortMessage.slice(prefix.length)
      : error.shortMessage;
    throw new RequestValidationError(operation, [{ pointer: error.field, message }]);
  }
}

function refuse(operation: ExchangeActionId, issues: FieldIssue[]): void {
  if (issues.length > 0) throw new RequestValidationError(operation, issues);
}

/**
 * Creates an exchange client bound to one signer and network: one method per action, each checked
 * before signing, signed once with the next nonce, and sent through the signer's queue so a burst of
 * calls reaches the exchange in nonce order.
 *
 * @param options - `baseUrl`, `signer` or `privateKey`, `network`, and optional `vaultAddress`,
 *   `assets`, `signatureChainId`, `fetch`, `timeout`, `retry`, `budget` or `meter`, `validateResponse`.
 * @returns The client.
 * @throws {ConfigurationError} for an insecure URL, a missing or malformed signer, a bad network or budget.
 * @throws {ExchangeError} for a malformed private key (without showing it).
 * @example
 * const exchange = createExchangeClient({ baseUrl: url, signer: privateKeySigner(key), network: "mainnet" });
 * const { statuses } = await exchange.order(
 *   [{ a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } }],
 *   { grouping: "na" },
 * );
 * if (typeof statuses[0] === "object" && "resting" in statuses[0]) await exchange.cancel([{ a: 0, o: statuses[0].resting.oid }]);
 */
export function createExchangeClient(options: ExchangeClientOptions): ExchangeClient {
  if (options.network !== "mainnet" && options.network !== "testnet") {
    throw new ConfigurationError("network", 'must be "mainnet" or "testnet"');
  }
  const signatureChainId = options.signatureChainId ?? "0x66eee";
  if (typeof signatureChainId !== "string" || !CHAIN_ID.test(signatureChainId)) {
    throw new ConfigurationError("signatureChainId", "must be 0x and lowercase hex digits, such as 0x66eee");
  }
  const signer = signerOf(options);
  const isMainnet = options.network === "mainnet";
  const caller = createRestCaller({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeout: options.timeout,
    maxResponseBytes: options.maxResponseBytes,
    retry: false, // resends are decided by the signed sender, so they always carry the same signed body
    usage: options.meter ? { meter: options.meter } : { budget: options.budget },
    validateResponse: options.validateResponse,
  });
  // Reads the assets for the price checks; its two one-time queries are not counted in usage().
  const info = createInfoClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeout: options.timeout,
    maxResponseBytes: options.maxResponseBytes,
    validateResponse: options.validateResponse,
  });
  const submit = createSignedSender(
    createExchangeOperations(caller),
    nonceManagerFor(signer.address, options.nonces),
    resolveRetryPolicy(options.retry),
    options.network,
  );

  const signL1 =
    (call: { vaultAddress?: string; expiresAfter?: number }) => (action: unknown, nonce: number) =>
      signL1Action({ signer, action: action as L1Action, nonce, isMainnet, ...call });

  /** The signed extras of an L1 action (vault and expiry), checked. */
  function extrasOf(operation: ExchangeActionId, call: ActionOptions) {
    const vaultAddress =
      call.vaultAddress === undefined ? options.vaultAddress : (call.vaultAddress ?? undefined);
    const { expiresAfter } = call;
    if (vaultAddress !== undefined && (typeof vaultAddress !== "string" || !ADDRESS.test(vaultAddress))) {
      refuse(operation, [
        { pointer: "/vaultAddress", message: "must be an address: 0x followed by 40 hex digits" },
      ]);
    }
    if (expiresAfter !== undefined && (!Number.isSafeInteger(expiresAfter) || expiresAfter <= Date.now())) {
      refuse(operation, [
        {
          pointer: "/expiresAfter",
          message: Number.isSafeInteger(expiresAfter)
            ? `is in the past (${new Date(expiresAfter).toISOString()}): give a future time in milliseconds`
            : "must be a time in milliseconds, such as Date.now() + 60_000",
        },
      ]);
    }
    return {
      ...(vaultAddress !== undefined && { vaultAddress }),
      ...(expiresAfter !== undefined && { expiresAfter }),
    };
  }

  /** Checks prices and sizes against their assets (read from `/info` on first use unless given). */
  async function checkOrders(operation: ExchangeActionId, orders: PlacedOrder[], signal?: AbortSignal) {
    if (options.assets === false) return;
    const assets = options.assets ?? (await info.assets({ signal }));
    refuse(operation, orderIssues(orders, assets));
  }

  /**
   * Checks the signed extras and the orders' prices and sizes, then signs and sends an L1 action.
   *
   * @param entries - The action's list and its pointer (`/orders`), refused when empty.
   * @param placed - The orders whose prices and sizes the assets must allow.
   */
  async function l1<Action>(
    id: ExchangeActionId,
    action: Action,
    call: ActionOptions,
    entries: { list: readonly unknown[]; pointer: string } | undefined,
    placed: PlacedOrder[] = [],
  ): Promise<{ response: unknown; nonce: number }> {
    if (entries && entries.list.length === 0) {
      refuse(id, [{ pointer: entries.pointer, message: "must have at least one entry" }]);
    }
    const extras = extrasOf(id, call);
    if (placed.length > 0) await checkOrders(id, placed, call.signal);
    return submit({
      id,
      action: () => action,
      sign: signL1(extras),
      extras,
      weight: entries?.list.length ?? 1,
      signal: call.signal,
      timeout: call.timeout,
      maxResponseBytes: call.maxResponseBytes,
    });
  }

  function placements(response: unknown, expected: number, nonce: number): PlacementOutcome {
    const { statuses } = (response as PlacementResult).data;
    if (statuses.length !== expected) {
      throw new ExchangeError(`The exchange answered ${statuses.length} statuses for ${expected} orders`, {
        status: 200,
      });
    }
    return { statuses, nonce };
  }

  function cancels(response: unknown, expected: number, nonce: number): CancelOutcome {
    const { statuses } = (response as CancelResult).data;
    if (statuses.length !== expected) {
      throw new ExchangeError(`The exchange answered ${statuses.length} statuses for ${expected} cancels`, {
        status: 200,
      });
    }
    return { statuses, nonce };
  }

  return {
    address: signer.address,
    network: options.network,

    async order(orders, call = {}) {
      const action = built("order", () => orderAction(orders, call.grouping, call.builder));
      const placed = action.orders.map((order, index) => ({ order, pointer: `/orders/${index}` }));
      const entries = { list: action.orders, pointer: "/orders" };
      const { response, nonce } = await l1("order", action, call, entries, placed);
      return placements(response, action.orders.length, nonce);
    },

    async cancel(list, call = {}) {
      const action = built("cancel", () => cancelAction(list));
      const entries = { list: action.cancels, pointer: "/cancels" };
      const { response, nonce } = await l1("cancel", action, call, entries);
      return cancels(response, action.cancels.length, nonce);
    },

    async cancelByCloid(list, call = {}) {
      const action = built("cancelByCloid", () => cancelByCloidAction(list));
      const entries = { list: action.cancels, pointer: "/cancels" };
      const { response, nonce } = await l1("cancelByCloid", action, call, entries);
      return cancels(response, action.cancels.length, nonce);
    },

    async modify(modification, call = {}) {
      const action = built("modify", () => modifyAction(modification, call.alwaysPlace));
      const placed = [{ order: action.order as Order, pointer: "/order" }];
      const { nonce } = await l1("modify", action, call, undefined, placed);
      return { nonce };
    },

    async batchModify(modifies, call = {}) {
      const action = built("batchModify", () => batchModifyAction(modifies, call.alwaysPlace));
      const placed = action.modifies.map((entry, index) => ({
        order: entry.order,
        pointer: `/modifies/${index}/order`,
      }));
      const entries = { list: action.modifies, pointer: "/modifies" };
      const { response, nonce } = await l1("batchModify", action, call, entries, placed);
      return placements(response, action.modifies.length, nonce);
    },

    async scheduleCancel(params = {}, call = {}) {
      const action = built("scheduleCancel", () => scheduleCancelAction(params.time));
      const { nonce } = await l1("scheduleCancel", action, call, undefined);
      return { nonce };
    },

    async updateLeverage(params, call = {}) {
      const action = built("updateLeverage", () => updateLeverageAction(params));
      const { nonce } = await l1("updateLeverage", action, call, undefined);
      return { nonce };
    },

    async updateIsolatedMargin(params, call = {}) {
      const action = built("updateIsolatedMargin", () => updateIsolatedMarginAction(params));
      const { nonce } = await l1("updateIsolatedMargin", action, call, undefined);
      return { nonce };
    },

    async approveAgent(params, call = {}) {
      const { agentAddress, agentName } = params ?? {};
      if (typeof agentAddress !== "string" || !ADDRESS.test(agentAddress)) {
        refuse("approveAgent", [
          { pointer: "/agentAddress", message: "must be an address: 0x followed by 40 hex digits" },
        ]);
      }
      const hyperliquidChain: "Mainnet" | "Testnet" = isMainnet ? "Mainnet" : "Testnet";
      const { nonce } = await submit({
        id: "approveAgent",
        action: (nonce) => ({
          type: "approveAgent",
          signatureChainId,
          hyperliquidChain,
          agentAddress: agentAddress.toLowerCase(),
          ...(agentName !== undefined && { agentName }),
          nonce,
        }),
        sign: (action) => signUserSignedAction({ signer, action }),
        extras: {},
        weight: 1,
        signal: call.signal,
        timeout: call.timeout,
        maxResponseBytes: call.maxResponseBytes,
      });
      return { nonce };
    },

    usage: () => caller.usage(),
  };
}
