import { noAuth } from "../credentials/auth.js";
import { requireSecureUrl } from "../credentials/secure-url.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { resolveMaxResponseBytes } from "../max-response-bytes.js";
import type { JsonRpcClientOptions } from "./create-json-rpc-client.js";

/**
 * Checks the options a JSON-RPC client refuses at construction even when its call path loads on the
 * first call: the URL (required without a transport, https unless loopback, no credentials in it)
 * and `maxResponseBytes`. The credentials were checked when they became `auth`. The other options
 * (retry, timeout, validation, budget, batch) are checked by `checkJsonRpcClientOptions` when the
 * client is built, after these same checks. It does not call this function: importing it from there
 * moved a module of `chainkit/indexer`'s rollup build into that entry (test/entries/node-bundle.test.ts).
 *
 * @param options - The options `createJsonRpcClient` gets.
 * @returns The size limit, with its default.
 * @throws {ConfigurationError} (option `url` or `maxResponseBytes`) when the URL is missing or insecure, or the limit is malformed.
 * @example
 * checkUpFrontOptions({ url: "http://example.com" }); // throws: must use https://
 */
export function checkUpFrontOptions(options: JsonRpcClientOptions): number {
  if (options.transport === undefined) {
    if (options.url === undefined) throw new ConfigurationError("url", "is required (or give a transport)");
    requireSecureUrl(options.url, "url", (options.auth ?? noAuth()).redact);
  }
  return resolveMaxResponseBytes(options.maxResponseBytes);
}
