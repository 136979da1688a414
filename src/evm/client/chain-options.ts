import { ConfigurationError } from "../../runtime/errors/configuration-error.js";
import type { ChainIdPin } from "./chain-id-pin.js";

/** HyperEVM's chain ids, which the `network` option pins. */
export const HYPEREVM_CHAIN_IDS = { mainnet: 999, testnet: 998 } as const;

/** The client options that pin the chain a client signs for. */
export interface ChainOptions {
  /**
   * The chain id this client signs for (999 HyperEVM mainnet, 998 testnet). When set, a node answering
   * another `eth_chainId` is refused with `ChainMismatchError` before anything is signed. A client that
   * signs should always set it (or `network`): otherwise the chain is whatever the node names.
   */
  chainId?: number;
  /** HyperEVM's `"mainnet"` (chain 999) or `"testnet"` (chain 998): pins `chainId` for you. */
  network?: "mainnet" | "testnet";
}

/**
 * The chain a client's options pin, checked.
 *
 * @param options - The client's options.
 * @returns The pin, or `undefined` when neither option is set.
 * @throws {ConfigurationError} for a chain id that is not a positive safe integer, an unknown network, or both options naming different chains.
 * @example
 * chainPinOf({ network: "testnet" }); // { chainId: 998, option: "network" }
 */
export function chainPinOf(options: ChainOptions): ChainIdPin | undefined {
  const { chainId, network } = options;
  if (chainId !== undefined && !(Number.isSafeInteger(chainId) && chainId > 0)) {
    throw new ConfigurationError("chainId", "must be a positive integer, e.g. 999 for HyperEVM mainnet");
  }
  if (network === undefined) return chainId === undefined ? undefined : { chainId, option: "chainId" };
  if (!Object.hasOwn(HYPEREVM_CHAIN_IDS, network)) {
    throw new ConfigurationError("network", 'must be "mainnet" (chain 999) or "testnet" (chain 998)');
  }
  const preset = HYPEREVM_CHAIN_IDS[network];
  if (chainId !== undefined && chainId !== preset) {
    throw new ConfigurationError(
      "chainId",
      `is ${chainId}, but network "${network}" is chain ${preset}: give one of the two`,
    );
  }
  return { chainId: preset, option: chainId === undefined ? "network" : "chainId" };
}
