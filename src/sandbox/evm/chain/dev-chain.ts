import { setImmediate } from "node:timers/promises";
import { createBlock } from "@ethereumjs/block";
import { createCustomCommon, Hardfork, Mainnet } from "@ethereumjs/common";
import { Caches, MerkleStateManager } from "@ethereumjs/statemanager";
import { createTx, createTxFromRLP, type TypedTransaction, type TypedTxData } from "@ethereumjs/tx";
import {
  type Address,
  bytesToHex,
  createAccount,
  createAddressFromString,
  createZeroAddress,
  hexToBytes,
} from "@ethereumjs/util";
import { buildBlock, createVM, type RunTxResult } from "@ethereumjs/vm";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { DEV_ACCOUNT_BALANCE, type DevAccount } from "./dev-accounts.js";
import {
  BIG_BLOCK_GAS_LIMIT,
  blockGasLimitFor,
  NONCE_WINDOW,
  SMALL_BLOCK_GAS_LIMIT,
} from "./hyperevm-limits.js";
import type { ChainBlock, ChainLog, MinedTransaction } from "./rpc-shapes.js";

/** A JSON-RPC error the chain answers with (go-ethereum's codes and wording). */
export class ChainError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message);
  }
}

/** Options of {@link createDevChain}. */
export interface DevChainOptions {
  chainId: number;
  /** The funded accounts, each holding {@link DEV_ACCOUNT_BALANCE} at genesis. */
  accounts: readonly DevAccount[];
  /** Whether an address's transactions go into big blocks. */
  usesBigBlocks(address: string): boolean;
  /** The genesis block's timestamp, in seconds (default now). */
  genesisTimestamp?: bigint;
}

/** The fields of a call, an estimate or an unsigned transaction, as the JSON-RPC `CallRequest` carries them. */
export interface CallFields {
  from?: string;
  to?: string | null;
  gas?: bigint;
  value?: bigint;
  data?: string;
  accessList?: { address: string; storageKeys: string[] }[];
}

/** A transaction for {@link DevChain.sendUnsigned}: the chain signs it with the sender's key. */
export interface UnsignedFields extends CallFields {
  from: string;
  nonce?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

/** The first base fee: 1 gwei, moving with EIP-1559 from there. */
const GENESIS_BASE_FEE = 1_000_000_000n;
const REVERT_SELECTOR = "0x08c379a0";
/** The gas of a plain value transfer. */
const TRANSFER_GAS = 21_000n;

const lower = (address: Address | string) => address.toString().toLowerCase();
const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000));

/**
 * The sandbox's EVM chain: a Cancun chain (TSTORE, MCOPY, EIP-1559, EIP-4788 headers; no blobs, as on
 * HyperEVM) run by @ethereumjs/vm in-process. It keeps every block, transaction and receipt in memory,
 * mines on demand (each accepted transaction at once, or pooled while mining is stopped), forks back
 * to a snapshot, and enforces HyperEVM's mempool rules at submission: the 8-nonce window per address
 * and the gas cap of the sender's block kind.
 *
 * @param options - Chain id, funded accounts, block kind per address, genesis time.
 * @returns The chain.
 * @example
 * const chain = await createDevChain({ chainId: 999, accounts: devAccounts(2), usesBigBlocks: () => false });
 * await chain.mine();
 */
export async function createDevChain(options: DevChainOptions) {
  const common = createCustomCommon({ chainId: options.chainId }, Mainnet, { hardfork: Hardfork.Cancun });
  const blocks: ChainBlock[] = [];
  const byHash = new Map<string, ChainBlock>();
  const byTransaction = new Map<string, { entry: ChainBlock; mined: MinedTransaction }>();
  // BLOCKHASH reads the chain's own blocks.
  const blockchain = {
    getBlock: async (number: number) => {
      const entry = blocks[number];
      if (entry === undefined) throw new Error(`no block ${number}`);
      return entry.block;
    },
    putBlock: async () => undefined,
    shallowCopy() {
      return this;
    },
  };
  const state = new MerkleStateManager({ common, caches: new Caches() });
  const vm = await createVM({ common, stateManager: state, blockchain });
  const keys = new Map(options.accounts.map((account) => [account.address, hexToBytes(account.privateKey)]));
  // Public keys of the funded accounts: a transaction the chain signs needs no signature recovery.
  const publicKeys = new Map(
    options.accounts.map((account) => [
      account.address,
      secp256k1.getPublicKey(keys.get(account.address) as Uint8Array, false).slice(1),
    ]),
  );

  await state.checkpoint();
  for (const account of options.accounts) {
    await state.putAccount(
      createAddressFromString(account.address),
      createAccount({ balance: DEV_ACCOUNT_BALANCE }),
    );
  }
  await state.commit();
  const genesis = createBlock(
    {
      header: {
        number: 0n,
        gasLimit: SMALL_BLOCK_GAS_LIMIT,
        baseFeePerGas: GENESIS_BASE_FEE,
        timestamp: options.genesisTimestamp ?? nowSeconds(),
        stateRoot: await state.getStateRoot(),
      },
    },
    { common },
  );
  keep({ block: genesis, hash: bytesToHex(genesis.hash()), number: 0n, transactions: [] });

  // Transactions accepted but not mined: by sender, by nonce.
  const pool = new Map<string, Map<bigint, TypedTransaction>>();
  // Why a pooled transaction was dropped when its block was built, for its sender's call.
  const dropped = new Map<string, Error>();
  const snapshots = new Map<number, bigint>();
  let nextSnapshot = 1;
  let automine = true;
  const blockListeners = new Set<(entry: ChainBlock) => void>();
  const pendingListeners = new Set<(hash: string) => void>();

  function keep(entry: ChainBlock): void {
    blocks.push(entry);
    byHash.set(entry.hash, entry);
    for (const mined of entry.transactions) byTransaction.set(mined.hash, { entry, mined });
  }

  const head = (): ChainBlock => blocks[blocks.length - 1] as ChainBlock;
  const nextBaseFee = (): bigint => head().block.header.calcNextBaseFee();

  async function accountOf(address: string) {
    return state.getAccount(createAddressFromString(address));
  }

  /** Transactions ready to run, in order: per sender, consecutive nonces from the account's nonce. */
  async function executable(): Promise<TypedTransaction[]> {
    const ready: TypedTransaction[] = [];
    for (const [sender, queued] of pool) {
      let nonce = (await accountOf(sender))?.nonce ?? 0n;
      for (let tx = queued.get(nonce); tx !== undefined; tx = queued.get(nonce)) {
        ready.push(tx);
        nonce++;
      }
    }
    return ready;
  }

  function unpool(tx: TypedTransaction): void {
    const sender = lower(tx.getSenderAddress());
    const queued = pool.get(sender);
    queued?.delete(tx.nonce);
    if (queued?.size === 0) pool.delete(sender);
  }

  /**
   * Mines one block with the given transactions (those that fit its gas limit), on top of the head.
   * A transaction the VM refuses is dropped from the pool, its reason kept for its sender.
   */
  async function mineBlock(candidates: readonly TypedTransaction[], timestamp?: bigint): Promise<ChainBlock> {
    // The VM's storage answers without I/O: without this turn of the event loop, a run of blocks would
    // starve sockets (subscribers, their reconnects) until it ends, which no real node does.
    await setImmediate();
    const parent = head();
    const big = candidates.some((tx) => options.usesBigBlocks(lower(tx.getSenderAddress())));
    const gasLimit = big ? BIG_BLOCK_GAS_LIMIT : SMALL_BLOCK_GAS_LIMIT;
    const parentTime = parent.block.header.timestamp;
    const builder = await buildBlock(vm, {
      parentBlock: parent.block,
      headerData: {
        number: parent.number + 1n,
        gasLimit,
        coinbase: createZeroAddress(),
        timestamp: timestamp ?? (nowSeconds() > parentTime ? nowSeconds() : parentTime),
      },
      blockOpts: { putBlockIntoBlockchain: false },
    });
    const results: { tx: TypedTransaction; result: RunTxResult }[] = [];
    const full = new Set<string>();
    for (const tx of candidates) {
      const sender = lower(tx.getSenderAddress());
      // A sender's later nonces wait for the next block once one of its transactions did not fit.
      if (full.has(sender) || tx.gasLimit > gasLimit - builder.gasUsed) {
        full.add(sender);
        continue;
      }
      try {
        results.push({ tx, result: await builder.addTransaction(tx) });
      } catch (error) {
        full.add(sender);
        dropped.set(bytesToHex(tx.hash()), error as Error);
      }
      unpool(tx);
    }
    const { block } = await builder.build();
    const hash = bytesToHex(block.hash());
    const baseFee = block.header.baseFeePerGas ?? 0n;
    let logIndex = 0;
    const transactions = results.map(({ tx, result }, index): MinedTransaction => {
      const logs = result.receipt.logs.map(
        ([address, topics, data]): ChainLog => ({
          address: bytesToHex(address),
          topics: topics.map((topic) => bytesToHex(topic)),
          data: bytesToHex(data),
          logIndex: logIndex++,
        }),
      );
      return {
        tx,
        hash: bytesToHex(tx.hash()),
        from: lower(tx.getSenderAddress()),
        index,
        status: "status" in result.receipt && result.receipt.status === 1 ? 1 : 0,
        gasUsed: result.totalGasSpent,
        cumulativeGasUsed: result.receipt.cumulativeBlockGasUsed,
        effectiveGasPrice: effectiveGasPrice(tx, baseFee),
        logsBloom: bytesToHex(result.bloom.bitvector),
        contractAddress: result.createdAddress ? lower(result.createdAddress) : null,
        logs,
      };
    });
    const entry: ChainBlock = { block, hash, number: block.header.number, transactions };
    keep(entry);
    for (const listener of blockListeners) listener(entry);
    return entry;
  }

  /** Mines blocks until no pooled transaction is ready; the blocks mined. */
  async function minePool(): Promise<ChainBlock[]> {
    const mined: ChainBlock[] = [];
    for (let ready = await executable(); ready.length > 0; ready = await executable()) {
      mined.push(await mineBlock(ready));
    }
    return mined;
  }

  /** Checks a signed transaction as HyperEVM's mempool does, and pools it; mines at once unless stopped. */
  async function submit(tx: TypedTransaction): Promise<string> {
    if (!tx.isSigned()) throw new ChainError(-32000, "transaction is not signed");
    const hash = bytesToHex(tx.hash());
    if (byTransaction.has(hash)) throw new ChainError(-32000, "already known");
    const sender = lower(tx.getSenderAddress());
    const limit = blockGasLimitFor(options.usesBigBlocks(sender));
    if (tx.gasLimit > limit) {
      const hint =
        limit === SMALL_BLOCK_GAS_LIMIT
          ? ` (the sender is on small blocks, ${SMALL_BLOCK_GAS_LIMIT} gas; move it to big blocks with the exchange action evmUserModify {usingBigBlocks: true})`
          : "";
      throw new ChainError(-32000, `exceeds block gas limit: gas ${tx.gasLimit}, limit ${limit}${hint}`);
    }
    const account = await accountOf(sender);
    const stateNonce = account?.nonce ?? 0n;
    if (tx.nonce < stateNonce) {
      throw new ChainError(-32000, `nonce too low: address ${sender}, tx: ${tx.nonce} state: ${stateNonce}`);
    }
    if (tx.nonce >= stateNonce + NONCE_WINDOW) {
      throw new ChainError(
        -32000,
        `nonce too high: address ${sender}, tx: ${tx.nonce} state: ${stateNonce} (the mempool holds the next ${NONCE_WINDOW} nonces of an address)`,
      );
    }
    const intrinsic = tx.getIntrinsicGas();
    if (tx.gasLimit < intrinsic) {
      throw new ChainError(-32000, `intrinsic gas too low: gas ${tx.gasLimit}, minimum needed ${intrinsic}`);
    }
    const maxFee = "maxFeePerGas" in tx ? tx.maxFeePerGas : (tx as { gasPrice: bigint }).gasPrice;
    const baseFee = nextBaseFee();
    if (maxFee < baseFee) {
      throw new ChainError(
        -32000,
        `max fee per gas less than block base fee: address ${sender}, maxFeePerGas: ${maxFee}, baseFee: ${baseFee}`,
      );
    }
    const want = tx.gasLimit * maxFee + tx.value;
    const have = account?.balance ?? 0n;
    if (have < want) {
      throw new ChainError(
        -32000,
        `insufficient funds for gas * price + value: address ${sender} have ${have} want ${want}`,
      );
    }
    const queued = pool.get(sender) ?? new Map<bigint, TypedTransaction>();
    queued.set(tx.nonce, tx);
    pool.set(sender, queued);
    for (const listener of pendingListeners) listener(hash);
    if (automine) await minePool();
    const failure = dropped.get(hash);
    if (failure !== undefined) {
      dropped.delete(hash);
      throw new ChainError(-32000, failure.message.split(" (")[0] ?? failure.message);
    }
    return hash;
  }

  /** Runs a call on the latest state and undoes it; the EVM's result. */
  async function runCall(fields: CallFields, gasLimit: bigint) {
    const caller = createAddressFromString(fields.from ?? "0x0000000000000000000000000000000000000000");
    // Addresses and slots a call warms (EIP-2929) must not stay warm for the next call or transaction.
    await vm.evm.journal.cleanup();
    await state.checkpoint();
    try {
      return await vm.evm.runCall({
        caller,
        origin: caller,
        ...(fields.to ? { to: createAddressFromString(fields.to) } : {}),
        value: fields.value ?? 0n,
        data: hexToBytes((fields.data ?? "0x") as `0x${string}`),
        gasLimit,
        skipBalance: true,
        block: head().block,
      });
    } finally {
      await state.revert();
      await vm.evm.journal.cleanup();
    }
  }

  /** Gas an unsigned transaction needs before it runs: 21000, calldata, contract creation, access list. */
  function intrinsicGas(fields: CallFields): bigint {
    return createTx(
      {
        type: 2,
        ...(fields.to ? { to: fields.to as `0x${string}` } : {}),
        data: (fields.data ?? "0x") as `0x${string}`,
        accessList: (fields.accessList ?? []) as never,
      } as TypedTxData,
      { common },
    ).getIntrinsicGas();
  }

  function failure(result: Awaited<ReturnType<typeof runCall>>): ChainError | undefined {
    const error = result.execResult.exceptionError;
    if (error === undefined) return undefined;
    const data = bytesToHex(result.execResult.returnValue);
    if (error.error !== "revert") return new ChainError(-32000, error.error);
    const reason = revertReason(data);
    return new ChainError(
      3,
      reason === undefined ? "execution reverted" : `execution reverted: ${reason}`,
      data,
    );
  }

  async function call(fields: CallFields): Promise<string> {
    const result = await runCall(fields, fields.gas ?? BIG_BLOCK_GAS_LIMIT);
    const refused = failure(result);
    if (refused) throw refused;
    return bytesToHex(result.execResult.returnValue);
  }

  /**
   * The least gas limit the transaction runs with: intrinsic gas plus the execution gas it used at the
   * cap, raised (by bisection) when a limit that low fails (the 63/64 rule of calls, refunds).
   */
  async function estimateGas(fields: CallFields): Promise<bigint> {
    const cap = fields.gas ?? blockGasLimitFor(options.usesBigBlocks(lower(fields.from ?? "0x")));
    // A plain transfer to an account without code costs 21000, as go-ethereum answers without running it.
    const plain = (fields.data ?? "0x") === "0x" && !fields.accessList?.length && fields.to;
    if (plain && (await state.getCode(createAddressFromString(fields.to as string))).length === 0) {
      if (cap < TRANSFER_GAS) throw new ChainError(-32000, `gas required exceeds allowance (${cap})`);
      return TRANSFER_GAS;
    }
    const intrinsic = intrinsicGas(fields);
    if (intrinsic > cap) throw new ChainError(-32000, `gas required exceeds allowance (${cap})`);
    const first = await runCall(fields, cap - intrinsic);
    const refused = failure(first);
    if (refused) throw refused;
    let low = first.execResult.executionGasUsed;
    if (failure(await runCall(fields, low)) === undefined) return intrinsic + low;
    let high = cap - intrinsic;
    while (high - low > 1n) {
      const middle = (low + high) / 2n;
      if (failure(await runCall(fields, middle)) === undefined) high = middle;
      else low = middle;
    }
    return intrinsic + high;
  }

  /** Signs a transaction for one of the funded accounts, filling what is missing, and submits it. */
  async function sendUnsigned(fields: UnsignedFields): Promise<string> {
    const from = fields.from.toLowerCase();
    const key = keys.get(from);
    if (key === undefined) throw new ChainError(-32000, `unknown account ${from}`);
    const pooled = pool.get(from);
    let nonce = fields.nonce ?? (await accountOf(from))?.nonce ?? 0n;
    if (fields.nonce === undefined) while (pooled?.has(nonce)) nonce++;
    const gasLimit = fields.gas ?? (await estimateGas(fields));
    const base = {
      to: fields.to ?? undefined,
      value: fields.value ?? 0n,
      data: fields.data ?? "0x",
      nonce,
      gasLimit,
    };
    const data =
      fields.gasPrice !== undefined
        ? { ...base, type: 0, gasPrice: fields.gasPrice }
        : {
            ...base,
            type: 2,
            maxPriorityFeePerGas: fields.maxPriorityFeePerGas ?? 0n,
            maxFeePerGas: fields.maxFeePerGas ?? 2n * nextBaseFee() + (fields.maxPriorityFeePerGas ?? 0n),
            accessList: fields.accessList ?? [],
          };
    const signed = createTx(data as TypedTxData, { common }).sign(key);
    signed.cache.senderPubKey = publicKeys.get(from);
    return submit(signed);
  }

  return {
    chainId: options.chainId,
    accounts: options.accounts,
    head,
    blockAt: (number: bigint): ChainBlock | undefined => blocks[Number(number)],
    blockByHash: (hash: string): ChainBlock | undefined => byHash.get(hash.toLowerCase()),
    transaction: (hash: string) => byTransaction.get(hash.toLowerCase()),
    /** Pooled transactions, by hash (the ones not mined yet). */
    pooled: (hash: string): TypedTransaction | undefined =>
      [...pool.values()]
        .flatMap((queued) => [...queued.values()])
        .find((tx) => bytesToHex(tx.hash()) === hash),
    nextBaseFee,
    account: accountOf,
    code: async (address: string) => bytesToHex(await state.getCode(createAddressFromString(address))),
    storage: async (address: string, slot: Uint8Array) =>
      bytesToHex(await state.getStorage(createAddressFromString(address), slot)),
    proof: async (address: string, slots: Uint8Array[]) => {
      const { getMerkleStateProof } = await import("@ethereumjs/statemanager");
      return getMerkleStateProof(state, createAddressFromString(address), slots);
    },
    sendRaw: (raw: string) => {
      let tx: TypedTransaction;
      try {
        tx = createTxFromRLP(hexToBytes(raw as `0x${string}`), { common });
      } catch (error) {
        return Promise.reject(
          new ChainError(-32000, `invalid transaction: ${(error as Error).message.split(" (")[0]}`),
        );
      }
      return submit(tx);
    },
    sendUnsigned,
    call,
    estimateGas,
    /** Mines one block with the ready pooled transactions (empty when none), at `timestamp` if given. */
    mine: async (timestamp?: bigint) => mineBlock(await executable(), timestamp),
    /** Stops or restarts mining on submission; restarting mines what was pooled. */
    setAutomine: async (on: boolean) => {
      automine = on;
      if (on) await minePool();
    },
    snapshot: (): number => {
      snapshots.set(nextSnapshot, head().number);
      return nextSnapshot++;
    },
    /** Goes back to a snapshot: later blocks leave the chain; that snapshot and later ones are used up. */
    revert: async (id: number): Promise<boolean> => {
      const number = snapshots.get(id);
      if (number === undefined) return false;
      for (const taken of [...snapshots.keys()]) if (taken >= id) snapshots.delete(taken);
      while (head().number > number) {
        const removed = blocks.pop() as ChainBlock;
        byHash.delete(removed.hash);
        for (const mined of removed.transactions) byTransaction.delete(mined.hash);
      }
      await state.setStateRoot(head().block.header.stateRoot);
      return true;
    },
    onBlock(listener: (entry: ChainBlock) => void): () => void {
      blockListeners.add(listener);
      return () => blockListeners.delete(listener);
    },
    onPending(listener: (hash: string) => void): () => void {
      pendingListeners.add(listener);
      return () => pendingListeners.delete(listener);
    },
  };
}

/** The sandbox's chain, as {@link createDevChain} makes it. */
export type DevChain = Awaited<ReturnType<typeof createDevChain>>;

function effectiveGasPrice(tx: TypedTransaction, baseFee: bigint): bigint {
  if (!("maxFeePerGas" in tx)) return (tx as { gasPrice: bigint }).gasPrice;
  const tip =
    tx.maxPriorityFeePerGas < tx.maxFeePerGas - baseFee ? tx.maxPriorityFeePerGas : tx.maxFeePerGas - baseFee;
  return baseFee + tip;
}

/** The reason of an `Error(string)` revert, when the data is one. */
function revertReason(data: string): string | undefined {
  if (!data.startsWith(REVERT_SELECTOR) || data.length < 138) return undefined;
  const length = Number(BigInt(`0x${data.slice(74, 138)}`));
  const text = data.slice(138, 138 + length * 2);
  return text.length === length * 2 ? Buffer.from(text, "hex").toString("utf8") : undefined;
}
