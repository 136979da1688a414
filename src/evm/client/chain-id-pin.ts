import { ResponseValidationError } from "../../runtime/errors/response-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";
import { ChainMismatchError } from "../errors/chain-mismatch-error.js";

/** A chain id the client is pinned to, and the option that pinned it (named in the error). */
export interface ChainIdPin {
  chainId: number;
  option: "chainId" | "network";
}

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

/**
 * Reads an `eth_chainId` answer as a number: a hex quantity, whatever the response checks said.
 *
 * @param answer - The result as the node sent it.
 * @returns The chain id.
 * @throws {ResponseValidationError} for an answer that is no chain id.
 */
export function chainIdOf(answer: unknown): bigint {
  if (typeof answer !== "string" || !QUANTITY.test(answer)) {
    throw new ResponseValidationError("eth_chainId", 200, [
      { pointer: "/result", message: "must be the chain id as a hex quantity, e.g. 0x3e7" },
    ]);
  }
  return BigInt(answer);
}

/**
 * Reads an `eth_chainId` answer and refuses it unless it is the pinned chain.
 *
 * @param answer - The result as the node sent it.
 * @param pin - The pinned chain.
 * @returns The answer, unchanged.
 * @throws {ChainMismatchError} for another chain; {@link ResponseValidationError} for an answer that is no chain id.
 */
export function checkChainId(answer: unknown, pin: ChainIdPin): unknown {
  const actual = chainIdOf(answer);
  if (actual !== BigInt(pin.chainId)) {
    throw new ChainMismatchError({ expected: pin.chainId, actual, option: pin.option });
  }
  return answer;
}

/**
 * Wraps a JSON-RPC client so that every `eth_chainId` answer, alone or in a batch, is refused when it
 * names another chain than the pinned one: whatever reads the chain id to sign with (the client's
 * send path, viem through `chainkitTransport`, an app) learns of a wrong node before signing.
 *
 * @param rpc - The client to send with.
 * @param pin - The chain the client is pinned to.
 * @returns The same client, checking `eth_chainId`.
 * @example
 * declare const rpc: JsonRpcClient; // the node's JSON-RPC client
 * const pinned = pinningChainId(rpc, { chainId: 999, option: "chainId" });
 */
export function pinningChainId(rpc: JsonRpcClient, pin: ChainIdPin): JsonRpcClient {
  return {
    ...rpc,
    call: async (method, params, options) => {
      const result = await rpc.call(method, params, options);
      return method.name === "eth_chainId" ? checkChainId(result, pin) : result;
    },
    batch: async (calls, options) => {
      const outcomes = await rpc.batch(calls, options);
      return outcomes.map((outcome, k) => {
        if (calls[k]?.method.name !== "eth_chainId" || !("result" in outcome)) return outcome;
        try {
          return { result: checkChainId(outcome.result, pin) };
        } catch (error) {
          return { error: error as ChainMismatchError | ResponseValidationError };
        }
      });
    },
  };
}
