import {
  createIndexerOperations,
  type GetActionsQuery,
  type GetActionsResponse,
  type IndexerOperations,
  indexerOperations,
} from "../../generated/indexer/index.js";
import { type NodeClientOptions, nodeCallerOptions } from "../runtime/node-client-options.js";
import type { CallOptions } from "../runtime/operation.js";
import type { UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { createIndexerCaller } from "./indexer-caller.js";
import { type IndexerListIterators, iteratorName } from "./list-iterators.js";
import { paginateList } from "./paginate-list.js";

/**
 * Options of {@link createIndexerClient}: those of every node client. `retry` covers every call but
 * `sendMessage`, the one that does not only read.
 */
export interface IndexerClientOptions extends NodeClientOptions {}

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
 * item twice, and stops with an error if the server ignores `offset`. Inspecting or serialising the
 * client shows no token or password.
 *
 * @param options - Node URL, credentials and transport options.
 * @returns The client.
 * @throws {ConfigurationError} when the URL is not https (loopback excepted), or the credentials are
 *   empty, mixed or a bearer key.
 * @example
 * const indexer = createIndexerClient({ url: "https://nd-123-456-789.p2pify.com", credentials: { token } });
 * for await (const tx of indexer.transactions({ account }, { max: 100 })) console.log(tx.lt, tx.hash);
 */
export function createIndexerClient(options: IndexerClientOptions): IndexerClient {
  // The caller reads addresses in any form and fills getActions' limit, for every operation alike.
  const caller = createIndexerCaller({
    baseUrl: options.url,
    urlOption: "url",
    ...nodeCallerOptions(options),
  });
  const operations = createIndexerOperations(caller);

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

  return {
    ...operations,
    ...(iterators as IndexerListIterators),
    usage: () => {
      const spent = caller.usage();
      return { ...spent, requestUnits: spent.requests };
    },
  };
}
