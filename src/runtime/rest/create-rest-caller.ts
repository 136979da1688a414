import { type Auth, noAuth } from "../credentials/auth.js";
import { RequestValidationError } from "../errors/request-validation-error.js";
import { retryAfterFailure } from "../http/retry-after-failure.js";
import type { RetryOptions } from "../http/retry-policy.js";
import type { FetchFunction } from "../http/send-request.js";
import type { RestCaller, RestInput, RestOperation } from "../operation.js";
import type { UsageOptions, UsageSnapshot } from "../usage/usage-meter.js";
import { wordFailedChecks } from "../validation/failed-check.js";
import { loadedValidators, loadValidators } from "../validation/load-validators.js";
import type { ValidationMode, ViolationHandler } from "../validation/validation-violation.js";
import { prepareRest } from "./prepare-request.js";
import { readAnswer } from "./read-rest-answer.js";
import { isSuccess, refuseStatus } from "./refuse-status.js";
import type { RestAttempt, RestCallOptions } from "./rest-attempt.js";
import { checkRestCallerOptions } from "./rest-caller-options.js";
import { createTargetResolver } from "./rest-target.js";
import { restSending, sendAttempt } from "./send-rest-attempt.js";

export type { RestCallOptions } from "./rest-attempt.js";

/** Options of {@link createRestCaller}. */
export interface RestCallerOptions {
  /** The surface's base URL; https, or http only to a loopback host. */
  baseUrl: string;
  /** The option that `baseUrl` came from, as configuration errors name it (default `"baseUrl"`; a node client's is `"url"`). */
  urlOption?: string;
  /** How credentials are attached (default: none). */
  auth?: Auth;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchFunction;
  /** Milliseconds per request (default 30 000). */
  timeout?: number;
  /** The most bytes of one answer to read (default 64 MiB, `DEFAULT_MAX_RESPONSE_BYTES`; `Infinity`: none). */
  maxResponseBytes?: number;
  /** Retry policy for idempotent operations, or `false` for none. */
  retry?: RetryOptions | false;
  /**
   * What is done with answers the spec refuses: `"on"` (the default) throws `ResponseValidationError`,
   * `"off"` does not check, `"report"` returns them and hands each violation to `onViolation`.
   * Requests the spec refuses are refused in every mode. See docs/validation-report.md.
   */
  validation?: ValidationMode;
  /** Receives each violation in `validation: "report"` mode (required there); secrets never reach it. */
  onViolation?: ViolationHandler;
  /** Check responses against the spec (default `true`); the older switch for `validation: "on"` / `"off"`. */
  validateResponse?: boolean;
  /** Usage counting, and an optional budget that paces requests. */
  usage?: UsageOptions;
  /** Extra headers for every request (not secret; they are never shown anyway). */
  headers?: Record<string, string>;
  /**
   * Finds an error inside a successful (2xx) body, e.g. the wallet's `{"Error": "…"}`; returns its
   * message, or `undefined` when the body is a real answer.
   */
  detectServiceError?: (body: unknown) => string | undefined;
  /**
   * Turns a call's input into what is checked and sent, for a surface's rules a schema cannot say
   * (defaults, address forms). What it throws rejects the call before anything is sent.
   */
  prepareInput?: (operation: RestOperation, input: RestInput) => RestInput;
}

/** A {@link RestCaller} over fetch, that also reports its usage. */
export interface HttpRestCaller extends RestCaller {
  call(operation: RestOperation, input: RestInput, options?: RestCallOptions): Promise<unknown>;
  /** Requests and weight spent so far. */
  usage(): UsageSnapshot;
}

/**
 * Creates the REST caller that generated clients run on. Each call: loads the operation's
 * validators on its first call; checks path, query and body before sending; sends JSON with
 * credentials; retries idempotent operations on network errors, 429 and 502/503/504; parses the
 * answer without losing integer precision; picks the response descriptor by status; validates;
 * converts int64 fields to bigint and wraps secret fields in `Secret`; maps failures to typed errors.
 * Each step is a function of its own file in this folder; `call` below reads in their order.
 *
 * @param options - Base URL, auth, fetch, timeout, retry, validation, usage, headers.
 * @returns The caller. Inspecting or serializing it shows no credentials.
 * @throws {ConfigurationError} when the base URL is insecure or options are malformed.
 * @example
 * const caller = createRestCaller({ baseUrl: "https://api.example.com", auth: bearerAuth(apiKey) });
 * const organization = await caller.call(platformOperations.getOrganization, {});
 */
export function createRestCaller(options: RestCallerOptions): HttpRestCaller {
  const auth = options.auth ?? noAuth();
  const { policy, meter, timeout, maxResponseBytes, validation } = checkRestCallerOptions(options);
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sending = restSending(auth, { fetch, meter, timeout, maxResponseBytes }, options.headers);
  const checking = {
    ...validation,
    redact: auth.redact,
    detectServiceError: options.detectServiceError,
  };
  const targetOf = createTargetResolver(auth, options.baseUrl);

  async function call(operation: RestOperation, given: RestInput, callOptions: RestCallOptions = {}) {
    const input = options.prepareInput ? options.prepareInput(operation, given) : given;
    // Only an operation's first call waits for its validators module.
    const validators = loadedValidators(operation) ?? (await loadValidators(operation));
    const prepared = prepareRest(operation, validators, input);
    if (prepared.failed)
      throw new RequestValidationError(operation.id, await wordFailedChecks(prepared.failed));
    const attempt: RestAttempt = {
      operation,
      validators,
      target: targetOf(operation, prepared.pathAndQuery),
      body: prepared.body,
      parameterHeaders: prepared.headers,
      callOptions,
    };
    const started = Date.now();
    try {
      // The first try is awaited here rather than in `tryOnce`: one async layer fewer per call.
      const response = await sendAttempt(sending, attempt);
      return isSuccess(response)
        ? readAnswer(checking, attempt, response)
        : await refuseStatus(attempt, response);
    } catch (error) {
      // Only a failed first try pays for the retry closure and state.
      const context = {
        policy,
        idempotent: callOptions.idempotent ?? operation.idempotent,
        signal: callOptions.signal,
      };
      return retryAfterFailure(error, () => tryOnce(attempt), context, started);
    }
  }

  async function tryOnce(attempt: RestAttempt) {
    const response = await sendAttempt(sending, attempt);
    return isSuccess(response)
      ? readAnswer(checking, attempt, response)
      : await refuseStatus(attempt, response);
  }

  return { call, usage: () => meter.snapshot() };
}
