import { createExchangeOperations } from "../../generated/exchange/client.js";
import { exchangeOperations } from "../../generated/exchange/operations.js";
import type { BatchModifyBody, ExchangeResponse, ModifyStatus } from "../../generated/exchange/types.js";
import { ConfigurationError } from "../runtime/errors/configuration-error.js";
import { ExchangeError } from "../runtime/errors/exchange-error.js";
import { HttpError } from "../runtime/errors/http-error.js";
import { type FieldIssue, RequestValidationError } from "../runtime/errors/request-validation-error.js";
import {
  isRetryable,
  nextRetryDelay,
  type RetryOptions,
  resolveRetryPolicy,
  retryHint,
} from "../runtime/http/retry-policy.js";
import type { FetchFunction } from "../runtime/http/send-request.js";
import { sleep } from "../runtime/http/sleep.js";
import { parseJson } from "../runtime/json/parse-json.js";
import { stringifyJson } from "../runtime/json/stringify-json.js";
import { createRestCaller, type RestCallOptions } from "../runtime/rest/create-rest-caller.js";
import type { UsageBudget, UsageMeter, UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { checkValue } from "../runtime/validation/field-issues.js";
import { batchModifyAction, type ModifyInput } from "./modify-input.js";
import { nonceManagerFor } from "./nonce-manager.js";
import type { Hex } from "./signing/action-hash.js";
import { signL1Action } from "./signing/sign-l1-action.js";
import { privateKeySigner, type Signer } from "./signing/signer.js";

/** Options of {@link createExchangeClient}. Give `signer` or `privateKey`. */
export interface ExchangeClientOptions {
  /** The exchange API base URL (the request goes to `{baseUrl}/exchange`); https, or http to loopback. */
  baseUrl: string;
  /** Signs every action: a viem account, an ethers wallet, {@link privateKeySigner}, … */
  signer?: Signer;
  /** A private key to sign with, instead of `signer`; held by a {@link privateKeySigner}, never shown. */
  privateKey?: Hex;
  /** Which network the signatures are for: source `"a"` (mainnet) or `"b"` (testnet). */
  network: "mainnet" | "testnet";
  /** Act for this vault or subaccount by default (each call may override it). */
  vaultAddress?: string;
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
  /** Pace requests under this budget; weight is one per modification (e.g. `{ weight: 1200, intervalMs: 60_000 }`). */
  budget?: UsageBudget;
  /** A usage meter to share with other clients of the same account (overrides `budget`). */
  meter?: UsageMeter;
  /** Check answers against the spec (default `true`). */
  validateResponse?: boolean;
}

/** Per-call options of {@link ExchangeClient.batchModify}. */
export interface BatchModifyOptions {
  /** Millisecond time after which the exchange must reject the request; must be in the future. */
  expiresAfter?: number;
  /** Act for this vault or subaccount; `null` acts for the signer even when the client has a default. */
  vaultAddress?: string | null;
  /** Aborts the request and any resend wait. */
  signal?: AbortSignal;
  /** Milliseconds per attempt, overriding the client's. */
  timeout?: number;
}

/** The answer to one batchModify: one status per modification, in order, and the nonce it was signed with. */
export interface BatchModifyOutcome {
  /**
   * `{ resting: { oid, cloid? } }`, `{ filled: { totalSz, avgPx, oid, cloid? } }`, `{ error }`, or a
   * waiting string such as `"waitingForFill"`. A failed entry is data here, not an exception.
   */
  statuses: ModifyStatus[];
  /** The nonce of the signed request. */
  nonce: number;
}

/** A client for the exchange API, bound to one signer. Its key, if any, never shows in inspect or JSON. */
export interface ExchangeClient {
  /** The signer's address. */
  readonly address: string;
  readonly network: "mainnet" | "testnet";
  /**
   * Replaces several resting orders in one signed request. Every modification is checked before
   * signing, the batch is signed once with a fresh nonce, and the same signed body is resent after a
   * network failure (never re-signed).
   *
   * @param modifies - The modifications, in order: `{ oid, order: { a, b, p, s, r, t, c? } }`.
   * @param options - `expiresAfter`, `vaultAddress`, `signal`, `timeout`.
   * @returns The statuses, one per modification, and the nonce.
   * @throws {RequestValidationError} naming the field (`/modifies/3/order/t/limit/tif`, `/expiresAfter`) before signing.
   * @throws {ExchangeError} when the exchange refuses the whole request (`{"status":"err"}`, HTTP 422).
   * @throws {NetworkError | TimeoutError | RateLimitError | HttpError | AbortError} from the transport.
   */
  batchModify(modifies: readonly ModifyInput[], options?: BatchModifyOptions): Promise<BatchModifyOutcome>;
  /** Requests sent (resends included) and rate-limit weight spent (one per modification per request). */
  usage(): UsageSnapshot;
}

const PLACEHOLDER_SIGNATURE = { r: "0x0", s: "0x0", v: 27 } as const;

function signerOf(options: ExchangeClientOptions): Signer {
  if (options.signer && options.privateKey !== undefined) {
    throw new ConfigurationError("signer", "give signer or privateKey, not both");
  }
  if (options.privateKey !== undefined) return privateKeySigner(options.privateKey);
  const { signer } = options;
  if (!signer) throw new ConfigurationError("signer", "give signer or privateKey");
  // The address keys the shared nonce manager, so a signer without one cannot be used at all.
  if (typeof signer.address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(signer.address)) {
    throw new ConfigurationError("signer", "must have an address: 0x followed by 40 hex digits");
  }
  if (typeof signer.signTypedData !== "function") {
    throw new ConfigurationError("signer", "must have a signTypedData method");
  }
  return signer;
}

/** Rewrites an input error of the signing helpers as a request validation error. */
function asValidationError(error: unknown): unknown {
  if (!(error instanceof ExchangeError) || error.field === undefined) return error;
  const prefix = `${error.field} `;
  const message = error.shortMessage.startsWith(prefix)
    ? error.shortMessage.slice(prefix.length)
    : error.shortMessage;
  return new RequestValidationError("batchModify", [{ pointer: error.field, message }]);
}

/**
 * Checks the body against the spec before signing, with a placeholder nonce and signature, so bad
 * input is named by the spec's own rules before a nonce is spent.
 */
function checkAgainstSpec(body: Omit<BatchModifyBody, "nonce" | "signature">): void {
  const validate = exchangeOperations.batchModify.validateBody;
  if (!validate) return;
  const wire = parseJson(stringifyJson({ ...body, nonce: 0, signature: PLACEHOLDER_SIGNATURE }));
  const issues: FieldIssue[] = checkValue(validate, wire, "").map((issue) => ({
    pointer: issue.pointer.replace(/^\/action(?=\/)/, ""),
    message: issue.message,
  }));
  if (issues.length > 0) throw new RequestValidationError("batchModify", issues);
}

function refusal(message: string, status: number, resends: number, cause?: unknown): ExchangeError {
  const resent = resends > 0 && /duplicate nonce/i.test(message);
  return new ExchangeError(`The exchange refused the request: ${message}`, {
    serviceMessage: message,
    status,
    cause,
    details: resent
      ? `the same signed request was resent ${resends} time(s) after failures; an earlier attempt may have been processed`
      : undefined,
  });
}

/**
 * Creates an exchange client bound to one signer and network.
 *
 * @param options - `baseUrl`, `signer` or `privateKey`, `network`, and optional `vaultAddress`,
 *   `fetch`, `timeout`, `retry`, `budget` or `meter`, `validateResponse`.
 * @returns The client.
 * @throws {ConfigurationError} for an insecure URL, a missing or malformed signer, a bad network or budget.
 * @throws {ExchangeError} for a malformed private key (without showing it).
 * @example
 * const exchange = createExchangeClient({ baseUrl: url, signer: privateKeySigner(key), network: "mainnet" });
 * const { statuses } = await exchange.batchModify([
 *   { oid: 77738308, order: { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } } },
 * ]);
 * if (typeof statuses[0] === "object" && "error" in statuses[0]) console.log(statuses[0].error);
 */
export function createExchangeClient(options: ExchangeClientOptions): ExchangeClient {
  if (options.network !== "mainnet" && options.network !== "testnet") {
    throw new ConfigurationError("network", 'must be "mainnet" or "testnet"');
  }
  const signer = signerOf(options);
  const isMainnet = options.network === "mainnet";
  const nonces = nonceManagerFor(signer.address);
  const policy = resolveRetryPolicy(options.retry);
  const caller = createRestCaller({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeout: options.timeout,
    maxResponseBytes: options.maxResponseBytes,
    retry: false, // resends are decided here, so they always carry the same signed body
    usage: options.meter ? { meter: options.meter } : { budget: options.budget },
    validateResponse: options.validateResponse,
  });
  const operations = createExchangeOperations(caller);

  /** Sends one signed body, resending exactly it after retryable failures. */
  async function send(body: BatchModifyBody, callOptions: RestCallOptions, expiresAfter?: number) {
    const started = Date.now();
    for (let resends = 0; ; resends++) {
      try {
        return { answer: (await operations.batchModify(body, callOptions)) as ExchangeResponse, resends };
      } catch (error) {
        if (error instanceof HttpError && error.status === 422) {
          throw refusal(error.serviceMessage ?? "malformed request", 422, resends, error);
        }
        const delay = isRetryable(error)
          ? nextRetryDelay(policy, resends, Date.now() - started, retryHint(error))
          : undefined;
        const expired = expiresAfter !== undefined && Date.now() + (delay ?? 0) > expiresAfter;
        if (delay === undefined || expired) throw error;
        await sleep(delay, callOptions.signal);
      }
    }
  }

  async function batchModify(
    modifies: readonly ModifyInput[],
    call: BatchModifyOptions = {},
  ): Promise<BatchModifyOutcome> {
    const vaultAddress =
      call.vaultAddress === undefined ? options.vaultAddress : (call.vaultAddress ?? undefined);
    const { expiresAfter } = call;
    let action: BatchModifyBody["action"];
    try {
      action = batchModifyAction(modifies);
    } catch (error) {
      throw asValidationError(error);
    }
    const unsigned = {
      action,
      ...(vaultAddress !== undefined ? { vaultAddress } : {}),
      ...(expiresAfter !== undefined ? { expiresAfter } : {}),
    };
    checkAgainstSpec(unsigned);
    if (expiresAfter !== undefined && expiresAfter <= Date.now()) {
      throw new RequestValidationError("batchModify", [
        { pointer: "/expiresAfter", message: `is in the past (${new Date(expiresAfter).toISOString()})` },
      ]);
    }

    const nonce = nonces.next();
    const signature = await signL1Action({ signer, action, nonce, vaultAddress, expiresAfter, isMainnet });
    const body: BatchModifyBody = { ...unsigned, nonce, signature };
    const callOptions: RestCallOptions = {
      weight: action.modifies.length,
      signal: call.signal,
      timeout: call.timeout,
    };
    const { answer, resends } = await send(body, callOptions, expiresAfter);

    if (answer.status === "err") throw refusal(answer.response, 200, resends);
    const statuses = answer.response.data.statuses;
    if (statuses.length !== action.modifies.length) {
      throw new ExchangeError(
        `The exchange answered ${statuses.length} statuses for ${action.modifies.length} modifications`,
        { status: 200 },
      );
    }
    return { statuses, nonce };
  }

  return {
    address: signer.address,
    network: options.network,
    batchModify,
    usage: () => caller.usage(),
  };
}
