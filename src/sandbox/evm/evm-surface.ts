import { evmMethods } from "../../../generated/evm/operations.js";
import type { SandboxRequest, SurfaceHandler } from "../surface.js";
import { loadBundledSpec, RpcContract, type RpcErrorObject } from "../validation.js";
import type { DevProvider } from "./chain/dev-provider.js";
import { historicalStateRefusal } from "./hyperevm-rules.js";
import {
  answerBody,
  errorAnswer,
  RPC_ERRORS,
  type RpcAnswer,
  type RpcCall,
  resultAnswer,
} from "./json-rpc-envelope.js";
import { createNodeMethods, nodeError } from "./node-methods.js";
import {
  buildSystemTransaction,
  type SystemTransaction,
  type SystemTransfer,
} from "./system-transactions.js";

/** Options of {@link createEvmSurface}. */
export interface EvmSurfaceOptions {
  /** Chain id (default 999, HyperEVM mainnet). */
  chainId?: number;
  /** Funded accounts whose keys the chain holds (default 5, the same keys on every run). */
  accounts?: number;
  /**
   * Milliseconds between blocks the chain makes by itself, with whatever is pooled (default: none;
   * blocks are made when a transaction arrives or a helper mines). Transactions are still mined at once.
   */
  blockTimeMs?: number;
  /**
   * The genesis block's timestamp in seconds, for a chain whose block hashes repeat (default: now, or
   * as long ago as the history takes, a block a second).
   */
  genesisTimestamp?: bigint;
  /**
   * Start with history (see `seedHistory`): the sandbox ERC-20 and 64 blocks of
   * transfers and approvals picked by `seed` (default: no history).
   */
  history?: { seed: number };
  /** The JSON-RPC path after the node credentials (default `/evm`, the service's). */
  path?: string;
  /**
   * Mine a first block with one transfer and two system transfers (native and token index 200),
   * so a fresh sandbox has something to show (default true).
   */
  demoBlock?: boolean;
}

/** A transaction to send through {@link EvmSurface.sendTransaction}. */
export interface SandboxTransaction {
  /** Sender (default the first account); must be one of the unlocked accounts. */
  from?: string;
  to?: string;
  value?: bigint;
  data?: string;
  gas?: bigint;
  /** System transfers to record in the same block. */
  systemTransfers?: readonly SystemTransfer[];
}

/** A block the surface mined. */
export interface MinedBlock {
  blockHash: string;
  blockNumber: string;
  /** The block's system transactions (empty when none were given). */
  systemTransactions: readonly SystemTransaction[];
}

/** Answers a call only some connections offer (a WebSocket's `eth_subscribe`), or `undefined` to pass. */
export type ExtraMethods = (call: RpcCall) => Promise<RpcAnswer> | undefined;

/** The EVM surface: its handler, the chain behind it and helpers for tests. */
export interface EvmSurface {
  handler: SurfaceHandler;
  /**
   * Answers one JSON-RPC body (a request or a batch) exactly as `/evm` does, with `extra` answering the
   * methods a WebSocket connection adds; the answer is the JSON value to send back.
   */
  answer(text: string, extra?: ExtraMethods): Promise<unknown>;
  /** The JSON-RPC path the handler serves (`/evm`). */
  path: string;
  chainId: number;
  /**
   * The chain's JSON-RPC provider, for set-up calls the helpers do not cover (`evm_mine`,
   * `miner_stop`, `eth_sendTransaction` from a funded account, ...), without HyperEVM's rules.
   */
  provider: DevProvider;
  /** The funded accounts (lowercase), whose keys the chain holds. */
  accounts: readonly string[];
  /** The private keys of {@link EvmSurface.accounts}, in the same order. */
  privateKeys: readonly `0x${string}`[];
  /** The sandbox ERC-20's address, when the chain started with history. */
  erc20Address?: string;
  /**
   * Sends an EIP-1559 transaction with a zero priority fee (the chain's rule: only the base fee is
   * paid), mined at once in its own block, and records `systemTransfers` in that block.
   */
  sendTransaction(transaction: SandboxTransaction): Promise<MinedBlock & { transactionHash: string }>;
  /** Sends `value` wei from the first account to `address`. */
  fund(address: string, value: bigint): Promise<MinedBlock & { transactionHash: string }>;
  /** Mines an empty block, recording `systemTransfers` in it. */
  mine(systemTransfers?: readonly SystemTransfer[]): Promise<MinedBlock>;
  /** The system transactions of a block (`[]` when it has none), by block hash. */
  systemTransactions(blockHash: string): readonly SystemTransaction[];
  /**
   * Moves an address's transactions to big blocks or back, as the chain's `evmUserModify` action does
   * on the real service; `eth_usingBigBlocks` answers it.
   */
  setUsingBigBlocks(address: string, usingBigBlocks: boolean): void;
  /** Stops the chain. */
  close(): Promise<void>;
}

/** The methods `/evm` answers; anything else is -32601. */
const SERVED_METHODS = new Set(Object.keys(evmMethods));
/** Methods that need a connection to push on: answered over a WebSocket only. */
const WEBSOCKET_METHODS = new Set(["eth_subscribe", "eth_unsubscribe"]);
const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const ZERO_HASH = `0x${"0".repeat(64)}`;

/** Names of each method's params, by position, from the bundled OpenRPC document. */
function paramNames(): Map<string, string[]> {
  const spec = loadBundledSpec("evm") as { methods?: { name: string; params: { name: string }[] }[] };
  return new Map(
    (spec.methods ?? []).map((method) => [method.name, method.params.map((param) => param.name)]),
  );
}

function quantity(value: bigint | number): string {
  return `0x${BigInt(value).toString(16)}`;
}

/**
 * Builds the EVM node surface: a real Cancun chain (@ethereumjs/vm in-process, see `createDevChain`) behind the
 * service's `/evm` JSON-RPC path, speaking JSON-RPC 2.0 (params left out, string ids, notifications,
 * batches). It serves every method of our OpenRPC spec, checks their params (-32602 naming the param)
 * and their results (a mismatch throws: a sandbox bug, answered 500), and answers as HyperEVM does
 * where a plain node differs (see `createNodeMethods`): state at the latest block only, `pending`
 * answered as `latest`, at most 50 blocks per `eth_getLogs`, a zero priority fee, `blockTimestamp` on
 * logs and receipts, block receipts, `null` from `eth_getBlockByHash` for an unknown or malformed
 * hash, `ots_getHeaderByNumber` from the chain's headers, and system transfers kept per block, out of
 * `/evm` blocks and returned by `eth_getSystemTxsByBlockHash` and `ByBlockNumber`. Serve it with
 * `serveSurface`, `auth: "node"` and `jsonRpc: true`.
 *
 * @param options - Chain id, accounts, path, demo block, block interval.
 * @returns The handler, the chain and test helpers.
 * @example
 * const evm = await createEvmSurface();
 * const nodeAuth = new NodeAuthRegistry();
 * const server = await serveSurface({ name: "evm", auth: "node", nodeAuth, jsonRpc: true, handler: evm.handler });
 * await evm.fund("0x…", 10n ** 18n);
 */
export async function createEvmSurface(options: EvmSurfaceOptions = {}): Promise<EvmSurface> {
  const chainId = options.chainId ?? 999;
  const path = options.path ?? "/evm";
  // Addresses whose transactions go into big blocks (lowercase).
  const bigBlockUsers = new Set<string>();
  // The engine loads on first use: importing chainkit/sandbox stays light.
  const [{ createDevChain }, { createDevProvider }, { devAccounts }, { seedHistory, HISTORY_BLOCKS }] =
    await Promise.all([
      import("./chain/dev-chain.js"),
      import("./chain/dev-provider.js"),
      import("./chain/dev-accounts.js"),
      import("./seed-history.js"),
    ]);
  const funded = devAccounts(options.accounts ?? 5);
  const genesisTimestamp =
    options.genesisTimestamp ??
    BigInt(Math.floor(Date.now() / 1000) - (options.history ? HISTORY_BLOCKS + 1 : 0));
  const chain = await createDevChain({
    chainId,
    accounts: funded,
    usesBigBlocks: (address) => bigBlockUsers.has(address.toLowerCase()),
    genesisTimestamp,
  });
  const provider = createDevProvider(chain);
  const history = options.history && (await seedHistory(chain, options.history.seed, genesisTimestamp));
  const request = (method: string, params: unknown[] = []) => provider.request({ method, params });
  const accounts = funded.map((account) => account.address);
  const contract = await RpcContract.load(evmMethods);
  const names = paramNames();

  // System transactions per block hash, and by their own hash for eth_getTransactionByHash.
  const systemByBlock = new Map<string, SystemTransaction[]>();
  const systemByHash = new Map<string, SystemTransaction>();
  const systemNonces = new Map<string, number>();

  async function record(blockHash: string, transfers: readonly SystemTransfer[]): Promise<MinedBlock> {
    const block = (await request("eth_getBlockByHash", [blockHash, false])) as { number: string };
    const list = transfers.map((transfer, transactionIndex) => {
      const sender = transfer.kind === "native" ? "native" : `token:${transfer.tokenIndex}`;
      const nonce = systemNonces.get(sender) ?? 0;
      systemNonces.set(sender, nonce + 1);
      const tx = buildSystemTransaction(transfer, {
        blockHash,
        blockNumber: block.number,
        transactionIndex,
        nonce,
        chainId,
      });
      systemByHash.set(tx.hash, tx);
      return tx;
    });
    systemByBlock.set(blockHash, list);
    return { blockHash, blockNumber: block.number, systemTransactions: list };
  }

  // Helpers run one at a time, so each block gets exactly the system transfers meant for it.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const sendTransaction = (transaction: SandboxTransaction) =>
    serial(async () => {
      const hash = (await request("eth_sendTransaction", [
        {
          from: transaction.from ?? accounts[0],
          ...(transaction.to !== undefined && { to: transaction.to }),
          ...(transaction.value !== undefined && { value: quantity(transaction.value) }),
          ...(transaction.data !== undefined && { data: transaction.data }),
          ...(transaction.gas !== undefined && { gas: quantity(transaction.gas) }),
          // The chain's rule: only the base fee is paid.
          maxPriorityFeePerGas: "0x0",
        },
      ])) as string;
      const receipt = (await request("eth_getTransactionReceipt", [hash])) as { blockHash: string };
      return {
        ...(await record(receipt.blockHash, transaction.systemTransfers ?? [])),
        transactionHash: hash,
      };
    });

  const mine = (systemTransfers: readonly SystemTransfer[] = []) =>
    serial(async () => {
      await request("evm_mine");
      const latest = (await request("eth_getBlockByNumber", ["latest", false])) as { hash: string };
      return record(latest.hash, systemTransfers);
    });

  /** -32602 whose data names the first bad param, or undefined when the params are valid. */
  function checkParams(call: RpcCall): RpcErrorObject | undefined {
    const refused = contract.checkParams(call.method, call.params);
    if (!refused) return undefined;
    const methodParams = names.get(call.method) ?? [];
    let data = String(refused.data ?? "").replace(/^\/params\/(\d+)/, (whole, index: string) => {
      const name = methodParams[Number(index)];
      return name ? `${name} (params[${index}])` : whole;
    });
    // A short params array fails the tuple as a whole: name the first param missing instead.
    const missing = methodParams[call.params.length];
    if (/^\/params must have at least/.test(data) && missing) {
      data = `${missing} (params[${call.params.length}]) is required`;
    }
    return { ...refused, message: `${refused.message}: ${data}`, data };
  }

  /** Runs one checked call; the answer's result is checked against the spec before it leaves. */
  const methods = createNodeMethods({
    request: (method, params = []) => request(method, [...params]),
    systemTransactions: (blockHash) => systemByBlock.get(blockHash),
    systemTransaction: (hash) => systemByHash.get(hash),
    usesBigBlocks: (address) => bigBlockUsers.has(address.toLowerCase()),
    serial,
  });

  /** Runs one call; the answer's result is checked against the spec before it leaves. */
  async function answer(call: RpcCall, extra?: ExtraMethods): Promise<RpcAnswer> {
    const { id, method, params } = call;
    const own = extra?.(call);
    if (own !== undefined) return own;
    if (WEBSOCKET_METHODS.has(method)) {
      return errorAnswer(id, {
        ...RPC_ERRORS.methodNotFound,
        data: `${method} needs a connection the node can push on: use the WebSocket endpoint (/ws)`,
      });
    }
    if (!SERVED_METHODS.has(method)) {
      return errorAnswer(id, {
        ...RPC_ERRORS.methodNotFound,
        data: `the method ${method} is not available on /evm`,
      });
    }
    const historical = historicalStateRefusal(method, params);
    if (historical) return errorAnswer(id, historical);
    // The service answers null for a malformed block hash rather than an error.
    if (method === "eth_getBlockByHash" && typeof params[0] === "string" && !HASH32.test(params[0])) {
      const rest = checkParams({ ...call, params: [ZERO_HASH, ...params.slice(1)] });
      return rest ? errorAnswer(id, rest) : resultAnswer(id, null);
    }
    const refused = checkParams(call);
    if (refused) return errorAnswer(id, refused);

    let result: unknown;
    try {
      const handle = methods[method] ?? ((sent: unknown[]) => request(method, sent));
      result = await handle([...params]);
    } catch (error) {
      return errorAnswer(id, nodeError(error));
    }
    contract.checkResult(method, result);
    return resultAnswer(id, result);
  }

  const handler: SurfaceHandler = (incoming: SandboxRequest) => {
    if (incoming.path.replace(/\/+$/, "") !== path)
      return { status: 404, body: `no JSON-RPC endpoint at ${incoming.path}` };
    if (incoming.method !== "POST")
      return { status: 405, body: "JSON-RPC takes POST", headers: { allow: "POST" } };
    return answerBody(incoming.body, answer);
  };

  const surface: EvmSurface = {
    handler,
    answer: async (text, extra) => (await answerBody(text, (call) => answer(call, extra))).body,
    path,
    chainId,
    provider,
    accounts,
    privateKeys: funded.map((account) => account.privateKey),
    ...(history && { erc20Address: history.tokenAddress }),
    sendTransaction,
    fund: (address, value) => sendTransaction({ to: address, value }),
    mine,
    systemTransactions: (blockHash) => systemByBlock.get(blockHash.toLowerCase()) ?? [],
    setUsingBigBlocks: (address, usingBigBlocks) => {
      if (usingBigBlocks) bigBlockUsers.add(address.toLowerCase());
      else bigBlockUsers.delete(address.toLowerCase());
    },
    close: async () => {
      clearInterval(ticker);
      await queue;
      await provider.disconnect();
    },
  };
  // Heads without sending: a block every blockTimeMs, after whatever mining is under way.
  const ticker =
    options.blockTimeMs === undefined
      ? undefined
      : setInterval(() => void mine().catch(() => undefined), options.blockTimeMs).unref();

  if (options.demoBlock ?? true) {
    const receiver = accounts[accounts.length - 1] as string;
    await sendTransaction({
      to: receiver,
      value: 10n ** 17n,
      systemTransfers: [
        { kind: "native", to: receiver, value: 10n ** 18n },
        { kind: "token", tokenIndex: 200, to: receiver, amount: 5_000_000n },
      ],
    });
  }
  return surface;
}
