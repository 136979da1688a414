import type { RestInput, RestOperation } from "../runtime/operation.js";
import {
  createRestCaller,
  type HttpRestCaller,
  type RestCallerOptions,
} from "../runtime/rest/create-rest-caller.js";
import { rawAddressParameters } from "./address/address-parameters.js";

/** The documented default page size of `getActions`, sent when a query has no `limit` (servers' own defaults differ). */
export const DEFAULT_ACTIONS_LIMIT = 10;

/**
 * Creates the REST caller every indexer request goes through, for the indexer client and `chainkit
 * call` alike, so the rules a schema cannot say are kept in one place: every address parameter is
 * read in any form (raw, base64url or base64, checksum checked) and sent raw, and `getActions`
 * always sends a `limit` ({@link DEFAULT_ACTIONS_LIMIT} when none is given).
 *
 * @param options - The REST caller's options (base URL, auth, transport).
 * @returns The caller.
 * @throws {ConfigurationError} when the base URL is insecure or options are malformed.
 * @example
 * const caller = createIndexerCaller({ baseUrl: "https://nd-123-456-789.p2pify.com", auth: nodeAuth({ token: "<token>" }) });
 * await caller.call(indexerOperations.getTransactions, { query: { account: "UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso" } });
 */
export function createIndexerCaller(options: RestCallerOptions): HttpRestCaller {
  return createRestCaller({ ...options, prepareInput: indexerInput });
}

/** An indexer request as it is sent: addresses raw, defaults filled in. */
function indexerInput(operation: RestOperation, input: RestInput): RestInput {
  const query =
    operation.id === "getActions"
      ? { ...input.query, limit: input.query?.limit ?? DEFAULT_ACTIONS_LIMIT }
      : input.query;
  return {
    ...input,
    ...(query && { query: rawAddressParameters(operation.id, query) }),
    ...(isObject(input.body) && { body: rawAddressParameters(operation.id, input.body, "/body") }),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
