import { hexToBytes, setLengthLeft } from "@ethereumjs/util";
import { type CallFields, ChainError, type DevChain, type UnsignedFields } from "./dev-chain.js";
import {
  blockJson,
  type ChainBlock,
  headerJson,
  logJson,
  pendingTransactionJson,
  quantity,
  receiptJson,
  transactionJson,
} from "./rpc-shapes.js";

type Json = Record<string, unknown>;

/** A request as EIP-1193 providers take it. */
export interface ProviderRequest {
  method: string;
  params?: readonly unknown[];
}

/** A subscription's notification, as the provider's `message` listeners hear it. */
export interface SubscriptionMessage {
  type: "eth_subscription";
  data: { subscription: string; result: unknown };
}

/** The chain behind a JSON-RPC door: what {@link createDevProvider} returns. */
export interface DevProvider {
  /** Answers one JSON-RPC method; a failure rejects with a {@link ChainError} (`code`, `message`, `data`). */
  request(request: ProviderRequest): Promise<unknown>;
  /** Hears every subscription notification; returns the function that stops hearing. */
  on(event: "message", listener: (message: SubscriptionMessage) => void): () => void;
  /** Ends every subscription. */
  disconnect(): Promise<void>;
}

/** What `web3_clientVersion` answers: the sandbox and the engine behind it. */
const CLIENT_VERSION = "chainkit-sandbox/ethereumjs-vm/cancun";

/** The most blocks one `eth_feeHistory` call may ask for. */
const MAX_FEE_HISTORY_BLOCKS = 1024n;

function bigintOf(value: unknown): bigint | undefined {
  return typeof value === "string" || typeof value === "number" ? BigInt(value) : undefined;
}

/** A `CallRequest` as the chain takes it (`input` and `data` both name the call data). */
function callFields(value: unknown): CallFields & Partial<UnsignedFields> {
  const fields = (value ?? {}) as Json;
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : undefined);
  const number = (key: string) => bigintOf(fields[key]);
  return {
    ...(text("from") !== undefined && { from: text("from") }),
    ...(text("to") !== undefined && { to: text("to") }),
    ...(number("gas") !== undefined && { gas: number("gas") }),
    ...(number("value") !== undefined && { value: number("value") }),
    ...((text("input") ?? text("data")) !== undefined && { data: text("input") ?? text("data") }),
    ...(number("nonce") !== undefined && { nonce: number("nonce") }),
    ...(number("gasPrice") !== undefined && { gasPrice: number("gasPrice") }),
    ...(number("maxFeePerGas") !== undefined && { maxFeePerGas: number("maxFeePerGas") }),
    ...(number("maxPriorityFeePerGas") !== undefined && {
      maxPriorityFeePerGas: number("maxPriorityFeePerGas"),
    }),
    ...(Array.isArray(fields.accessList) && { accessList: fields.accessList as CallFields["accessList"] }),
  };
}

/** Whether a log matches a filter's `address` (one or any of several) and `topics` (by position; null or [] is any). */
function matches(log: { address: string; topics: string[] }, filter: Json): boolean {
  const addresses = [filter.address ?? []].flat().map((address) => String(address).toLowerCase());
  if (addresses.length > 0 && !addresses.includes(log.address.toLowerCase())) return false;
  const topics = (filter.topics ?? []) as unknown[];
  return topics.every((wanted, position) => {
    if (wanted === null || (Array.isArray(wanted) && wanted.length === 0)) return true;
    const topic = log.topics[position]?.toLowerCase();
    return [wanted].flat().some((one) => String(one).toLowerCase() === topic);
  });
}

/** The logs of a block that match a filter, as `eth_getLogs` answers them. */
function logsOf(entry: ChainBlock, filter: Json): Json[] {
  return entry.transactions.flatMap((mined) =>
    mined.logs.filter((log) => matches(log, filter)).map((log) => logJson(entry, mined, log)),
  );
}

/**
 * JSON-RPC over the sandbox's chain, in the shapes Ethereum nodes answer: the `eth_` methods the EVM
 * surface serves, plus the set-up methods tests drive the chain with (`eth_accounts`,
 * `eth_sendTransaction` from a funded account, `evm_mine`, `evm_snapshot`, `evm_revert`, `miner_stop`,
 * `miner_start`) and `eth_subscribe` for `newHeads`, `logs` and `newPendingTransactions`.
 *
 * @param chain - The chain.
 * @returns The provider.
 * @example
 * const chain = await createDevChain({ chainId: 999, accounts: devAccounts(2), usesBigBlocks: () => false });
 * const provider = createDevProvider(chain);
 * await provider.request({ method: "eth_blockNumber" }); // "0x0"
 */
export function createDevProvider(chain: DevChain): DevProvider {
  const listeners = new Set<(message: SubscriptionMessage) => void>();
  const subscriptions = new Map<string, () => void>();
  let nextSubscription = 1;

  const notify = (subscription: string, result: unknown) => {
    for (const listener of listeners) listener({ type: "eth_subscription", data: { subscription, result } });
  };

  /** The block a number or tag names, or undefined when the chain has none. */
  function blockOf(tag: unknown): ChainBlock | undefined {
    if (tag === undefined || tag === "latest" || tag === "pending" || tag === "safe" || tag === "finalized") {
      return chain.head();
    }
    if (tag === "earliest") return chain.blockAt(0n);
    if (typeof tag === "string" && tag.length === 66) return chain.blockByHash(tag);
    const number = bigintOf(tag);
    return number === undefined ? undefined : chain.blockAt(number);
  }

  function logs(filter: Json): Json[] {
    if (typeof filter.blockHash === "string") {
      const entry = chain.blockByHash(filter.blockHash);
      return entry ? logsOf(entry, filter) : [];
    }
    const head = chain.head().number;
    const from = blockOf(filter.fromBlock ?? "latest")?.number ?? head + 1n;
    const to = blockOf(filter.toBlock ?? "latest")?.number ?? head;
    const found: Json[] = [];
    for (let number = from; number <= to && number <= head; number++) {
      found.push(...logsOf(chain.blockAt(number) as ChainBlock, filter));
    }
    return found;
  }

  function feeHistory(count: bigint, newest: unknown, percentiles: readonly number[] | undefined): Json {
    const last = blockOf(newest)?.number ?? chain.head().number;
    const blocks = count > MAX_FEE_HISTORY_BLOCKS ? MAX_FEE_HISTORY_BLOCKS : count;
    const first = last - blocks + 1n < 0n ? 0n : last - blocks + 1n;
    const entries: ChainBlock[] = [];
    for (let number = first; number <= last; number++) entries.push(chain.blockAt(number) as ChainBlock);
    const next =
      chain.blockAt(last + 1n)?.block.header.baseFeePerGas ?? entries.at(-1)?.block.header.calcNextBaseFee();
    return {
      oldestBlock: quantity(first),
      baseFeePerGas: [...entries.map((entry) => entry.block.header.baseFeePerGas ?? 0n), next ?? 0n].map(
        quantity,
      ),
      gasUsedRatio: entries.map(
        (entry) => Number(entry.block.header.gasUsed) / Number(entry.block.header.gasLimit),
      ),
      ...(percentiles !== undefined && { reward: entries.map((entry) => rewards(entry, percentiles)) }),
    };
  }

  function subscribe(kind: unknown, filter: unknown): string {
    const id = quantity(nextSubscription++);
    if (kind === "newHeads") {
      subscriptions.set(
        id,
        chain.onBlock((entry) => notify(id, headerJson(entry))),
      );
    } else if (kind === "logs") {
      const wanted = (filter ?? {}) as Json;
      subscriptions.set(
        id,
        chain.onBlock((entry) => {
          for (const log of logsOf(entry, wanted)) notify(id, log);
        }),
      );
    } else if (kind === "newPendingTransactions") {
      subscriptions.set(
        id,
        chain.onPending((hash) => notify(id, hash)),
      );
    } else {
      throw new ChainError(-32602, `unsupported subscription ${String(kind)}`);
    }
    return id;
  }

  const methods: Record<string, (params: readonly unknown[]) => unknown> = {
    eth_chainId: () => quantity(chain.chainId),
    web3_clientVersion: () => CLIENT_VERSION,
    net_version: () => String(chain.chainId),
    eth_accounts: () => chain.accounts.map((account) => account.address),
    eth_syncing: () => false,
    eth_blockNumber: () => quantity(chain.head().number),
    eth_getBlockByNumber: ([tag, full]) => {
      const entry = blockOf(tag);
      return entry ? blockJson(entry, full === true) : null;
    },
    eth_getBlockByHash: ([hash, full]) => {
      const entry = chain.blockByHash(String(hash));
      return entry ? blockJson(entry, full === true) : null;
    },
    eth_getBlockTransactionCountByHash: ([hash]) => {
      const entry = chain.blockByHash(String(hash));
      return entry ? quantity(entry.transactions.length) : null;
    },
    eth_getBlockTransactionCountByNumber: ([tag]) => {
      const entry = blockOf(tag);
      return entry ? quantity(entry.transactions.length) : null;
    },
    eth_getTransactionByHash: ([hash]) => {
      const found = chain.transaction(String(hash));
      if (found) return transactionJson(found.entry, found.mined);
      const pooled = chain.pooled(String(hash).toLowerCase());
      return pooled ? pendingTransactionJson(pooled, pooled.getSenderAddress().toString()) : null;
    },
    eth_getTransactionReceipt: ([hash]) => {
      const found = chain.transaction(String(hash));
      return found ? receiptJson(found.entry, found.mined) : null;
    },
    eth_getBalance: async ([address]) => quantity((await chain.account(String(address)))?.balance ?? 0n),
    eth_getTransactionCount: async ([address]) =>
      quantity((await chain.account(String(address)))?.nonce ?? 0n),
    eth_getCode: ([address]) => chain.code(String(address)),
    eth_getStorageAt: async ([address, slot]) => {
      const value = await chain.storage(String(address), setLengthLeft(hexToBytes(slotHex(slot)), 32));
      return value === "0x" ? "0x0" : value;
    },
    eth_getProof: ([address, slots]) =>
      chain.proof(
        String(address),
        ((slots ?? []) as string[]).map((slot) => setLengthLeft(hexToBytes(slotHex(slot)), 32)),
      ),
    eth_call: ([fields]) => chain.call(callFields(fields)),
    eth_estimateGas: async ([fields]) => quantity(await chain.estimateGas(callFields(fields))),
    eth_gasPrice: () => quantity(chain.nextBaseFee()),
    eth_maxPriorityFeePerGas: () => "0x0",
    eth_feeHistory: ([count, newest, percentiles]) =>
      feeHistory(BigInt(count as string | number), newest, percentiles as number[] | undefined),
    eth_getLogs: ([filter]) => logs((filter ?? {}) as Json),
    eth_sendRawTransaction: ([raw]) => chain.sendRaw(String(raw)),
    eth_sendTransaction: ([fields]) => {
      const unsigned = callFields(fields);
      if (unsigned.from === undefined) throw new ChainError(-32602, "eth_sendTransaction needs from");
      return chain.sendUnsigned({ ...unsigned, from: unsigned.from });
    },
    eth_subscribe: ([kind, filter]) => subscribe(kind, filter),
    eth_unsubscribe: ([id]) => {
      const stop = subscriptions.get(String(id));
      subscriptions.delete(String(id));
      stop?.();
      return stop !== undefined;
    },
    evm_mine: async ([options]) => {
      const { timestamp, blocks } = (typeof options === "object" && options !== null ? options : {}) as Json;
      const at = bigintOf(typeof options === "number" ? options : timestamp);
      for (let i = 0n; i < (bigintOf(blocks) ?? 1n); i++)
        await chain.mine(at === undefined ? undefined : at + i);
      return "0x0";
    },
    evm_snapshot: () => quantity(chain.snapshot()),
    evm_revert: ([id]) => chain.revert(Number(BigInt(String(id)))),
    miner_stop: async () => {
      await chain.setAutomine(false);
      return true;
    },
    miner_start: async () => {
      await chain.setAutomine(true);
      return true;
    },
  };

  return {
    async request({ method, params = [] }) {
      const handle = methods[method];
      if (handle === undefined)
        throw new ChainError(-32601, `the method ${method} does not exist/is not available`);
      return handle(params);
    },
    on(_event, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async disconnect() {
      for (const stop of subscriptions.values()) stop();
      subscriptions.clear();
      listeners.clear();
    },
  };
}

/** A storage slot as hex, even-length (`0x0` reads as `0x00`). */
function slotHex(slot: unknown): `0x${string}` {
  const hex = BigInt(String(slot)).toString(16);
  return `0x${hex.length % 2 ? `0${hex}` : hex}`;
}

/** The priority fees paid at each percentile of a block's gas, as `eth_feeHistory` reports them. */
function rewards(entry: ChainBlock, percentiles: readonly number[]): string[] {
  const baseFee = entry.block.header.baseFeePerGas ?? 0n;
  const paid = entry.transactions
    .map((mined) => ({ tip: mined.effectiveGasPrice - baseFee, gas: mined.gasUsed }))
    .sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
  const total = paid.reduce((sum, { gas }) => sum + gas, 0n);
  return percentiles.map((percentile) => {
    if (paid.length === 0) return "0x0";
    const threshold = (total * BigInt(Math.round(percentile * 100))) / 10_000n;
    let sum = 0n;
    for (const { tip, gas } of paid) {
      sum += gas;
      if (sum >= threshold) return quantity(tip);
    }
    return quantity(paid.at(-1)?.tip ?? 0n);
  });
}
