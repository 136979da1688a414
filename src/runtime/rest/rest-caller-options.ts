import { noAuth } from "../credentials/auth.js";
import { requireSecureUrl } from "../credentials/secure-url.js";
import { resolveRetryPolicy } from "../http/retry-options.js";
import { resolveTimeout } from "../http/timeout-option.js";
import { resolveMaxResponseBytes } from "../max-response-bytes.js";
import { createUsageMeter, type UsageMeter } from "../usage/usage-meter.js";
import type { RestCallerOptions } from "./create-rest-caller.js";

/**
 * Checks a REST caller's options as `createRestCaller` does, in the same order and with the same
 * errors, without loading the call path: a constructor that defers the caller to its first call
 * still refuses bad options at once. Returns the usage meter the caller will count on.
 *
 * @param options - The options `createRestCaller` will get.
 * @returns The usage meter: the one given, or a new one with the given budget.
 * @throws {ConfigurationError} when the base URL is insecure, or an option is malformed.
 * @example
 * const meter = checkRestCallerOptions({ baseUrl: "https://nd-1.example.com", urlOption: "url" });
 * meter.snapshot(); // { requests: 0, weight: 0 }
 */
export function checkRestCallerOptions(options: RestCallerOptions): UsageMeter {
  requireSecureUrl(options.baseUrl, options.urlOption ?? "baseUrl", (options.auth ?? noAuth()).redact);
  resolveRetryPolicy(options.retry);
  const meter = options.usage?.meter ?? createUsageMeter(options.usage?.budget);
  resolveTimeout(options.timeout);
  resolveMaxResponseBytes(options.maxResponseBytes);
  return meter;
}
