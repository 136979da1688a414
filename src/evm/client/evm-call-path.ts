import {
  createJsonRpcClient,
  type JsonRpcClient,
  type JsonRpcClientOptions,
} from "../../runtime/json-rpc/create-json-rpc-client.js";
import { checkingAddressCase } from "./address-case-rule.js";
import { type ChainIdPin, pinningChainId } from "./chain-id-pin.js";
import { checkingLogRange } from "./log-range-rule.js";
import { explainingQuantities } from "./quantity-hint.js";
import { refusingSubscriptionsOverHttp } from "./subscriptions-over-http.js";

// Every module the client loads later (the write half, the verifiers, the receipt waiter, the log
// walker, the live connection and subscriptions) imports this module, directly or through a file of
// with-call-path/. It needs it anyway: each makes calls. The reason is chunking: esbuild's code
// splitting puts a module in a chunk per set of lazily loaded modules that reach it, so the client's
// small shared modules (errors, credentials, options, the JSON reader) became one chunk per set:
// nine files up front and 24 on the first call. Reaching them all through this module gives them one
// set, so they come in a few larger chunks.

/** The EVM client's two callers over one JSON-RPC client. */
export interface EvmCallPath {
  /** Any method, including ones the spec does not describe (`unvalidatedRequest`). */
  jsonRpc: JsonRpcClient;
  /** The spec's methods, with the rule the spec cannot say (the `eth_getLogs` range) checked too. */
  rpc: JsonRpcClient;
}

/**
 * Builds what an EVM client's calls run on, loaded by `createEvmClient` on the first call: the
 * JSON-RPC client, and the EVM's own checks around it. Addresses with a wrong EIP-55 checksum are refused; over HTTP, subscriptions are refused saying
 * to use the WebSocket; numbers given where the spec wants hex quantities are told to be hex; on a
 * pinned client, an `eth_chainId` answer naming another chain is refused.
 *
 * @param options - The JSON-RPC client's options: the URL, credentials and size limit were checked
 *   by the constructor; the others are checked here, as the JSON-RPC client is built.
 * @param live - Whether the client runs over the WebSocket (where subscriptions work).
 * @param pin - The chain the client is pinned to, if any.
 * @returns The callers.
 * @throws {ConfigurationError} for a malformed retry, timeout, validation, budget or batch option.
 * @example
 * const { rpc } = createEvmCallPath({ url: "https://nd-1.example.com", path: "/evm" }, false);
 * await rpc.call(evmMethods.eth_chainId, []);
 */
export function createEvmCallPath(
  options: JsonRpcClientOptions,
  live: boolean,
  pin?: ChainIdPin,
): EvmCallPath {
  const sent = createJsonRpcClient(options);
  const checked = explainingQuantities(live ? sent : refusingSubscriptionsOverHttp(sent));
  const jsonRpc = pin === undefined ? checked : pinningChainId(checked, pin);
  // The spec's validators check each param; what a pattern cannot say (the eth_getLogs range, the
  // EIP-55 checksum of an address) is checked here.
  return { jsonRpc, rpc: checkingAddressCase(checkingLogRange(jsonRpc)) };
}
