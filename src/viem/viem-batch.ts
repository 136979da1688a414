import type { Client, EIP1193RequestFn } from "viem";
import type { BatchAnswer, BatchCall, BatchRpc } from "../evm/verify/batch-rpc.js";

/**
 * Adapts a viem client to the batch interface the verifiers use: the calls go out together through
 * `client.request` (one JSON-RPC batch on chainkit's transport, which batches the calls of a tick,
 * or on a viem transport with batching on), and each answer comes back in call order as
 * `{ result }` or `{ error }`.
 *
 * @param client - any viem client
 * @returns the batch sender
 * @example
 * import { createPublicClient, http } from "viem";
 * const client = createPublicClient({ transport: http("https://rpc.example") });
 * const [head] = await viemBatch(client).batch([{ method: "eth_blockNumber", params: [] }]);
 */
export function viemBatch(client: Pick<Client, "request">): BatchRpc {
  const request = client.request as EIP1193RequestFn;
  return {
    batch: (calls: BatchCall[]) =>
      Promise.all(
        calls.map(
          (call): Promise<BatchAnswer> =>
            request({ method: call.method, params: call.params } as never).then(
              (result) => ({ result }),
              (error: unknown) => ({ error }),
            ),
        ),
      ),
  };
}
