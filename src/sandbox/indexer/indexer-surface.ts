import { indexerOperations } from "../../../generated/indexer/operations.js";
import type { SandboxRequest, SandboxResponse, SurfaceHandler } from "../surface.js";
import {
  loadBundledSpec,
  type ParameterSpec,
  RestContract,
  type RestOperationHandler,
} from "../validation.js";
import { accountEndpoints } from "./endpoints/account-endpoints.js";
import { blockEndpoints } from "./endpoints/block-endpoints.js";
import { contractEndpoints } from "./endpoints/contract-endpoints.js";
import type { EndpointContext } from "./endpoints/endpoint-context.js";
import { indexerError, QueryRefusal } from "./endpoints/query.js";
import { tokenEndpoints } from "./endpoints/token-endpoints.js";
import { transactionEndpoints } from "./endpoints/transaction-endpoints.js";
import { type GenerateLedgerOptions, generateLedger, type Ledger } from "./ledger/generate-ledger.js";

/** Options of {@link createIndexerSurface}. */
export interface IndexerSurfaceOptions extends GenerateLedgerOptions {
  /** Give testnet user-friendly forms (`kQ…`/`0Q…`) in address books (default false). */
  testnet?: boolean;
}

/** An indexer surface: its handler and the ledger it serves. */
export interface IndexerSurface {
  handler: SurfaceHandler;
  /** The ledger every endpoint answers from (generated on first use). */
  readonly ledger: Ledger;
  /** Releases nothing (the surface holds no resources); present so every surface closes alike. */
  close(): Promise<void>;
}

/** The spec's default of each query parameter of an operation (limit 10, offset 0, sort desc, …). */
function queryDefaults(operationId: keyof typeof indexerOperations): Record<string, unknown> {
  const operation = indexerOperations[operationId];
  const pathItem = loadBundledSpec("indexer").paths?.[operation.path] ?? {};
  const method = pathItem[operation.method.toLowerCase()] as { parameters?: ParameterSpec[] } | undefined;
  return Object.fromEntries(
    (method?.parameters ?? [])
      .filter((parameter) => parameter.in === "query" && parameter.schema?.default !== undefined)
      .map((parameter) => [parameter.name, parameter.schema?.default]),
  );
}

/**
 * Where the indexer answers 401 with its own body instead of 422: a missing address on
 * addressInformation, walletInformation and runGetMethod, a missing `boc` on message.
 */
function missingWith401(request: SandboxRequest): SandboxResponse | undefined {
  const path = request.path;
  if (request.method === "GET" && /\/api\/v3\/(addressInformation|walletInformation)$/.test(path)) {
    return request.query.get("address") ? undefined : indexerError(401, "address of account is required");
  }
  if (request.method !== "POST" || !/\/api\/v3\/(runGetMethod|message)$/.test(path)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return undefined;
  }
  const fields = path.endsWith("/message") ? ["boc"] : ["address", "method"];
  for (const field of fields) {
    const value = body && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;
    if (value === undefined || value === "") return indexerError(401, `${field} is required`);
  }
  return undefined;
}

/**
 * Builds the indexer surface: every endpoint of the indexer spec over one seeded, generated
 * ledger (see `generateLedger`), so the same transactions appear in transactions, messages,
 * traces and actions, and states, balances and get-methods agree with the transfers that
 * produced them. A message sent to one of its wallets (a v4 request with the right seqno; the
 * signature is not checked) is processed in a new block, so the masterchain head advances and the
 * transfer shows everywhere. Queries are coerced and checked, answers checked, against the spec; bad queries
 * get the indexer's `{"error", "code"}` (422, 404 for an unknown masterchain block, 409 for a
 * wallet that is not one, 401 for a missing address). Serve it with `serveSurface` and `auth: "node"`.
 *
 * @param options - Seed and size of the ledger; testnet address forms.
 * @returns The handler and the ledger.
 * @example
 * const indexer = await createIndexerSurface({ seed: 7 });
 * const nodeAuth = new NodeAuthRegistry();
 * const server = await serveSurface({ name: "indexer", auth: "node", nodeAuth, handler: indexer.handler });
 */
export async function createIndexerSurface(options: IndexerSurfaceOptions = {}): Promise<IndexerSurface> {
  const contract = new RestContract("indexer", indexerOperations);
  let handlers: SurfaceHandler | undefined;
  let ledger: Ledger | undefined;
  // The ledger is generated on first use, so a sandbox that never calls the indexer does not pay for it.
  const ledgerOf = () => {
    ledger ??= generateLedger(options);
    return ledger;
  };
  const build = (): SurfaceHandler => {
    const context: EndpointContext = { ledger: ledgerOf(), testnet: options.testnet ?? false };
    const endpoints: Record<string, RestOperationHandler> = {
      ...transactionEndpoints(context),
      ...accountEndpoints(context),
      ...tokenEndpoints(context),
      ...blockEndpoints(context),
      ...contractEndpoints(context),
    };
    const guarded = Object.fromEntries(
      Object.entries(endpoints).map(([id, endpoint]): [string, RestOperationHandler] => {
        const defaults = queryDefaults(id as keyof typeof indexerOperations);
        return [
          id,
          async (input) => {
            try {
              return await endpoint({ ...input, query: { ...defaults, ...input.query } });
            } catch (error) {
              if (error instanceof QueryRefusal) return error.response;
              throw error;
            }
          },
        ];
      }),
    );
    return contract.handler(guarded);
  };

  return {
    handler: (request) => {
      handlers ??= build();
      return missingWith401(request) ?? handlers(request);
    },
    get ledger() {
      return ledgerOf();
    },
    close: async () => {},
  };
}
