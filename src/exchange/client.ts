import { createExchangeOperations } from "../../generated/exchange/client.js";
import type {
  CancelResult,
  CancelStatus,
  Order,
  PlacementResult,
  PlacementStatus,
  TwapOrderResult,
} from "../../generated/exchange/types.js";
import { ConfigurationError } from "../runtime/errors/configuration-error.js";
import { type FieldIssue, RequestValidationError } from "../runtime/errors/request-validation-error.js";
import { type RetryOptions, resolveRetryPolicy } from "../runtime/http/retry-policy.js";
import type { FetchFunction } from "../runtime/http/send-request.js";
import { loadOnce } from "../runtime/load-once.js";
import { createRestCaller } from "../runtime/rest/create-rest-caller.js";
import type { UsageBudget, UsageMeter, UsageSnapshot } from "../runtime/usage/usage-meter.js";
import type { AccountActionId, UserSignedId } from "./account-actions.js";
import type {
  CancelByCloidInput,
  CancelInput,
  DecimalInput,
  ModifyInput,
  OrderInput,
} from "./action-inputs.js";
import type {
  ActionOptions,
  ActionOutcome,
  CancelOutcome,
  ModifyOptions,
  OrderOptions,
  PlacementOutcome,
  ReplaceOutcome,
  SubAccountOutcome,
  TwapCancelOutcome,
  TwapOutcome,
  UserActionOptions,
} from "./action-options.js";
import type { AssetDirectory } from "./assets/asset-directory.js";
import type { PlacedOrder } from "./assets/check-orders.js";
import { ExchangeError } from "./errors/exchange-error.js";
import { nonceManagerFor } from "./nonce-manager.js";
import type { NonceSource } from "./nonce-source.js";
import { createSignedSender, type ExchangeActionId } from "./signed-sender.js";
import type { Hex } from "./signing/action-hash.js";
import type { L1Action } from "./signing/action-types.js";
import { addressOfSigner, hasSignerAddress, privateKeySigner, type Signer } from "./signing/signer.js";

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
  /**
   * The signer's address, as the signer gives it (a {@link privateKeySigner} derives it on the first
   * call, loading the curve then).
   *
   * @example
   * const openOrders = await info.openOrders(await exchange.getAddress());
   */
  getAddress(): Promise<string>;
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
  /**
   * Replaces one order (by order id or cloid) with a complete new order; the exchange refuses it as
   * a whole when it fails. The exchange answers only "done": the new order has a new order id that
   * the answer does not carry. To learn it, give the new order a cloid (`c`) and read
   * `info.orderStatus(user, cloid)`, or use {@link ExchangeClient.replaceOrder}, which answers it.
   *
   * @returns The nonce only.
   */
  modify(modification: ModifyInput, options?: ModifyOptions): Promise<ActionOutcome>;
  /**
   * Replaces one order like `modify`, sent as a one-entry `batchModify` so the answer carries the
   * new order's status and id (`{ resting: { oid } }`), or its `{ error }` (not thrown).
   *
   * @example
   * const bid = { a: 0, b: true, p: "58000", s: "0.01", r: false, t: { limit: { tif: "Gtc" } } } as const;
   * const { status } = await exchange.replaceOrder({ oid: 77738308, order: bid });
   * if (typeof status === "object" && "resting" in status) console.log("new order id", status.resting.oid);
   */
  replaceOrder(modification: ModifyInput, options?: ModifyOptions): Promise<ReplaceOutcome>;
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
  /**
   * Sends USDC from the signer's perpetual balance to another user (user-signed: the account's own
   * key, never an agent). `amount` in USDC, as a decimal string or an exactly representable number.
   *
   * @throws {RequestValidationError} at `/destination` or `/amount` before signing.
   * @example
   * await exchange.usdSend({ destination: "0x0d1d9635d0640821d15e323ac8adadfa9c111414", amount: "25.5" });
   */
  usdSend(
    params: { destination: string; amount: DecimalInput },
    options?: UserActionOptions,
  ): Promise<ActionOutcome>;
  /** Sends a spot token (`"PURR"`, looked up in spotMeta, or `"PURR:0x<tokenId>"`) to another user (user-signed). */
  spotSend(
    params: { destination: string; token: string; amount: DecimalInput },
    options?: UserActionOptions,
  ): Promise<ActionOutcome>;
  /** Withdraws USDC from the perpetual balance to `destination` through the bridge (user-signed; the exchange takes its fee). */
  withdraw3(
    params: { destination: string; amount: DecimalInput },
    options?: UserActionOptions,
  ): Promise<ActionOutcome>;
  /**
   * Moves USDC between the perpetual and spot balances (`toPerp: false`: perp → spot), of the signer
   * or of one of its sub-accounts (`subAccount`); user-signed.
   */
  usdClassTransfer(
    params: { amount: DecimalInput; toPerp: boolean; subAccount?: string },
    options?: UserActionOptions,
  ): Promise<ActionOutcome>;
  /** Moves a token between dexes (`""` perp, `"spot"`, a dex by name) and users, optionally out of a sub-account (user-signed). */
  sendAsset(
    params: {
      destination: string;
      sourceDex: string;
      destinationDex: string;
      token: string;
      amount: DecimalInput;
      fromSubAccount?: string;
    },
    options?: UserActionOptions,
  ): Promise<ActionOutcome>;
  /** Lets a builder add up to `maxFeeRate` (`"0.01%"`; `"0%"` revokes) to orders that name it (user-signed). */
  approveBuilderFee(
    params: { builder: string; maxFeeRate: string },
    options?: UserActionOptions,
  ): Promise<ActionOutcome>;
  /**
   * Buys or sells `s` of asset `a` over `m` minutes (5 to 1440) in 30-second slices; `t` randomizes
   * their timing. The size is checked against the asset's rules before signing.
   *
   * @returns `{ running: { twapId } }` or `{ error }` (not thrown), and the nonce.
   */
  twapOrder(
    params: { a: number; b: boolean; s: DecimalInput; r: boolean; m: number; t: boolean },
    options?: ActionOptions,
  ): Promise<TwapOutcome>;
  /** Stops a running TWAP of asset `a` by its id `t`; `"success"` or `{ error }` (not thrown). */
  twapCancel(params: { a: number; t: number }, options?: ActionOptions): Promise<TwapCancelOutcome>;
  /** Deposits into (`isDeposit: true`) or withdraws from a vault `usd` micro-USDC (USDC × 10^6). */
  vaultTransfer(
    params: { vaultAddress: string; isDeposit: boolean; usd: number },
    options?: ActionOptions,
  ): Promise<ActionOutcome>;
  /** Creates a sub-account named `name` (1 to 16 characters) and answers its address. */
  createSubAccount(params: { name: string }, options?: ActionOptions): Promise<SubAccountOutcome>;
  /** Moves `usd` micro-USDC of perpetual balance into (`isDeposit: true`) or out of a sub-account. */
  subAccountTransfer(
    params: { subAccountUser: string; isDeposit: boolean; usd: number },
    options?: ActionOptions,
  ): Promise<ActionOutcome>;
  /** Moves a spot token into (`isDeposit: true`) or out of a sub-account. */
  subAccountSpotTransfer(
    params: { subAccountUser: string; isDeposit: boolean; token: string; amount: DecimalInput },
    options?: ActionOptions,
  ): Promise<ActionOutcome>;
  /** Sends the signer's HyperEVM transactions into big blocks (`true`) or small ones. */
  evmUserModify(params: { usingBigBlocks: boolean }, options?: ActionOptions): Promise<ActionOutcome>;
  /** Buys `weight` more `/exchange` requests, paid from the perpetual balance. */
  reserveRequestWeight(params: { weight: number }, options?: ActionOptions): Promise<ActionOutcome>;
  /** Does nothing but use up the next nonce of the signer. */
  noop(options?: ActionOptions): Promise<ActionOutcome>;
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
  // The address keys the shared nonce queue, so a signer without one cannot be used at all. An
  // `address` is checked now; what `getAddress()` answers, on the first action.
  const { address } = signer as { address?: unknown };
  if (!hasSignerAddress(signer) || (address !== undefined && !isAddress(address))) {
    throw new ConfigurationError("signer", SIGNER_ADDRESS_RULE);
  }
  if (typeof signer.signTypedData !== "function") {
    throw new ConfigurationError("signer", "must have a signTypedData method");
  }
  return signer;
}

const SIGNER_ADDRESS_RULE =
  "must have an address (an address property or a getAddress method): 0x followed by 40 hex digits";

function isAddress(value: unknown): value is string {
  return typeof value === "string" && ADDRESS.test(value);
}

/** The signer's address, checked; asked once (a failed ask is asked again on the next action). */
function addressAsker(signer: Signer): () => Promise<string> {
  return loadOnce(async () => {
    const address = await addressOfSigner(signer);
    if (!isAddress(address)) throw new ConfigurationError("signer", SIGNER_ADDRESS_RULE);
    return address;
  });
}

// The action code (input checks, asset checks, transfer builders, msgpack, action hashing, EIP-712),
// loaded on the first action: a client that is made and not yet used carries none of it.
const actionCode = /* @__PURE__ */ loadOnce(() => import("./action-code.js"));

/** Runs an action builder, turning an input error it names into a request validation error. */
async function built<T>(
  operation: ExchangeActionId,
  build: (inputs: typeof import("./action-code.js")) => T,
): Promise<T> {
  const inputs = await actionCode();
  try {
    return build(inputs);
  } catch (error) {
    if (!(error instanceof ExchangeError) || error.field === undefined) throw error;
    const prefix = `${error.field} `;
    const message = error.shortMessage.startsWith(prefix)
      ? error.shortMessage.slice(prefix.length)
      : error.shortMessage;
    throw new RequestValidationError(operation, [{ pointer: error.field, message }]);
  }
}

/**
 * Whether a modified order may keep a size of 0: a reduce-only trigger order may be a position's
 * take-profit or stop-loss, whose size 0 the exchange reads as the whole position.
 */
function modifiesTpsl(order: Order): boolean {
  return order.r && "trigger" in order.t;
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
  const info = loadOnce(async () =>
    (await actionCode()).createInfoClient({
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeout: options.timeout,
      maxResponseBytes: options.maxResponseBytes,
      validateResponse: options.validateResponse,
    }),
  );
  const address = addressAsker(signer);
  // The nonce queue is the address's, so it is joined once the address is known (the first action).
  const nonces = loadOnce(async () => nonceManagerFor(await address(), options.nonces));
  const submit = createSignedSender(
    createExchangeOperations(caller),
    nonces,
    resolveRetryPolicy(options.retry),
    options.network,
  );

  // The signing code (msgpack, EIP-712 hashing; the curve behind the signer) loads on the first
  // action: a client that is made and not yet used carries none of it. Nothing is signed before
  // the action's checks pass.
  const signL1 =
    (call: { vaultAddress?: string; expiresAfter?: number }) => async (action: unknown, nonce: number) => {
      const { signL1Action } = await actionCode();
      return signL1Action({ signer, action: action as L1Action, nonce, isMainnet, ...call });
    };

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
    const { orderIssues } = await actionCode();
    const assets = options.assets ?? (await (await info()).assets({ signal }));
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

  const hyperliquidChain: "Mainnet" | "Testnet" = isMainnet ? "Mainnet" : "Testnet";

  /** Signs and sends a user-signed action whose fields are checked; its nonce travels in `nonceField`. */
  async function userSigned(
    id: ExchangeActionId,
    fields: Record<string, unknown>,
    nonceField: "nonce" | "time",
    call: UserActionOptions,
  ): Promise<{ response: unknown; nonce: number }> {
    return submit({
      id,
      action: (nonce) => ({ type: id, signatureChainId, hyperliquidChain, ...fields, [nonceField]: nonce }),
      sign: async (action) => {
        const { signUserSignedAction } = await actionCode();
        return signUserSignedAction({ signer, action });
      },
      extras: {},
      weight: 1,
      signal: call.signal,
      timeout: call.timeout,
      maxResponseBytes: call.maxResponseBytes,
    });
  }

  /** The spot tokens, read from `/info` only when an action names a token by its bare name. */
  async function spotMetaFor(id: string, params: unknown, signal?: AbortSignal) {
    const { needsTokens } = await actionCode();
    return needsTokens(id, params) ? (await info()).spotMeta({ signal }) : undefined;
  }

  /** A transfer or account setting signed with the user-signed scheme (its builder loads on first use). */
  async function transfer(id: UserSignedId, params: unknown, call: UserActionOptions = {}) {
    const { USER_SIGNED_NONCE_FIELD, userSignedFields } = await actionCode();
    const fields = userSignedFields(id, params, await spotMetaFor(id, params, call.signal));
    const { nonce } = await userSigned(id, fields, USER_SIGNED_NONCE_FIELD[id], call);
    return { nonce };
  }

  /** An account, transfer or TWAP L1 action (its builder loads on first use). */
  async function accountL1(id: AccountActionId, params: unknown, call: ActionOptions = {}) {
    const { accountAction } = await actionCode();
    const action = accountAction(id, params, await spotMetaFor(id, params, call.signal));
    return l1(id, action, call, undefined);
  }

  const client: ExchangeClient = {
    getAddress: address,
    network: options.network,

    async order(orders, call = {}) {
      const action = await built("order", (inputs) =>
        inputs.orderAction(orders, call.grouping, call.builder),
      );
      const placed = action.orders.map((order, index) => ({
        order,
        pointer: `/orders/${index}`,
        wholePosition: action.grouping === "positionTpsl" && "trigger" in order.t,
      }));
      const entries = { list: action.orders, pointer: "/orders" };
      const { response, nonce } = await l1("order", action, call, entries, placed);
      return placements(response, action.orders.length, nonce);
    },

    async cancel(list, call = {}) {
      const action = await built("cancel", (inputs) => inputs.cancelAction(list));
      const entries = { list: action.cancels, pointer: "/cancels" };
      const { response, nonce } = await l1("cancel", action, call, entries);
      return cancels(response, action.cancels.length, nonce);
    },

    async cancelByCloid(list, call = {}) {
      const action = await built("cancelByCloid", (inputs) => inputs.cancelByCloidAction(list));
      const entries = { list: action.cancels, pointer: "/cancels" };
      const { response, nonce } = await l1("cancelByCloid", action, call, entries);
      return cancels(response, action.cancels.length, nonce);
    },

    async modify(modification, call = {}) {
      const action = await built("modify", (inputs) => inputs.modifyAction(modification, call.alwaysPlace));
      const placed = [
        { order: action.order as Order, pointer: "/order", wholePosition: modifiesTpsl(action.order) },
      ];
      const { nonce } = await l1("modify", action, call, undefined, placed);
      return { nonce };
    },

    async replaceOrder(modification, call = {}) {
      const { statuses, nonce } = await client.batchModify([modification], call);
      return { status: statuses[0] as PlacementStatus, nonce };
    },

    async batchModify(modifies, call = {}) {
      const action = await built("batchModify", (inputs) =>
        inputs.batchModifyAction(modifies, call.alwaysPlace),
      );
      const placed = action.modifies.map((entry, index) => ({
        order: entry.order,
        pointer: `/modifies/${index}/order`,
        wholePosition: modifiesTpsl(entry.order),
      }));
      const entries = { list: action.modifies, pointer: "/modifies" };
      const { response, nonce } = await l1("batchModify", action, call, entries, placed);
      return placements(response, action.modifies.length, nonce);
    },

    async scheduleCancel(params = {}, call = {}) {
      const action = await built("scheduleCancel", (inputs) => inputs.scheduleCancelAction(params.time));
      const { nonce } = await l1("scheduleCancel", action, call, undefined);
      return { nonce };
    },

    async updateLeverage(params, call = {}) {
      const action = await built("updateLeverage", (inputs) => inputs.updateLeverageAction(params));
      const { nonce } = await l1("updateLeverage", action, call, undefined);
      return { nonce };
    },

    async updateIsolatedMargin(params, call = {}) {
      const action = await built("updateIsolatedMargin", (inputs) =>
        inputs.updateIsolatedMarginAction(params),
      );
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
      // The agent may trade for the account: a wrong checksum (a typo) is refused before signing.
      const problem = (await actionCode()).checksumProblem(agentAddress);
      if (problem) refuse("approveAgent", [{ pointer: "/agentAddress", message: problem }]);
      const fields = {
        agentAddress: agentAddress.toLowerCase(),
        ...(agentName !== undefined && { agentName }),
      };
      const { nonce } = await userSigned("approveAgent", fields, "nonce", call);
      return { nonce };
    },

    usdSend: (params, call) => transfer("usdSend", params, call),
    spotSend: (params, call) => transfer("spotSend", params, call),
    withdraw3: (params, call) => transfer("withdraw3", params, call),
    usdClassTransfer: (params, call) => transfer("usdClassTransfer", params, call),
    sendAsset: (params, call) => transfer("sendAsset", params, call),
    approveBuilderFee: (params, call) => transfer("approveBuilderFee", params, call),

    async twapOrder(params, call = {}) {
      const { accountAction, sizeProblem } = await actionCode();
      const action = accountAction("twapOrder", params) as { twap: { a: number; s: string } };
      if (options.assets !== false) {
        const assets = options.assets ?? (await (await info()).assets({ signal: call.signal }));
        const asset = assets.get(action.twap.a);
        const problem = asset
          ? sizeProblem(action.twap.s, asset)
          : `${action.twap.a} is not an asset of this exchange: perpetuals are numbered by their position in meta, spot pairs 10000 + their index in spotMeta`;
        if (problem) refuse("twapOrder", [{ pointer: asset ? "/s" : "/a", message: problem }]);
      }
      const { response, nonce } = await l1("twapOrder", action, call, undefined);
      return { status: (response as TwapOrderResult).data.status, nonce };
    },
    async twapCancel(params, call) {
      const { response, nonce } = await accountL1("twapCancel", params, call);
      return { status: (response as { data: { status: CancelStatus } }).data.status, nonce };
    },
    async createSubAccount(params, call) {
      const { response, nonce } = await accountL1("createSubAccount", params, call);
      return { address: (response as { data: string }).data, nonce };
    },
    vaultTransfer: (params, call) =>
      accountL1("vaultTransfer", params, call).then(({ nonce }) => ({ nonce })),
    subAccountTransfer: (params, call) =>
      accountL1("subAccountTransfer", params, call).then(({ nonce }) => ({ nonce })),
    subAccountSpotTransfer: (params, call) =>
      accountL1("subAccountSpotTransfer", params, call).then(({ nonce }) => ({ nonce })),
    evmUserModify: (params, call) =>
      accountL1("evmUserModify", params, call).then(({ nonce }) => ({ nonce })),
    reserveRequestWeight: (params, call) =>
      accountL1("reserveRequestWeight", params, call).then(({ nonce }) => ({ nonce })),
    noop: (call) => accountL1("noop", {}, call).then(({ nonce }) => ({ nonce })),

    usage: () => caller.usage(),
  };
  return client;
}
