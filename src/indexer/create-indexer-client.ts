import {
  type Action,
  createIndexerOperations,
  type GetActionsQuery,
  type GetActionsResponse,
} from "../../generated/indexer/index.js";
import { nodeAuth } from "../runtime/credentials/auth.js";
import type { NodeCredentials } from "../runtime/credentials/node-credentials.js";
import type { RetryOptions } from "../runtime/http/retry-policy.js";
import type { FetchFunction } from "../runtime/http/send-request.js";
import type { CallOptions } from "../runtime/operation.js";
import { createRestCaller } from "../runtime/rest/create-rest-caller.js";
import type { UsageBudget, UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { type ActionPagingOptions, paginateActions } from "./paginate-actions.js";

/** This API's documented default page size, sent when a query has no `limit` (servers' own defaults differ). */
export const DEFAULT_ACTIONS_LIMIT = 10;

/** Options of {@link createIndexerClient}. */
export interface IndexerClientOptions {
  /** The node base URL, e.g. a platform node's `details.https_endpoint`; https, or http to loopback only. */
  url: string;
  /** `{ token }` (sent in the path: `{url}/{token}/api/v3/...`) or `{ username, password }` (basic auth). Bearer keys are refused. */
  credentials: NodeCredentials;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchFunction;
  /** Milliseconds per request (default 30 000). */
  timeout?: number;
  /** The most bytes of one answer to read, past which the call fails with `ResponseTooLargeError` (default 64 MiB; `Infinity`: none). */
  maxResponseBytes?: number;
  /** Retries (queries only read) on network errors, 429 and 502/503/504, or `false` for none. */
  retry?: RetryOptions | false;
  /** Check every response against the spec (default `true`). */
  validateResponse?: boolean;
  /** Requests per interval to keep under: calls wait for room instead of running into 429. */
  budget?: UsageBudget;
}

/** What an indexer client has spent: each request consumes one request unit. */
export interface IndexerUsage extends UsageSnapshot {
  /** Request units consumed (one per request, retries included). */
  requestUnits: number;
}

/** The indexer client: `getActions`, an `actions` iterator that pages for you, and usage. */
export interface IndexerClient {
  /**
   * One page of actions, with the address book of the addresses they mention. `limit` is always sent
   * (10 when not given, this API's documented default); at most 1000.
   *
   * @throws {RequestValidationError} before sending, e.g. `/query/limit` over 1000.
   * @throws {HttpError} with the indexer's `code` and message, e.g. 422.
   * @example
   * const { actions, address_book } = await indexer.getActions({ account, limit: 10 });
   */
  getActions(query?: GetActionsQuery, options?: CallOptions): Promise<GetActionsResponse>;
  /**
   * Every action matching `filter`, fetched page by page (`limit`/`offset`, at most 1000 per request)
   * until a page comes back short or `max` actions were yielded. No action is yielded twice even
   * when new actions shift the pages under way. A `limit` in the filter bounds the total (like `max`),
   * an `offset` is where to start.
   *
   * @throws {RequestValidationError} on the first iteration, before any request, for a bad bound or filter.
   * @example
   * for await (const action of indexer.actions({ account }, { max: 5_000 })) console.log(action.type);
   */
  actions(filter?: GetActionsQuery, options?: ActionPagingOptions): AsyncGenerator<Action, void, undefined>;
  /** Requests and request units spent so far. */
  usage(): IndexerUsage;
}

/**
 * Creates a client for a TON-style indexer (API v3).
 *
 * Queries are checked before sending, answers validated, and logical times (`start_lt`, `end_lt`,
 * `trace_end_lt`, sent by the indexer as decimal strings) come back as exact `bigint`s. Inspecting or
 * serialising the client shows no token or password.
 *
 * @param options - Node URL, credentials and transport options.
 * @returns The client.
 * @throws {ConfigurationError} when the URL is not https (loopback excepted), or the credentials are
 *   empty, mixed or a bearer key.
 * @example
 * const indexer = createIndexerClient({ url: "https://nd-123-456-789.p2pify.com", credentials: { token } });
 * for await (const action of indexer.actions({ account }, { max: 100 })) console.log(action.action_id);
 */
export function createIndexerClient(options: IndexerClientOptions): IndexerClient {
  const caller = createRestCaller({
    baseUrl: options.url,
    auth: nodeAuth(options.credentials),
    fetch: options.fetch,
    timeout: options.timeout,
    maxResponseBytes: options.maxResponseBytes,
    retry: options.retry,
    validateResponse: options.validateResponse,
    usage: { budget: options.budget },
  });
  const operations = createIndexerOperations(caller);
  const getActions = (query: GetActionsQuery = {}, callOptions?: CallOptions) =>
    operations.getActions({ ...query, limit: query.limit ?? DEFAULT_ACTIONS_LIMIT }, callOptions);

  return {
    getActions,
    actions: (filter = {}, pagingOptions) => paginateActions(getActions, filter, pagingOptions),
    usage: () => {
      const spent = caller.usage();
      return { ...spent, requestUnits: spent.requests };
    },
  };
}
