import { indexerOperations } from "../../../generated/indexer/operations.js";
import type { SurfaceHandler } from "../surface.js";
import { loadBundledSpec, type ParameterSpec, RestContract } from "../validation.js";
import {
  type GenerateActionsOptions,
  generateActions,
  type IndexedAction,
  type IndexerAccount,
  rawAddressesIn,
} from "./generate-actions.js";
import { type ActionQuery, selectActions } from "./select-actions.js";
import { toFriendlyAddress } from "./ton-address.js";

/** Options of {@link createIndexerSurface}. */
export interface IndexerSurfaceOptions extends GenerateActionsOptions {
  /** Give testnet user-friendly forms (`kQ…`/`0Q…`) in the address book (default false). */
  testnet?: boolean;
}

/** An indexer surface: its handler and the ledger it serves. */
export interface IndexerSurface {
  handler: SurfaceHandler;
  /** Every action served, oldest first, with the facts the filters read. */
  actions: readonly IndexedAction[];
  /** Every address the actions mention, keyed by raw form. */
  accounts: ReadonlyMap<string, IndexerAccount>;
  /** Releases nothing (the surface holds no resources); present so every surface closes alike. */
  close(): Promise<void>;
}

/** Characters the indexer allows in `action_type` (it checks them, not the value). */
const ACTION_TYPE_CHARACTERS = /^[A-Za-z0-9_]+$/;

/** The spec's default of each query parameter of `getActions` (limit 10, offset 0, sort desc). */
function queryDefaults(): Record<string, unknown> {
  const operation = indexerOperations.getActions;
  const pathItem = loadBundledSpec("indexer").paths?.[operation.path] ?? {};
  const parameters = (pathItem.get as { parameters?: ParameterSpec[] } | undefined)?.parameters ?? [];
  return Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === "query" && parameter.schema?.default !== undefined)
      .map((parameter) => [parameter.name, parameter.schema?.default]),
  );
}

/**
 * Builds the indexer surface: `GET /api/v3/actions` over a seeded, generated ledger of actions
 * (both the upstream and the provider's shape), with every filter the spec lists, `limit`/`offset`/
 * `sort` with the spec's defaults, 422 `limit is not allowed: N > 1000`, and an `address_book` entry
 * for every address on the page. Queries are coerced and checked, answers checked, against the
 * indexer spec. Serve it with `serveSurface` and `auth: "node"`.
 *
 * @param options - Seed and size of the ledger; testnet address forms.
 * @returns The handler and the ledger.
 * @example
 * const indexer = await createIndexerSurface({ seed: 7 });
 * const nodeAuth = new NodeAuthRegistry();
 * const server = await serveSurface({ name: "indexer", auth: "node", nodeAuth, handler: indexer.handler });
 */
export async function createIndexerSurface(options: IndexerSurfaceOptions = {}): Promise<IndexerSurface> {
  const { actions, accounts } = generateActions(options);
  const contract = new RestContract("indexer", indexerOperations);
  const defaults = queryDefaults();

  const addressBook = (page: readonly IndexedAction[]) => {
    const addresses = new Set<string>();
    for (const action of page) rawAddressesIn(action.wire, addresses);
    const book: Record<string, unknown> = {};
    for (const raw of addresses) {
      const account = accounts.get(raw);
      const bounceable = account?.kind !== "wallet";
      book[raw] = {
        user_friendly: toFriendlyAddress(raw, { bounceable, testnet: options.testnet ?? false }),
        domain: account?.domain ?? null,
        interfaces: account?.interfaces ?? [],
      };
    }
    return book;
  };

  const handler = contract.handler({
    getActions: ({ query }) => {
      const actionType = query.action_type;
      if (typeof actionType === "string" && !ACTION_TYPE_CHARACTERS.test(actionType)) {
        return { status: 422, body: { error: "action_type contains invalid characters", code: 422 } };
      }
      const page = selectActions(actions, { ...defaults, ...query } as unknown as ActionQuery);
      return {
        status: 200,
        body: { actions: page.map((action) => action.wire), address_book: addressBook(page) },
      };
    },
  });

  return { handler, actions, accounts, close: async () => {} };
}
