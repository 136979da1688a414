/**
 * How `chainkit call` sends an operation: through the caller or client the surface's library is
 * built on, so the rules a spec cannot say (address forms, default inputs, errors inside a 200, the
 * EVM's block-range rule) apply from the shell exactly as from code. A surface with no rules of its
 * own is called through the runtime's plain caller, so a new operation (or surface) needs no change
 * here; a surface that gains rules registers its caller below.
 */
import type { EvmMethodName } from "../../generated/evm/index.js";
import type { RestInput, RestOperation, RpcMethod } from "../runtime/operation.js";
import type { RestCallerOptions } from "../runtime/rest/create-rest-caller.js";
import { nodeCredentials, surfaceAuth, surfaceUrl } from "./call-environment.js";
import type { CallSurface, RpcSurface } from "./surfaces.js";

type RestCallerFactory = (options: RestCallerOptions) => {
  call(operation: RestOperation, input: RestInput): Promise<unknown>;
};

/** The callers of the REST surfaces that have rules of their own, loaded only when called. */
const REST_CALLERS: Readonly<Record<string, () => Promise<RestCallerFactory>>> = {
  wallet: async () => (await import("../wallet/wallet-caller.js")).createWalletCaller,
  indexer: async () => (await import("../indexer/indexer-caller.js")).createIndexerCaller,
};

type RpcCall = (surface: RpcSurface, method: RpcMethod, params: unknown[]) => Promise<unknown>;

/** The clients of the JSON-RPC surfaces that have rules of their own. */
const RPC_CLIENTS: Readonly<Record<string, RpcCall>> = {
  evm: async (surface, method, params) => {
    const { createEvmClient } = await import("../evm/client/create-evm-client.js");
    const evm = createEvmClient({
      url: surfaceUrl(surface),
      credentials: nodeCredentials(surface),
      path: surface.path,
      batch: false,
    });
    return evm.request(method.name as EvmMethodName, params as never);
  },
};

/**
 * Calls one REST operation with the surface's URL and credentials from the environment.
 *
 * @throws {UsageError} when a URL or credential variable is missing.
 * @throws {ChainkitError} as the library throws it.
 * @example
 * const platform = await loadSurface("platform");
 * await callRest(platform, platformOperations.getNode, { path: { id: "ND-100-000-001" } });
 */
export async function callRest(
  surface: CallSurface,
  operation: RestOperation,
  input: RestInput,
): Promise<unknown> {
  const options = { baseUrl: surfaceUrl(surface), auth: surfaceAuth(surface) };
  const load = REST_CALLERS[surface.name];
  const create: RestCallerFactory = load
    ? await load()
    : (await import("../runtime/rest/create-rest-caller.js")).createRestCaller;
  return create(options).call(operation, input);
}

/**
 * Calls one JSON-RPC method with the surface's URL and credentials from the environment.
 *
 * @throws {UsageError} when a URL or credential variable is missing.
 * @throws {ChainkitError} as the library throws it.
 * @example
 * const evm = await loadSurface("evm");
 * if (evm.kind === "rpc") await callRpc(evm, evmMethods.eth_blockNumber, []);
 */
export async function callRpc(surface: RpcSurface, method: RpcMethod, params: unknown[]): Promise<unknown> {
  const client = RPC_CLIENTS[surface.name];
  if (client) return client(surface, method, params);
  const { createJsonRpcClient } = await import("../runtime/json-rpc/create-json-rpc-client.js");
  const rpc = createJsonRpcClient({
    url: surfaceUrl(surface),
    path: surface.path,
    auth: surfaceAuth(surface),
    batch: false,
  });
  return rpc.call(method, params);
}
