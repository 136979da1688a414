import { noAuth } from "../credentials/auth.js";
import { requireSecureUrl } from "../credentials/secure-url.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { resolveRetryPolicy } from "../http/retry-options.js";
import { resolveTimeout } from "../http/timeout-option.js";
import { resolveMaxResponseBytes } from "../max-response-bytes.js";
import { createUsageMeter, type UsageMeter } from "../usage/usage-meter.js";
import type { BatchOptions, JsonRpcClientOptions } from "./create-json-rpc-client.js";

/**
 * Checks a JSON-RPC client's options as `createJsonRpcClient` does, in the same order and with the
 * same errors, without loading the call path: a constructor that defers the client to its first
 * call still refuses bad options at once. Returns the usage meter the client will count on.
 *
 * @param options - The options `createJsonRpcClient` will get.
 * @returns The usage meter: the one given, or a new one with the given budget.
 * @throws {ConfigurationError} when the URL is missing or insecure, or an option is malformed.
 * @example
 * const meter = checkJsonRpcClientOptions({ url: "https://nd-1.example.com", retry: { retries: 2 } });
 * meter.snapshot(); // { requests: 0, weight: 0 }
 */
export function checkJsonRpcClientOptions(options: JsonRpcClientOptions): UsageMeter {
  if (options.transport === undefined) {
    if (options.url === undefined) throw new ConfigurationError("url", "is required (or give a transport)");
    requireSecureUrl(options.url, "url", (options.auth ?? noAuth()).redact);
  }
  resolveRetryPolicy(options.retry);
  const meter = options.usage?.meter ?? createUsageMeter(options.usage?.budget);
  resolveTimeout(options.timeout);
  resolveMaxResponseBytes(options.maxResponseBytes);
  if (options.batch !== false) checkBatchOptions(options.batch ?? {});
  return meter;
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
