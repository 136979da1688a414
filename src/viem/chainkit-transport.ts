import type { EIP1193RequestFn, Transport } from "viem";
import { evmMethods } from "../../generated/evm/index.js";
import { createEvmClient, type EvmClient, type EvmClientOptions } from "../evm/client/create-evm-client.js";
import { RequestValidationError } from "../runtime/errors/request-validation-error.js";
import { viem } from "./viem-peer.js";

/** Options of {@link chainkitTransport}: the EVM client's, plus how to treat methods outside the spec. */
export interface ChainkitTransportOptions extends EvmClientOptions {
  /**
   * Methods outside chainkit's EVM spec that only read, so they may be retried like the spec's
   * read methods (e.g. `["debug_traceTransaction"]`). Other unlisted methods are sent once.
   */
  idempotentMethods?: readonly string[];
}

/** What the transport adds to `client.transport`: the chainkit EVM client it runs on. */
export interface ChainkitTransportValue {
  chainkit: EvmClient;
}

/** A viem transport running on chainkit's JSON-RPC runtime. */
export type ChainkitTransport = Transport<"chainkit", ChainkitTransportValue>;

/**
 * A viem transport that sends every request through chainkit's EVM client: token-in-path or basic
 * credentials, redaction, retries for idempotent methods only, automatic batching of the calls made
 * in one tick, and validation of params and results for the methods in chainkit's EVM spec. Methods
 * the spec does not list go out unvalidated through the client's escape hatch, with the same
 * credentials and batching (retried only when named in `idempotentMethods`).
 *
 * viem's own retries are off (chainkit decides what is safe to resend), and the client's `timeout`
 * option is chainkit's, per HTTP request. viem wraps errors from a transport in its own classes;
 * chainkit's error (`JsonRpcError`, `HttpError`, `RequestValidationError`, …) is the `cause`, and
 * no message shows the token or password.
 *
 * @param options - the node URL and credentials, and the EVM client's options
 * @returns a viem transport; `client.transport.chainkit` is the underlying chainkit EVM client
 * @throws {ConfigurationError} at once for an insecure URL or malformed credentials
 * @example
 * import { createPublicClient } from "viem";
 * import { chainkitTransport } from "chainkit/viem";
 * const client = createPublicClient({ transport: chainkitTransport({ url, credentials: { token } }) });
 * const blockNumber = await client.getBlockNumber();
 */
export function chainkitTransport(options: ChainkitTransportOptions): ChainkitTransport {
  const { idempotentMethods = [], ...clientOptions } = options;
  const evm = createEvmClient(clientOptions);
  const idempotent = new Set(idempotentMethods);

  const request = async (
    { method, params }: { method: string; params?: unknown },
    init?: { signal?: AbortSignal },
  ) => {
    // JSON-RPC 2.0 lets a request leave params out; chainkit always sends an array.
    const list = params ?? [];
    if (!Array.isArray(list)) {
      throw new RequestValidationError(method, [
        { pointer: "/params", message: "must be an array (by-position params)" },
      ]);
    }
    const callOptions = init?.signal ? { signal: init.signal } : undefined;
    if (Object.hasOwn(evmMethods, method)) {
      return evm.request(method as keyof typeof evmMethods, list as never, callOptions);
    }
    return evm.unvalidatedRequest(method, list, { ...callOptions, idempotent: idempotent.has(method) });
  };

  return () =>
    viem.createTransport(
      {
        key: "chainkit",
        name: "chainkit",
        type: "chainkit",
        request: request as EIP1193RequestFn,
        retryCount: 0,
      },
      { chainkit: evm },
    );
}
