import { noAuth } from "../credentials/auth.js";
import { requireSecureUrl } from "../credentials/secure-url.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { type RetryPolicy, resolveRetryPolicy } from "../http/retry-options.js";
import { resolveTimeout } from "../http/timeout-option.js";
import { resolveMaxResponseBytes } from "../max-response-bytes.js";
import { createUsageMeter, type UsageMeter } from "../usage/usage-meter.js";
import { resolveValidation, type ValidationSetting } from "../validation-option.js";
import type { BatchOptions, JsonRpcClientOptions } from "./create-json-rpc-client.js";

/** A JSON-RPC client's options as {@link checkJsonRpcClientOptions} resolved them. */
export interface CheckedJsonRpcClientOptions {
  policy: RetryPolicy;
  /** The usage meter: the one given, or a new one with the given budget. */
  meter: UsageMeter;
  timeout: number;
  maxResponseBytes: number;
  /** The batching options with their defaults, or `undefined` for `batch: false`. */
  batching: BatchOptions | undefined;
  /** What is done with results the spec refuses. */
  validation: ValidationSetting;
}

/**
 * Checks a JSON-RPC client's options and fills in their defaults: `createJsonRpcClient` resolves
 * its options here. A constructor that defers the client to its first call checks the URL and the
 * size limit itself (`checkUpFrontOptions`, the same checks as the first lines here, which a
 * constructor must not import the rest of this file for); the rest fail on the first call.
 *
 * @param options - The options `createJsonRpcClient` gets.
 * @returns The retry policy, usage meter, timeout, size limit, batching and validation the client runs with.
 * @throws {ConfigurationError} when the URL is missing or insecure, or an option is malformed.
 * @example
 * const { meter } = checkJsonRpcClientOptions({ url: "https://nd-1.example.com", retry: { retries: 2 } });
 * meter.snapshot(); // { requests: 0, weight: 0 }
 */
export function checkJsonRpcClientOptions(options: JsonRpcClientOptions): CheckedJsonRpcClientOptions {
  if (options.transport === undefined) {
    if (options.url === undefined) throw new ConfigurationError("url", "is required (or give a transport)");
    requireSecureUrl(options.url, "url", (options.auth ?? noAuth()).redact);
  }
  const validation = resolveValidation(options);
  const policy = resolveRetryPolicy(options.retry);
  const meter = options.usage?.meter ?? createUsageMeter(options.usage?.budget);
  const timeout = resolveTimeout(options.timeout);
  const maxResponseBytes = resolveMaxResponseBytes(options.maxResponseBytes);
  const batching = options.batch === false ? undefined : checkBatchOptions(options.batch ?? {});
  return { policy, meter, timeout, maxResponseBytes, batching, validation };
}

/**
 * Checks the batching options and fills in their defaults.
 *
 * @throws {ConfigurationError} (option `batch.maxSize` or `batch.wait`) for a size below 1 or a negative wait.
 * @example
 * checkBatchOptions({ wait: 5 }); // { maxSize: 1000, wait: 5 }
 */
export function checkBatchOptions(batch: BatchOptions): BatchOptions {
  const { maxSize = 1000, wait = 0 } = batch;
  if (!Number.isInteger(maxSize) || maxSize < 1)
    throw new ConfigurationError("batch.maxSize", "must be an integer >= 1");
  if (!Number.isFinite(wait) || wait < 0) throw new ConfigurationError("batch.wait", "must be a number >= 0");
  return { maxSize, wait };
}
