import { describe, expect, it } from "vitest";
import * as runtimeErrors from "../../src/runtime/errors/index.js";

/**
 * Which error classes each entry exports: the runtime's common errors (the same classes everywhere,
 * so `instanceof` works across entries) plus the surface's own, and no other surface's.
 */

const entries = {
  platform: () => import("chainkit/platform"),
  evm: () => import("chainkit/evm"),
  exchange: () => import("chainkit/exchange"),
  wallet: () => import("chainkit/wallet"),
  indexer: () => import("chainkit/indexer"),
  grpc: () => import("chainkit/grpc"),
  viem: () => import("chainkit/viem"),
} as const;

/** Each entry's own errors, beyond the runtime's. */
const ownErrors: Record<keyof typeof entries, string[]> = {
  platform: ["NodeAccessError", "NodeFailedError", "NodeWaitTimeoutError"],
  evm: [
    "CallRevertedError",
    "ChainMismatchError",
    "EvmSignerError",
    "FeeCeilingError",
    "ProofError",
    "SubscriptionError",
    "TransactionHashMismatchError",
    "TransactionRevertedError",
  ],
  exchange: ["ExchangeError", "FeedOverflowError"],
  wallet: [
    "BroadcastError",
    "ChainReorgError",
    "ContractCallError",
    "ContractRevertError",
    "TransactionFailedError",
    "TransactionMismatchError",
    "TransactionWaitTimeoutError",
    "WalletEncodingError",
    "WalletSignerError",
  ],
  indexer: ["GetMethodError", "TonAddressError"],
  grpc: [],
  viem: ["ProofError"],
};

const common = Object.entries(runtimeErrors).filter(
  ([, value]) => typeof value === "function" && value.prototype instanceof Error,
);

/** The names of the error classes a module exports. */
function errorClasses(exports: Record<string, unknown>): string[] {
  return Object.entries(exports)
    .filter(([, value]) => typeof value === "function" && value.prototype instanceof Error)
    .map(([name]) => name)
    .sort();
}

describe("each entry exports the runtime's common errors plus its own", () => {
  it("the runtime's errors name no surface", () => {
    const names = common.map(([name]) => name);
    expect(names).toContain("ChainkitError");
    for (const surfaceError of Object.values(ownErrors).flat()) expect(names).not.toContain(surfaceError);
  });

  for (const [entry, load] of Object.entries(entries) as [keyof typeof entries, () => Promise<object>][]) {
    it(`chainkit/${entry}`, async () => {
      const exported = (await load()) as Record<string, unknown>;
      for (const [name, value] of common) expect(exported[name], name).toBe(value);
      expect(errorClasses(exported)).toEqual([...common.map(([name]) => name), ...ownErrors[entry]].sort());
      for (const name of ownErrors[entry]) {
        expect((exported[name] as { prototype: object }).prototype).toBeInstanceOf(
          runtimeErrors.ChainkitError,
        );
      }
    });
  }
});
