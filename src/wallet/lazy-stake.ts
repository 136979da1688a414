import type { WalletOperations } from "../../generated/wallet/client.js";
import type { StakeWrites } from "./stake/stake-writes.js";

/**
 * The Stake 2.0 writes, whose code (and the checked-write path: secp256k1, the protobuf reader)
 * loads on the first call: a client that never stakes downloads none of it.
 *
 * @param operations - The client's generated operations.
 * @example
 * const stake = wallet.stake; // createWalletClient's lazyStake(operations): nothing loaded yet
 */
export function lazyStake(operations: WalletOperations): StakeWrites {
  const load = () => import("./stake/stake-writes.js");
  return {
    freeze: async (request, signer, options) =>
      (await load()).sendStakeWrite(operations, { kind: "freeze", request }, signer, options),
    unfreeze: async (request, signer, options) =>
      (await load()).sendStakeWrite(operations, { kind: "unfreeze", request }, signer, options),
    delegate: async (request, signer, options) =>
      (await load()).sendStakeWrite(operations, { kind: "delegate", request }, signer, options),
    undelegate: async (request, signer, options) =>
      (await load()).sendStakeWrite(operations, { kind: "undelegate", request }, signer, options),
    withdraw: async (signer, options) =>
      (await load()).sendStakeWrite(operations, { kind: "withdraw" }, signer, options),
  };
}
