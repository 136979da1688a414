import { noAuth } from "../credentials/auth.js";
import { requireSecureUrl } from "../credentials/secure-url.js";
import { type RetryPolicy, resolveRetryPolicy } from "../http/retry-options.js";
import { resolveTimeout } from "../http/timeout-option.js";
import { resolveMaxResponseBytes } from "../max-response-bytes.js";
import { createUsageMeter, type UsageMeter } from "../usage/usage-meter.js";
import { resolveValidation, type ValidationSetting } from "../validation-option.js";
import type { RestCallerOptions } from "./create-rest-caller.js";

/** A REST caller's options as {@link checkRestCallerOptions} resolved them. */
export interface CheckedRestCallerOptions {
  policy: RetryPolicy;
  /** The usage meter: the one given, or a new one with the given budget. */
  meter: UsageMeter;
  timeout: number;
  maxResponseBytes: number;
  /** What is done with answers the spec refuses. */
  validation: ValidationSetting;
}

/**
 * Checks a REST caller's options and fills in their defaults, without loading the call path:
 * `createRestCaller` resolves its options here, and a constructor that defers the caller to its
 * first call calls it too, so bad options fail at once with the same errors in the same order.
 *
 * @param options - The options `createRestCaller` gets.
 * @returns The retry policy, usage meter, timeout, size limit and validation the caller runs with.
 * @throws {ConfigurationError} when the base URL is insecure, or an option is malformed.
 * @example
 * const { meter } = checkRestCallerOptions({ baseUrl: "https://nd-1.example.com", urlOption: "url" });
 * meter.snapshot(); // { requests: 0, weight: 0 }
 */
export function checkRestCallerOptions(options: RestCallerOptions): CheckedRestCallerOptions {
  requireSecureUrl(options.baseUrl, options.urlOption ?? "baseUrl", (options.auth ?? noAuth()).redact);
  const validation = resolveValidation(options);
  const policy = resolveRetryPolicy(options.retry);
  const meter = options.usage?.meter ?? createUsageMeter(options.usage?.budget);
  const timeout = resolveTimeout(options.timeout);
  const maxResponseBytes = resolveMaxResponseBytes(options.maxResponseBytes);
  return { policy, meter, timeout, maxResponseBytes, validation };
}
