/**
 * The generated clients against real usage. `npm run typecheck` compiles this file: every
 * `@ts-expect-error` line must be a compile error (a wrong field name, a wrong enum value, a missing
 * required field), and the type assertions must hold. vitest then runs the calls against a recording
 * caller, showing what each generated function hands to the runtime.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { createEvmMethods } from "../../generated/evm/client.js";
import { evmMethods } from "../../generated/evm/operations.js";
import type {
  Block,
  BlockWithHashes,
  BlockWithTransactions,
  EvmMethodMap,
  Transaction,
} from "../../generated/evm/types.js";
import { createIndexerOperations } from "../../generated/indexer/client.js";
import { createPlatformOperations } from "../../generated/platform/client.js";
import { platformOperations } from "../../generated/platform/operations.js";
import type { CreateNodeBody, Node } from "../../generated/platform/types.js";
import { createWalletOperations } from "../../generated/wallet/client.js";
import type { AssetIssue } from "../../generated/wallet/types.js";
import type {
  CallOptions,
  RestCaller,
  RestInput,
  RestOperation,
  RpcCaller,
  RpcMethod,
} from "../../src/runtime/operation.js";

/** A caller that records what it is given and answers `reply`. */
function recording(reply: unknown = null) {
  const rest: { operation: RestOperation; input: RestInput; options?: CallOptions }[] = [];
  const rpc: { method: RpcMethod; params: readonly unknown[]; options?: CallOptions }[] = [];
  const restCaller: RestCaller = {
    call: async (operation, input, options) => {
      rest.push({ operation, input, ...(options && { options }) });
      return reply;
    },
  };
  const rpcCaller: RpcCaller = {
    call: async (method, params, options) => {
      rpc.push({ method, params, ...(options && { options }) });
      return reply;
    },
  };
  return { rest, rpc, restCaller, rpcCaller };
}

const node: CreateNodeBody = {
  name: "My node",
  network: "NW-123-456-7",
  type: "dedicated",
  role: "peer",
  provider: "aws",
  region: "us-east-1",
  configuration: {},
};
const hash = "0x92dabfa3f61ff1c349d12f5fd0dd4c99760a0a41b77dee8f0a80f83efdcb307a";

describe("generated REST clients", () => {
  it("reject wrong field names, enum values and missing required fields at compile time", () => {
    const platform = createPlatformOperations(recording().restCaller);
    // @ts-expect-error wrong field name: `nmae` is not a field of CreateNodeRequest
    void platform.createNode({ ...node, nmae: "typo" });
    // @ts-expect-error wrong enum value: `type` is "shared" | "dedicated"
    void platform.createNode({ ...node, type: "premium" });
    const { region: _region, ...withoutRegion } = node;
    // @ts-expect-error missing required field: `region`
    void platform.createNode(withoutRegion);
    // @ts-expect-error the body is required
    void platform.createNode();
    // @ts-expect-error wrong enum value in a query: `status` filter
    void platform.listNodes({ status: "sleeping" });
    const wallet = createWalletOperations(recording().restCaller);
    // @ts-expect-error missing required field: `value`
    void wallet.getAssetIssueListByName({ visible: true });
    const indexer = createIndexerOperations(recording().restCaller);
    // @ts-expect-error wrong field name in a query
    void indexer.getActions({ acount: "0:abc" });
    expect(true).toBe(true);
  });

  it("type results and int64 fields (bigint)", () => {
    const platform = createPlatformOperations(recording().restCaller);
    expectTypeOf(platform.createNode).returns.resolves.toEqualTypeOf<Node>();
    expectTypeOf(platform.deleteNode).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf<AssetIssue["total_supply"]>().toEqualTypeOf<bigint>();
  });

  it("hand the operation descriptor, path params, body and query to the caller", async () => {
    const { rest, restCaller } = recording({ id: "ND-1" });
    const platform = createPlatformOperations(restCaller);
    const signal = AbortSignal.timeout(10_000);
    await platform.createNode(node, { signal });
    await platform.getNode("ND-123-456-789");
    await platform.listNodes();
    expect(rest[0]).toEqual({
      operation: platformOperations.createNode,
      input: { body: node },
      options: { signal },
    });
    expect(rest[1]?.operation.id).toBe("getNode");
    expect(rest[1]?.input).toEqual({ path: { id: "ND-123-456-789" } });
    expect(rest[2]?.input).toEqual({ query: undefined });
    expect(Object.isFrozen(platformOperations)).toBe(true);
    expect(Object.isFrozen(platformOperations.getNode)).toBe(true);
  });
});

describe("generated JSON-RPC client", () => {
  it("types params positionally and results from the method map", () => {
    const evm = createEvmMethods(recording().rpcCaller);
    // x-result-when: full transactions for true, hashes for false, either for a boolean.
    expectTypeOf(evm.eth_getBlockByHash(hash, true)).resolves.toEqualTypeOf<BlockWithTransactions | null>();
    expectTypeOf(evm.eth_getBlockByHash(hash, false)).resolves.toEqualTypeOf<BlockWithHashes | null>();
    expectTypeOf(evm.eth_getBlockByHash(hash, Math.random() > 0.5)).resolves.toEqualTypeOf<Block | null>();
    expectTypeOf<BlockWithTransactions["transactions"]>().toEqualTypeOf<Transaction[]>();
    expectTypeOf<BlockWithHashes["transactions"]>().toEqualTypeOf<string[]>();
    expectTypeOf<EvmMethodMap["eth_getBlockByHash"]["params"]>().toEqualTypeOf<[string, boolean]>();
    // @ts-expect-error the second param is a boolean
    void evm.eth_getBlockByHash(hash, "yes");
    // @ts-expect-error a required param is missing
    void evm.eth_getBlockByHash(hash);
    expect(true).toBe(true);
  });

  it("hands the method descriptor and the params array to the caller", async () => {
    const { rpc, rpcCaller } = recording(null);
    const evm = createEvmMethods(rpcCaller);
    expect(await evm.eth_getBlockByHash(hash, false)).toBeNull();
    await evm.eth_chainId();
    expect(rpc[0]).toEqual({ method: evmMethods.eth_getBlockByHash, params: [hash, false] });
    expect(rpc[1]?.params).toEqual([]);
    expect(evmMethods.eth_getBlockByHash.idempotent).toBe(true);
  });
});
