import { type Auth, nodeAuth } from "./credentials/auth.js";
import type { NodeEndpointOptions } from "./credentials/node-endpoints.js";
import type { RetryOptions } from "./http/retry-policy.js";
import type { FetchFunction } from "./http/send-request.js";
import type { RestCallerOptions } from "./rest/create-rest-caller.js";
import type { UsageBudget } from "./usage/usage-meter.js";
import type { ValidationMode, ViolationHandler } from "./validation/validation-violation.js";

/**
 * The options every node client takes: the node's URL and credentials, and how its requests go.
 * A surface's client options extend these with its own (an EVM client's `path`, `transport`, …).
 */
export interface NodeClientOptions extends NodeEndpointOptions {
  /** The `fetch` that sends HTTP requests (default: the global one). */
  fetch?: FetchFunction;
  /** Milliseconds per request (default 30 000). */
  timeout?: number;
  /**
   * The most bytes of one answer (an HTTP body, or a WebSocket message) to read, past which the call
   * fails with `ResponseTooLargeError` (default 64 MiB, `DEFAULT_MAX_RESPONSE_BYTES`; `Infinity`: none).
   */
  maxResponseBytes?: number;
  /**
   * Retries of the calls the spec marks idempotent (the reads) after network errors, rate limits
   * (HTTP 429, JSON-RPC -32005) and HTTP 502/503/504, or `false` for none. Calls that change state
   * are sent once.
   */
  retry?: RetryOptions | false;
  /** Check every answer against the spec (default `true`). */
  validateResponse?: boolean;
  /** `"report"`: answers the spec refuses are returned, and each violation goes to `onViolation` (see docs/validation-report.md). */
  validation?: ValidationMode;
  /** Receives each violation in `validation: "report"` mode. */
  onViolation?: ViolationHandler;
  /** Requests per interval to keep under: calls wait for room instead of running into 429. */
  budget?: UsageBudget;
}

/** What a runtime caller, REST or JSON-RPC, takes from {@link NodeClientOptions}, besides the URL. */
export type NodeCallerOptions = Pick<
  RestCallerOptions,
  | "fetch"
  | "timeout"
  | "maxResponseBytes"
  | "retry"
  | "validateResponse"
  | "validation"
  | "onViolation"
  | "usage"
> & {
  /** Always set: the client also scrubs its errors with it. */
  auth: Auth;
};

/**
 * Turns a node client's options into the runtime caller's: the credentials become an `Auth`, the
 * budget a usage meter's, the rest passes as given. Only these fields are read, so a surface's own
 * options (and the raw credentials) never reach the caller.
 *
 * @param options - The node client's options.
 * @returns The caller's options, to complete with the URL (`baseUrl` for REST, `url` for JSON-RPC).
 * @throws {ConfigurationError} (option `credentials`) for malformed credentials or a bearer key.
 * @example
 * const caller = createRestCaller({
 *   baseUrl: "https://nd-123-456-789.p2pify.com",
 *   urlOption: "url",
 *   ...nodeCallerOptions({ url: "https://nd-123-456-789.p2pify.com", credentials: { token: "<token>" } }),
 * });
 */
export function nodeCallerOptions(options: NodeClientOptions): NodeCallerOptions {
  return {
    auth: nodeAuth(options.credentials),
    fetch: options.fetch,
    timeout: options.timeout,
    maxResponseBytes: options.maxResponseBytes,
    retry: options.retry,
    validateResponse: options.validateResponse,
    validation: options.validation,
    onViolation: options.onViolation,
    usage: { budget: options.budget },
  };
}
