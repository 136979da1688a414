import type { Log } from "../../../generated/evm/index.js";
import {
  type Block,
  createEvmMethods,
  type EvmMethodMap,
  type EvmMethodName,
  type EvmMethods,
  evmMethods,
  type Receipt,
} from "../../../generated/evm/index.js";
import { scrubbedClient } from "../../runtime/credentials/scrubbed-client.js";
import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { BatchOptions } from "../../runtime/json-rpc/create-json-rpc-client.js";
import { deferredJsonRpcClient } from "../../runtime/json-rpc/deferred-json-rpc-client.js";
import { checkUpFrontOptions } from "../../runtime/json-rpc/up-front-options.js";
import { loadOnce } from "../../runtime/load-once.js";
import { type NodeClientOptions, nodeCallerOptions } from "../../runtime/node-client-options.js";
import type { CallOptions } from "../../runtime/operation.js";
import type { UsageSnapshot } from "../../runtime/usage/usage-meter.js";
import { deferredLiveConnection } from "../live/deferred-live-connection.js";
import type { LiveConnectionOptions } from "../live/live-connection.js";
import type { EvmLiveMethods } from "../live/live-methods.js";
import type { LogRange } from "../logs/walk-logs.js";
import type { EvmSigner, Hex } from "../signer/evm-signer.js";
import type { VerifiedProofOptions, VerifiedProofResult } from "../verify/verified-proof.js";
import type { VerifiedReceiptOptions, VerifiedReceiptResult } from "../verify/verified-receipt.js";
import type { EvmTransactionRequest } from "../write/transaction-request.js";
import type { SendTransactionOptions, TransactionWriter } from "../write/transaction-writer.js";
import type { WaitForReceiptOptions } from "../write/wait-for-receipt.js";
import type { EvmBatchCall, EvmBatchOutcomes } from "./batch-types.js";
import { type ChainOptions, chainPinOf } from "./chain-options.js";
import type { EvmCallPath } from "./evm-call-path.js";
import { checkedFeeCeiling } from "./fee-ceiling-option.js";
import { type EvmHttpLiveMethods, liveMethodsOverHttp } from "./live-methods-over-http.js";
import { namedBatch } from "./named-batch.js";
import { unvalidatedMethod } from "./unvalidated-method.js";

// Code that the first call of a method imports, then kept (see loadOnce).
const proofVerifier = /* @__PURE__ */ loadOnce(() => import("./with-call-path/verified-proof.js"));
const receiptVerifier = /* @__PURE__ */ loadOnce(() => import("./with-call-path/verified-receipt.js"));
const receiptWaiter = /* @__PURE__ */ loadOnce(() => import("../write/wait-for-receipt.js"));
const logWalker = /* @__PURE__ */ loadOnce(() => import("../logs/walk-logs.js"));

/** Options of {@link createEvmClient}: those of every node client, the WebSocket's, and the EVM's own. */
export interface EvmClientOptions extends NodeClientOptions, LiveConnectionOptions, ChainOptions {
  /**
   * `"http"` (the default): JSON-RPC over HTTPS at `{url}{path}`. `"websocket"`: over the node's
   * WebSocket endpoint (`wss://host/ws/<token>`, or `wss://host/ws` with basic auth), with live
   * subscriptions; `reconnect`, `keepAlive`, `maxResponseBytes` and `WebSocket` apply to it, and a
   * message over `maxResponseBytes` also replaces the connection.
   */
  transport?: "http" | "websocket";
  /**
   * The JSON-RPC path under the node, after the token in token mode (`{url}/{token}{path}`): default
   * `"/evm"`, `""` for a plain Ethereum node. HTTP only.
   */
  path?: string;
  /** Batching of calls made in the same tick (default on, up to 1000 per request), or `false`. */
  batch?: BatchOptions | false;
  /**
   * The most wei per gas a transaction may pay when chainkit fills its fees in from the node's
   * suggestions (default: three times the latest base fee, at least 1 gwei). A send whose filled-in
   * `maxFeePerGas` or `gasPrice` is above it is refused with `FeeCeilingError` before signing. Fees
   * you set yourself are yours and not capped. `sendTransaction` takes it per call too.
   */
  feeCeiling?: bigint;
}

/** Per-call options of {@link EvmClient.getVerifiedProof}. */
export interface EvmVerifiedProofOptions extends VerifiedProofOptions {
  /** Aborts the batch under way. */
  signal?: AbortSignal;
}

/** Per-call options of {@link EvmClient.getVerifiedReceipt}. */
export interface EvmVerifiedReceiptOptions extends VerifiedReceiptOptions {
  /** Aborts the requests under way. */
  signal?: AbortSignal;
}

/** Per-call options of {@link EvmClient.unvalidatedRequest}. */
export interface UnvalidatedRequestOptions extends Omit<CallOptions, "validateResponse"> {
  /**
   * Whether the method only reads, so a request that failed on the way (network error, 429,
   * 502/503/504, -32005) may be sent again. Default `false`: the request is sent once.
   */
  idempotent?: boolean;
}

/** The EVM node client: one typed function per method of the spec, plus requests, batches and proofs. */
export interface EvmClient extends EvmMethods {
  /**
   * Calls a method by name, typed by the spec's method map.
   *
   * @throws {RequestValidationError} before sending when the method is not in the spec or the params are invalid.
   * @example
   * const proof = await evm.request("eth_getProof", [address, [], "latest"]);
   */
  request<M extends EvmMethodName>(
    method: M,
    params: EvmMethodMap[M]["params"],
    options?: CallOptions,
  ): Promise<EvmMethodMap[M]["result"]>;
  /**
   * Sends any JSON-RPC method, including ones the spec does not describe (`debug_*`, `trace_*`, a
   * provider's own), with the client's credentials. **Unvalidated**: neither the params nor the
   * result are checked against anything, and the result comes back as the node sent it, typed as
   * the `T` you name. It joins automatic batching like the typed methods, and is retried after a
   * failed exchange only when `idempotent: true` says the method only reads.
   *
   * Prefer the typed methods for anything the spec lists: they check what you send and what comes back.
   *
   * @throws {RequestValidationError} before sending when `method` is not a non-empty string or `params` is not an array.
   * @throws {JsonRpcError | RateLimitError | HttpError | TimeoutError | NetworkError | AbortError}
   * @example
   * const trace = await evm.unvalidatedRequest("debug_traceTransaction", [hash, { tracer: "callTracer" }], {
   *   idempotent: true,
   * });
   */
  unvalidatedRequest<T = unknown>(
    method: string,
    params?: readonly unknown[],
    options?: UnvalidatedRequestOptions,
  ): Promise<T>;
  /**
   * Sends calls as one JSON-RPC batch (one HTTP request, split past the batch size) and returns one
   * outcome per call, in order: `{ result }` or `{ error }`. One failing entry does not fail the others.
   *
   * @throws {RequestValidationError} before sending when any params are invalid (pointer `/<entry>/params/…`).
   * @throws {HttpError | RateLimitError | TimeoutError | NetworkError | AbortError} when the request as a whole fails.
   * @example
   * const [version, chainId] = await evm.batch([
   *   { method: "web3_clientVersion", params: [] },
   *   { method: "eth_chainId", params: [] },
   * ] as const);
   */
  batch<const C extends readonly EvmBatchCall[]>(
    calls: C,
    options?: CallOptions,
  ): Promise<EvmBatchOutcomes<C>>;
  /**
   * Fetches an account proof (and storage slots) at the chain head and verifies it against a header
   * whose hash it recomputes, all from one batch (see `getVerifiedProof` in `chainkit/evm`). Slot keys
   * may be short quantities (`"0x0"`); they are sent as 32-byte hex, as `eth_getProof` takes them.
   *
   * @throws {RequestValidationError} for a bad address or slot key, before sending.
   * @throws {ProofError} when the proof or the header does not verify.
   * @example
   * const { blockNumber, proof } = await evm.getVerifiedProof(address, ["0x0"]);
   */
  getVerifiedProof(
    address: string,
    storageKeys?: readonly string[],
    options?: EvmVerifiedProofOptions,
  ): Promise<VerifiedProofResult>;
  /**
   * Fetches a transaction's receipt and returns it only when it verifies: the receipt first (it names
   * the block), then one batch with the block (full transactions) and the block's receipts. The block
   * hash, the transactions root and the receipts root must all recompute, the block must hold the
   * transaction at the receipt's index, and the receipt's `from` (recovered from the signature), `to`,
   * `contractAddress`, type, gas price and blob gas must agree with that transaction.
   *
   * Returns `null` when the node has no receipt for the hash: the transaction is unknown, or pending
   * (not in a block yet; ask again later). When the block is gone by the time it is fetched (a
   * reorganisation), the receipt is looked up again, up to `maxAttempts` (default 3) times.
   *
   * @throws {RequestValidationError} for a malformed hash, before sending.
   * @throws {ProofError} naming the object (`header`, `block`, `transactions[i]`, `receipts[i]`) and field that did not verify.
   * @example
   * const verified = await evm.getVerifiedReceipt(hash);
   * if (verified) console.log(verified.receipt.status, verified.blockNumber);
   */
  getVerifiedReceipt(
    transactionHash: string,
    options?: EvmVerifiedReceiptOptions,
  ): Promise<VerifiedReceiptResult<Receipt, Block> | null>;
  /**
   * Signs a transaction with `signer` and sends it (`eth_sendRawTransaction`); returns its hash. What
   * you leave out is filled in: the chain id (read once), the nonce (one ordered queue per sender, so a
   * burst of concurrent sends gets consecutive nonces, and never more than 8 of a sender's transactions
   * in flight: HyperEVM's mempool takes only the next 8 nonces of an address), the fees (EIP-1559 from
   * the next block's base fee and `eth_maxPriorityFeePerGas`; `gasPrice` or `type: "legacy"` for type
   * 0x0) and the gas limit (`eth_estimateGas` plus 20%). Fees are priced from the sender's block kind
   * (`eth_usingBigBlocks`): small blocks, or big blocks at `eth_bigBlockGasPrice`.
   *
   * Before the signer is called, every field you gave is checked, and a gas limit above the sender's
   * block kind is refused (2M on small blocks; move the address to big blocks with the exchange action
   * `evmUserModify`). What the signer returns is decoded and sent only when it is that transaction,
   * signed by the signer's address. The write code loads on first use.
   *
   * The node is trusted with nothing it could abuse: on a client pinned with `chainId` or `network`
   * (or a request with `chainId`), a node of another chain is refused before anything is signed; the
   * fees filled in from its suggestions are held to the fee ceiling (`feeCeiling`, default three times
   * the latest base fee, at least 1 gwei); the hash returned is keccak256 of the signed bytes, and a
   * node answering another one is refused.
   *
   * @throws {RequestValidationError} naming the field (`/to`, `/value`, `/gas`, …) and how to fix it; nothing is signed.
   * @throws {ChainMismatchError} when the node answers another chain id than the pinned one; nothing is signed.
   * @throws {FeeCeilingError} when the node's fee suggestions are above the fee ceiling; nothing is signed.
   * @throws {CallRevertedError} when the gas estimate reverts (the reason decoded); nothing is signed.
   * @throws {EvmSignerError} when the signer is unusable or signed something else; nothing is sent.
   * @throws {JsonRpcError} when the node refuses the transaction.
   * @throws {TransactionHashMismatchError} when the node answers another hash (the transaction may have been broadcast: follow `transactionHash`).
   * @example
   * import { privateKeySigner } from "chainkit/evm";
   * const me = privateKeySigner(sandbox.credentials.evmPrivateKey);
   * const hash = await evm.sendTransaction({ to: sandbox.fixtures.evmAccounts[0] as `0x${string}`, value: 10n ** 15n }, me);
   */
  sendTransaction(
    request: EvmTransactionRequest,
    signer: EvmSigner,
    options?: SendTransactionOptions,
  ): Promise<Hex>;
  /**
   * Waits for a transaction's receipt: polling over HTTP, once per new head over WebSocket. A failed
   * transaction (status `0x0`) throws, with the reason learned by replaying it with `eth_call`.
   *
   * @throws {TransactionRevertedError} when the transaction failed; `reason` is decoded (`Error(string)`, `Panic(uint256)`, custom errors of `abi`).
   * @throws {TimeoutError} when no receipt came within `timeout` (default 60 s).
   * @throws {ResponseValidationError} (pointer `/result/transactionHash`) when the node answers another transaction's receipt.
   * @example
   * const receipt = await evm.waitForReceipt(hash, { timeout: 30_000 });
   */
  waitForReceipt(hash: string, options?: WaitForReceiptOptions): Promise<Receipt>;
  /**
   * Walks the logs of a block range of any length, in order, one `eth_getLogs` per 50 blocks (the most
   * HyperEVM serves per call); each window is checked by the same rules as a single `eth_getLogs`.
   *
   * @throws {RequestValidationError} when the range is malformed or reversed.
   * @example
   * for await (const log of evm.logs({ address: token, fromBlock: 0n, toBlock: "latest" })) console.log(log.topics[0]);
   */
  logs(range: LogRange): AsyncGenerator<Log, void, undefined>;
  /** Requests sent so far (a batch counts once, each retry counts). */
  usage(): UsageSnapshot;
}

/**
 * An EVM client over HTTP, as `createEvmClient` returns it without `transport: "websocket"`: every
 * method of {@link EvmClient}; `subscribe` and `watch` are there only to say, when called, that they
 * need `transport: "websocket"` (a TypeScript error names it; JavaScript gets a `ConfigurationError`).
 */
export interface EvmHttpClient extends EvmClient, EvmHttpLiveMethods {}

/** An EVM client over the node's WebSocket endpoint: every method of {@link EvmClient}, plus live subscriptions. */
export interface EvmLiveClient extends EvmClient, EvmLiveMethods {}

/**
 * Creates a client for an EVM node's JSON-RPC API.
 *
 * Calls made in the same tick share one HTTP request (a JSON-RPC batch) unless `batch: false`;
 * params are checked before sending and results validated against the spec (quantities stay hex
 * strings, `null` comes back for unknown blocks and transactions). Read-only methods are retried on
 * rate limits, including `-32005` inside HTTP 200, waiting `data.try_again_in`.
 * Inspecting or serialising the client shows no token or password.
 *
 * @param options - Node URL, credentials, path and transport options.
 * @returns The client.
 * @throws {ConfigurationError} when the URL is not https (loopback excepted), or the credentials are
 *   empty, mixed or a bearer key; when `chainId`, `network` or `feeCeiling` is malformed, or `chainId` and
 *   `network` name different chains. Malformed `retry`, `timeout`, `validation`, `budget` or `batch`
 *   options fail the first call instead, before anything is sent.
 * With `transport: "websocket"` the same calls go over the node's WebSocket endpoint, and the client
 * adds `subscribe`, `watch` and `close` (see `EvmLiveMethods`); the WebSocket code is loaded on first use.
 *
 * A client that signs should pin its chain (`chainId: 999`, or `network: "mainnet"`): otherwise it
 * signs for whatever chain the node names.
 *
 * @example
 * const evm = createEvmClient({ url: "https://nd-123-456-789.p2pify.com", credentials: { token }, network: "mainnet" });
 * const block = await evm.eth_getBlockByHash(hash, false);
 * const live = createEvmClient({ url, credentials: { token }, transport: "websocket" });
 * for await (const event of live.subscribe("newHeads")) if (event.type === "head") break;
 * await live.close();
 */
export function createEvmClient(options: EvmClientOptions & { transport: "websocket" }): EvmLiveClient;
export function createEvmClient(options: EvmClientOptions & { transport?: "http" }): EvmHttpClient;
export function createEvmClient(options: EvmClientOptions): EvmClient;
export function createEvmClient(options: EvmClientOptions): EvmClient | EvmLiveClient {
  const rpcOptions = {
    url: options.url,
    path: options.path ?? "/evm",
    batch: options.batch,
    ...nodeCallerOptions(options),
  };
  // The URL, the credentials (nodeCallerOptions above) and maxResponseBytes fail here, for both
  // transports. The call path (JSON-RPC, the JSON reader, the answer checks) loads on the first
  // call and checks the other options then (retry, timeout, validation, budget, batch), so an app
  // downloads them when it calls, not when it constructs.
  checkUpFrontOptions(rpcOptions);
  const live = options.transport === "websocket" ? deferredLiveConnection(options) : undefined;
  const pin = chainPinOf(options);
  const feeCeiling = checkedFeeCeiling(options.feeCeiling, "feeCeiling");
  let loaded: EvmCallPath | undefined;
  const callPath = loadOnce(async () => {
    const [module, transport] = await Promise.all([import("./evm-call-path.js"), live?.transport()]);
    loaded = module.createEvmCallPath({ ...rpcOptions, transport }, live !== undefined, pin);
    return loaded;
  });
  // Both callers count on the call path's one meter; before it loads, nothing has been sent.
  const usage = () => loaded?.rpc.usage() ?? { requests: 0, weight: 0 };
  const jsonRpc = deferredJsonRpcClient(async () => (await callPath()).jsonRpc, usage);
  const rpc = deferredJsonRpcClient(async () => (await callPath()).rpc, usage);

  const request = <M extends EvmMethodName>(
    method: M,
    params: EvmMethodMap[M]["params"],
    callOptions?: CallOptions,
  ) => {
    const descriptor = Object.hasOwn(evmMethods, method) ? evmMethods[method] : undefined;
    if (descriptor === undefined) {
      return Promise.reject(
        new RequestValidationError(String(method), [
          { pointer: "/method", message: "is not a method of the EVM spec" },
        ]),
      );
    }
    return rpc.call(descriptor, params, callOptions) as Promise<EvmMethodMap[M]["result"]>;
  };

  // async, so a malformed call rejects like every other failure instead of throwing synchronously.
  const batch = async <const C extends readonly EvmBatchCall[]>(calls: C, callOptions?: CallOptions) =>
    (await namedBatch(rpc, callOptions).batch(
      calls.map((call) => ({ method: call.method, params: [...call.params] })),
    )) as EvmBatchOutcomes<C>;

  const unvalidatedRequest = async <T>(
    method: string,
    params: readonly unknown[] = [],
    requestOptions: UnvalidatedRequestOptions = {},
  ) => {
    if (typeof method !== "string" || method === "") {
      throw new RequestValidationError(String(method), [
        { pointer: "/method", message: "must be a non-empty method name" },
      ]);
    }
    const { idempotent = false, ...callOptions } = requestOptions;
    return (await jsonRpc.call(unvalidatedMethod(method, idempotent), params, callOptions)) as T;
  };

  // The write half loads on the first send: signing, RLP and the ABI coder stay out of read-only apps.
  let writer: Promise<TransactionWriter> | undefined;
  const writerOf = () => {
    writer ??= import("../write/transaction-writer.js").then(({ createTransactionWriter }) =>
      createTransactionWriter(client, { chainId: pin?.chainId, feeCeiling }),
    );
    return writer;
  };

  const generated = createEvmMethods(rpc);
  const client: EvmClient | EvmLiveClient = {
    ...generated,
    request,
    unvalidatedRequest,
    batch,
    getVerifiedProof: async (address, storageKeys = [], proofOptions = {}) => {
      const { signal, ...rest } = proofOptions;
      // Loaded on first use: apps that never verify proofs do not download the RLP, trie and
      // keccak code when their bundler splits dynamic imports into chunks.
      const { getVerifiedProof } = await proofVerifier();
      return getVerifiedProof(namedBatch(rpc, { signal }), address, storageKeys, rest);
    },
    getVerifiedReceipt: async (transactionHash, receiptOptions = {}) => {
      const { signal, ...rest } = receiptOptions;
      // Loaded on first use, like the proof verifier (it also brings secp256k1, to recover senders).
      const { getVerifiedReceipt } = await receiptVerifier();
      const verified = await getVerifiedReceipt(namedBatch(rpc, { signal }), transactionHash, rest);
      // Validated by the spec on the way in, and every field checked since: the generated types hold.
      return verified as VerifiedReceiptResult<Receipt, Block> | null;
    },
    sendTransaction: async (request, signer, sendOptions) =>
      (await writerOf()).send(request, signer, sendOptions),
    waitForReceipt: async (hash, waitOptions) => {
      const { waitForReceipt } = await receiptWaiter();
      return waitForReceipt(client, hash, waitOptions);
    },
    logs: async function* (range) {
      const { walkLogs } = await logWalker();
      yield* walkLogs(client, range);
    },
    usage,
    // Over HTTP, subscribe and watch name the option that brings them rather than being missing.
    ...(live ? live.methods(rpc, generated) : liveMethodsOverHttp()),
  };
  // Every error leaving the client is scrubbed of its credentials after decoding (ABI revert reasons).
  return scrubbedClient(client, rpcOptions.auth.redact);
}
