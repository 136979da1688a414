import {
  type AssetIssue,
  createWalletOperations,
  type GetAssetIssueByIdResponse,
  type GetAssetIssueListByNameResponse,
} from "../../generated/wallet/index.js";
import { nodeAuth } from "../runtime/credentials/auth.js";
import type { NodeCredentials } from "../runtime/credentials/node-credentials.js";
import { RequestValidationError } from "../runtime/errors/request-validation-error.js";
import type { RetryOptions } from "../runtime/http/retry-policy.js";
import type { FetchFunction } from "../runtime/http/send-request.js";
import type { CallOptions } from "../runtime/operation.js";
import { createRestCaller } from "../runtime/rest/create-rest-caller.js";
import type { UsageBudget, UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { readableAssetIssue } from "./readable-asset.js";

/** Options of {@link createWalletClient}. */
export interface WalletClientOptions {
  /** The node base URL, e.g. a platform node's `details.https_endpoint`; https, or http to loopback only. */
  url: string;
  /** `{ token }` (sent in the path: `{url}/{token}/wallet/...`) or `{ username, password }` (basic auth). Bearer keys are refused. */
  credentials: NodeCredentials;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchFunction;
  /** Milliseconds per request (default 30 000). */
  timeout?: number;
  /** The most bytes of one answer to read, past which the call fails with `ResponseTooLargeError` (default 64 MiB; `Infinity`: none). */
  maxResponseBytes?: number;
  /** Retries (both look-ups only read) on network errors, 429 and 502/503/504, or `false` for none. */
  retry?: RetryOptions | false;
  /** Check every response against the spec (default `true`). */
  validateResponse?: boolean;
  /** Requests per interval to keep under: calls wait for room instead of running into 429. */
  budget?: UsageBudget;
}

/** A look-up: the search value and the wire encoding to use. */
export interface AssetIssueQuery {
  /**
   * `getAssetIssueListByName`: the token name, as text when `visible` is true, or as the hex of its
   * UTF-8 bytes when `visible` is false (`textToHex("TRN")`). `getAssetIssueById`: the decimal id.
   */
  value: string;
  /** The encoding on the wire (default `true`); always sent, since real nodes default to `false`. */
  visible?: boolean;
}

/** The answer of `getAssetIssueListByName`: every match, `[]` when none. */
export interface AssetIssueSearchResult {
  assetIssue: AssetIssue[];
}

/** The wallet node client: the two asset look-ups, in readable form, and usage. */
export interface WalletClient {
  /**
   * Finds the asset tokens with this name (names are not unique; `id` is the exact key).
   *
   * Whatever `visible` is, the tokens come back readable: `name`, `abbr`, `description` and `url` as
   * text and `owner_address` as Base58Check `T…` (with `visible: false` the client decodes the node's
   * hex and `41…` forms). int64 fields (`total_supply`, times, limits) are `bigint`.
   *
   * @returns `{ assetIssue }`, an empty list when the node answers `{}`.
   * @throws {RequestValidationError} before sending, for a missing value or, with `visible: false`, a value that is not hex.
   * @throws {HttpError} with status 200 when the node answers `{"Error": …}`; `serviceMessage` holds its text.
   * @example
   * const { assetIssue } = await wallet.getAssetIssueListByName({ value: "TRN" });
   */
  getAssetIssueListByName(query: AssetIssueQuery, options?: CallOptions): Promise<AssetIssueSearchResult>;
  /**
   * Fetches one asset token by id, in the same readable form as `getAssetIssueListByName`.
   *
   * @returns The token, or `null` when no token has this id (the node answers `{}`).
   * @throws {RequestValidationError} before sending, for an id that is not a decimal string.
   * @throws {HttpError} with status 200 when the node answers `{"Error": …}`.
   * @example
   * const btt = await wallet.getAssetIssueById({ value: "1002000" });
   * btt?.total_supply; // 990000000000000000n
   */
  getAssetIssueById(query: AssetIssueQuery, options?: CallOptions): Promise<AssetIssue | null>;
  /** Requests sent so far (each retry counts). */
  usage(): UsageSnapshot;
}

const HEX = /^(0x)?[0-9a-fA-F]*$/;

/**
 * Creates a client for a TRON-style wallet node's asset look-ups.
 *
 * Inputs are checked before sending, responses validated (lossless: `total_supply` such as
 * 990000000000000000 arrives exact, as a `bigint`), and the node's `{"Error": …}` answers at
 * HTTP 200 become errors. Inspecting or serialising the client shows no token or password.
 *
 * @param options - Node URL, credentials and transport options.
 * @returns The client.
 * @throws {ConfigurationError} when the URL is not https (loopback excepted), or the credentials are
 *   empty, mixed or a bearer key.
 * @example
 * const wallet = createWalletClient({ url: "https://nd-123-456-789.p2pify.com", credentials: { token } });
 * const { assetIssue } = await wallet.getAssetIssueListByName({ value: "BitTorrent" });
 */
export function createWalletClient(options: WalletClientOptions): WalletClient {
  const caller = createRestCaller({
    baseUrl: options.url,
    auth: nodeAuth(options.credentials),
    fetch: options.fetch,
    timeout: options.timeout,
    maxResponseBytes: options.maxResponseBytes,
    retry: options.retry,
    validateResponse: options.validateResponse,
    usage: { budget: options.budget },
    detectServiceError: walletErrorMessage,
  });
  const operations = createWalletOperations(caller);

  return {
    async getAssetIssueListByName(query, callOptions) {
      const visible = query?.visible ?? true;
      if (!visible && typeof query.value === "string" && !HEX.test(query.value)) {
        throw new RequestValidationError("getAssetIssueListByName", [
          {
            pointer: "/body/value",
            message: "must be the hex of the UTF-8 name when visible is false (see textToHex)",
          },
        ]);
      }
      const answer: GetAssetIssueListByNameResponse = await operations.getAssetIssueListByName(
        { value: query?.value, visible },
        callOptions,
      );
      const found = "assetIssue" in answer && Array.isArray(answer.assetIssue) ? answer.assetIssue : [];
      return { assetIssue: visible ? found : found.map(readableAssetIssue) };
    },
    async getAssetIssueById(query, callOptions) {
      const visible = query?.visible ?? true;
      const answer: GetAssetIssueByIdResponse = await operations.getAssetIssueById(
        { value: query?.value, visible },
        callOptions,
      );
      if (!isAssetIssue(answer)) return null;
      return visible ? answer : readableAssetIssue(answer);
    },
    usage: () => caller.usage(),
  };
}

/** Tells a token from the node's `{}` (nothing found); error bodies were turned into errors already. */
function isAssetIssue(answer: GetAssetIssueByIdResponse): answer is AssetIssue {
  return typeof (answer as { id?: unknown }).id === "string";
}

/** The message of a wallet node's `{"Error": "…"}` answer, which comes with HTTP 200. */
function walletErrorMessage(body: unknown): string | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const message = (body as { Error?: unknown }).Error;
  return typeof message === "string" ? message : undefined;
}
