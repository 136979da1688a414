import {
  createIndexerOperations,
  type GetActionsQuery,
  type GetActionsResponse,
  type IndexerOperations,
  indexerOperations,
} from "../../generated/indexer/index.js";
import { scrubbedClient } from "../runtime/credentials/scrubbed-client.js";
import { ConfigurationError } from "../runtime/errors/configuration-error.js";
import { type NodeClientOptions, nodeCallerOptions } from "../runtime/node-client-options.js";
import type { CallOptions } from "../runtime/operation.js";
import { deferredRestCaller } from "../runtime/rest/deferred-rest-caller.js";
import type { UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { checkedGetMethod } from "./checked-get-method.js";
import { type IndexerListIterators, iteratorName } from "./list-iterators.js";
import { paginateList } from "./paginate-list.js";

/**
 * Options of {@link createIndexerClient}: those of every node client, and how get-method exit codes
 * are read. `retry` covers every call but `sendMessage`, the one that does not only read.
 */
export interface IndexerClientOptions extends NodeClientOptions {
  /**
   * What `runGetMethod` does with a run that ends with a TVM exit code other than 0 or 1 (the method
   * does not exist, a wrong argument, an account without code, the contract's own error):
   * `"throw"` (the default) throws `GetMethodError` naming the code; `"return"` returns the run, for
   * callers that check `exit_code` themselves.
   */
  getMethodExitCodes?: "throw" | "return";
}

/** What an indexer client has spent: each request consumes one request unit. */
export interface IndexerUsage extends UsageSnapshot {
  /** Request units consumed (one per request, retries included). */
  requestUnits: number;
}

/**
 * The indexer client: one typed function per endpoint (`getTransactions`, `getJettonTransfers`,
 * `runGetMethod`, …), one async iterator per list (`transactions`, `jettonTransfers`, …) that pages
 * for you, and usage.
 *
 * Every address parameter (`account`, `owner_address`, `source`, a get-method's `address`, …) takes
 * any form, raw or user-friendly; the client checks it and sends the raw form.
 */
export type IndexerClient = IndexerOperations &
  IndexerListIterators & {
    /**
     * One page of actions, with the address book of the addresses they mention. `limit` is always
     * sent (10 when not given, the documented default); at most 1000.
     *
     * @throws {RequestValidationError} before sending, e.g. `/query/limit` over 1000.
     * @throws {HttpError} with the indexer's `code` and message, e.g. 422.
     * @example
     * const { actions, address_book } = await indexer.getActions({ account, limit: 10 });
     */
    getActions(query?: GetActionsQuery, options?: CallOptions): Promise<GetActionsResponse>;
    /** Requests and request units spent so far. */
    usage(): IndexerUsage;
  };

/**
 * Creates a client for a TON-style indexer (API v3).
 *
 * Queries are checked before sending (addresses in any form, their checksums included), answers
 * validated, and every number the indexer writes as a decimal string (logical times, nanotons,
 * jetton amounts, query ids) comes back as an exact `bigint`. Every list endpoint has an iterator
 * that pages through `limit`/`offset` (at most 1000 per request), stops at `max`, never yields an
 * item twice, and stops with an error if the server ignores `offset`. A get-method run that fails
 * (TVM exit code other than 0 or 1) throws `GetMethodError` naming the code. Inspecting or serialising
 * the client shows no token or password.
 *
 * @param options - Node URL, credentials and transport options.
 * @returns The client.
 * @throws {ConfigurationError} when the URL is not https (loopback excepted), or the credentials are
 *   empty, mixed or a bearer key, or `getMethodExitCodes` is neither "throw" nor "return".
 * @example
 * const indexer = createIndexerClient({ url: "https://nd-123-456-789.p2pify.com", credentials: { token } });
 * for await (const tx of indexer.transactions({ account }, { max: 100 })) console.log(tx.lt, tx.hash);
 */
export function createIndexerClient(options: IndexerClientOptions): IndexerClient {
  // The caller reads addresses in any form and fills getActions' limit, for every operation alike.
  // Bad options fail here; the call path (sending, the JSON reader, the answer checks, the address
  // forms) loads on the first call.
  const callerOptions = nodeCallerOptions(options);
  const caller = deferredRestCaller(
    { baseUrl: options.url, urlOption: "url", ...callerOptions },
    async (checked) => (await import("./indexer-caller.js")).createIndexerCaller(checked),
  );
  const exitCodes = options.getMethodExitCodes ?? "throw";
  if (exitCodes !== "throw" && exitCodes !== "return") {
    throw new ConfigurationError("getMethodExitCodes", 'must be "throw" (the default) or "return"');
  }
  const generated = createIndexerOperations(caller);
  const operations =
    exitCodes === "return"
      ? generated
      : { ...generated, runGetMethod: checkedGetMethod(generated.runGetMethod) };

  const iterators: Record<string, unknown> = {};
  for (const operation of Object.values(indexerOperations)) {
    const { paging } = operation;
    if (!paging || paging.mode === "page") continue;
    const fetchPage = operations[operation.id as keyof IndexerOperations] as (
      query: object,
      options: CallOptions,
    ) => Promise<unknown>;
    iterators[iteratorName(operation.id)] = (filter: object = {}, pagingOptions?: object) =>
      paginateList({ operation: operation.id, paging, fetchPage }, filter, pagingOptions);
  }

  // Every error leaving the client is scrubbed of its credentials, after whatever decoding built it.
  return scrubbedClient(
    {
      ...operations,
      ...(iterators as IndexerListIterators),
      usage: () => {
        const spent = caller.usage();
        return { ...spent, requestUnits: spent.requests };
      },
    },
    callerOptions.auth.redact,
  );
}
