import {
  type Account,
  type AccountResource,
  type AssetIssue,
  type Block,
  type BroadcastResult,
  type ConstantCall,
  createWalletOperations,
  type GetAssetIssueByIdResponse,
  type SignedTransaction,
  type Transaction,
  type TransactionInfo,
  type UnsignedTransaction,
  type WalletOperations,
} from "../../generated/wallet/index.js";
import { type NodeClientOptions, nodeCallerOptions } from "../runtime/node-client-options.js";
import type { CallOptions } from "../runtime/operation.js";
import type { UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { readableAssetIssue } from "./readable-asset.js";
import type { TransferOptions, TransferRequest, TransferResult } from "./transaction/transfer.js";
import type { WalletSigner } from "./transaction/wallet-signer.js";
import type { ConstantCaller, Trc20Contract } from "./trc20/trc20-contract.js";
import { createWalletCaller } from "./wallet-caller.js";
import type {
  AccountQuery,
  AssetIssueQuery,
  AssetIssueSearchResult,
  AssetPageQuery,
  BlockNumQuery,
  BlockQuery,
  ConstantCallQuery,
  CreateTransactionQuery,
  TransferAssetQuery,
  ValueQuery,
  VisibleQuery,
} from "./wallet-queries.js";

/**
 * Options of {@link createWalletClient}: those of every node client. `retry` covers the reads;
 * transfers and broadcasts are sent once.
 */
export interface WalletClientOptions extends NodeClientOptions {}

/** Per-call options of the reads that have a `/walletsolidity` twin. */
export interface WalletReadOptions extends CallOptions {
  /** Read from the latest solidified block (`/walletsolidity/...`): data that can no longer change. Default `false`. */
  confirmed?: boolean;
}

/**
 * The wallet node client: balances, resources, blocks, transactions and receipts, contract reads,
 * TRC-10 tokens, and transfers that are checked before they are signed.
 *
 * Answers come in the encoding `visible` asks for (default `true`: `T…` addresses and plain text),
 * except the token look-ups, which always come back readable. int64 fields are `bigint`. Look-ups
 * answer `null` (or an empty list) where the node answers `{}`; `{"Error": …}` answers become
 * an `HttpError` with status 200.
 */
export interface WalletClient {
  /**
   * An account: TRX `balance` in sun, TRC-10 holdings (`assetV2`), stake, permissions.
   * @returns The account, or `null` when the address has none yet.
   * @example
   * const account = await wallet.getAccount({ address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp" });
   * account?.balance; // 1793227200n
   */
  getAccount(query: AccountQuery, options?: WalletReadOptions): Promise<Account | null>;
  /**
   * An account's bandwidth and energy, and the network totals behind them.
   * @example
   * const { freeNetLimit = 0n, freeNetUsed = 0n } = await wallet.getAccountResource({ address });
   */
  getAccountResource(query: AccountQuery, options?: CallOptions): Promise<AccountResource>;
  /**
   * The head block (with `confirmed`, the latest solidified block), with its transactions.
   * @example
   * const head = await wallet.getNowBlock();
   * head.block_header.raw_data.number; // 66987627n
   */
  getNowBlock(query?: VisibleQuery, options?: WalletReadOptions): Promise<Block>;
  /**
   * The block at a height, or `null` when the chain is not that high.
   * @example
   * const block = await wallet.getBlockByNum({ num: 23079498n });
   */
  getBlockByNum(query: BlockNumQuery, options?: WalletReadOptions): Promise<Block | null>;
  /**
   * The block with this `blockID`, or `null`.
   * @example
   * const head = await wallet.getNowBlock();
   * const block = await wallet.getBlockById({ value: head.blockID });
   */
  getBlockById(query: ValueQuery, options?: WalletReadOptions): Promise<Block | null>;
  /**
   * A block by height or id, the head block without `id_or_num`; header only unless `detail`.
   * @example
   * const header = await wallet.getBlock({ detail: false });
   */
  getBlock(query?: BlockQuery, options?: CallOptions): Promise<Block | null>;
  /**
   * A transaction in a block, or `null` (unknown, or not in a block yet).
   * @example
   * const tx = await wallet.getTransactionById({ value: "a6850deb302e647f386dce814e272a86919d6d77fde5b44b0db1b6641e51740f" });
   */
  getTransactionById(query: ValueQuery, options?: WalletReadOptions): Promise<Transaction | null>;
  /**
   * A transaction's receipt (fee, resources, logs), or `null` until it is in a block.
   * @example
   * const info = await wallet.getTransactionInfoById({ value: "a6850deb302e647f386dce814e272a86919d6d77fde5b44b0db1b6641e51740f" }, { confirmed: true });
   */
  getTransactionInfoById(query: ValueQuery, options?: WalletReadOptions): Promise<TransactionInfo | null>;
  /**
   * Runs a contract function without a transaction. The answer says whether it reverted
   * (`transaction.ret[0].ret === "FAILED"`); {@link WalletClient.trc20} turns that into errors.
   * @example
   * const call = await wallet.triggerConstantContract({ contract_address: token, function_selector: "decimals()" });
   */
  triggerConstantContract(query: ConstantCallQuery, options?: WalletReadOptions): Promise<ConstantCall>;
  /**
   * Has the node build an unsigned TRX transfer. Prefer {@link WalletClient.transfer}, which also checks,
   * signs and broadcasts it.
   * @example
   * const unsigned = await wallet.createTransaction({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", to_address: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n });
   */
  createTransaction(query: CreateTransactionQuery, options?: CallOptions): Promise<UnsignedTransaction>;
  /**
   * Has the node build an unsigned TRC-10 transfer. Prefer {@link WalletClient.transfer}.
   * @example
   * const unsigned = await wallet.transferAsset({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", to_address: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", asset_name: "1005416", amount: 5n });
   */
  transferAsset(query: TransferAssetQuery, options?: CallOptions): Promise<UnsignedTransaction>;
  /**
   * Sends a signed transaction as the node built it, and returns the node's answer as it is
   * (`result: true`, or a `code` and `message`). {@link WalletClient.transfer} throws on refusal instead.
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * const unsigned = await wallet.createTransaction({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", to_address: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1n });
   * const signature = await privateKeySigner(sandbox.credentials.walletPrivateKey).signTransaction({ txID: unsigned.txID, rawDataHex: unsigned.raw_data_hex });
   * const { result, code } = await wallet.broadcastTransaction({ ...unsigned, signature: [signature] });
   */
  broadcastTransaction(transaction: SignedTransaction, options?: CallOptions): Promise<BroadcastResult>;
  /**
   * Finds the asset tokens with this name (names are not unique; `id` is the exact key).
   *
   * Whatever `visible` is, the tokens come back readable: `name`, `abbr`, `description` and `url` as
   * text and `owner_address` as Base58Check `T…` (with `visible: false` the client decodes the node's
   * hex and `41…` forms). int64 fields (`total_supply`, times, limits) are `bigint`.
   *
   * @returns `{ assetIssue }`, an empty list when the node answers `{}`.
   * @throws {RequestValidationError} before sending, for a missing value or, with `visible: false`, a value that is not hex.
   * @throws {HttpError} with status 200 when the node answers `{"Error": …}`; `serviceMessage` holds its text.
   * @example
   * const { assetIssue } = await wallet.getAssetIssueListByName({ value: "TRN" });
   */
  getAssetIssueListByName(
    query: AssetIssueQuery,
    options?: WalletReadOptions,
  ): Promise<AssetIssueSearchResult>;
  /**
   * Fetches one asset token by id, in the same readable form as `getAssetIssueListByName`.
   *
   * @returns The token, or `null` when no token has this id (the node answers `{}`).
   * @throws {RequestValidationError} before sending, for an id that is not a decimal string.
   * @example
   * const btt = await wallet.getAssetIssueById({ value: "1002000" });
   * btt?.total_supply; // 990000000000000000n
   */
  getAssetIssueById(query: AssetIssueQuery, options?: WalletReadOptions): Promise<AssetIssue | null>;
  /**
   * The tokens an account issued, readable like the other token look-ups; `[]` when none.
   * @example
   * const { assetIssue } = await wallet.getAssetIssueByAccount({ address: "TF5Bn4cJCT6GVeUgyCN4rBhDg42KBrpAjg" });
   */
  getAssetIssueByAccount(query: AccountQuery, options?: CallOptions): Promise<AssetIssueSearchResult>;
  /**
   * Every token, readable. Thousands on mainnet: prefer `getPaginatedAssetIssueList`.
   * @example
   * const { assetIssue } = await wallet.getAssetIssueList();
   */
  getAssetIssueList(query?: VisibleQuery, options?: WalletReadOptions): Promise<AssetIssueSearchResult>;
  /**
   * A page of the token list, readable; `[]` past the end.
   * @example
   * const { assetIssue } = await wallet.getPaginatedAssetIssueList({ offset: 0, limit: 20 });
   */
  getPaginatedAssetIssueList(
    query: AssetPageQuery,
    options?: WalletReadOptions,
  ): Promise<AssetIssueSearchResult>;
  /**
   * Sends TRX, or a TRC-10 token with `asset`, from `signer.address`. The node builds the
   * transaction; the client checks that `txID` is the SHA-256 of `raw_data_hex` and that the
   * decoded bytes say exactly what was asked (contract type, owner, recipient, amount, token, one
   * contract, no memo, an expiration within `maxExpirationMs`) before the signer is called, then
   * checks the signature and broadcasts.
   *
   * @returns The transaction id and the node's answer.
   * @throws {TransactionMismatchError} naming the field the node changed; nothing was signed.
   * @throws {BroadcastError} when the node refuses the signed transaction.
   * @throws {RequestValidationError} before sending, for a bad recipient, amount or token id.
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * const me = privateKeySigner(sandbox.credentials.walletPrivateKey);
   * const { txID } = await wallet.transfer({ to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n }, me);
   */
  transfer(
    request: TransferRequest,
    signer: WalletSigner,
    options?: TransferOptions,
  ): Promise<TransferResult>;
  /**
   * A TRC-20 token's reads (`balanceOf`, `decimals`, `symbol`) over `triggerConstantContract`.
   * @example
   * const balance = await wallet.trc20("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").balanceOf("TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp"); // bigint
   */
  trc20(contract: string, options?: WalletReadOptions): Trc20Contract;
  /** Requests sent so far (each retry counts). */
  usage(): UsageSnapshot;
}

type Operations = WalletOperations &
  Record<string, (input: unknown, options?: CallOptions) => Promise<unknown>>;

/**
 * Creates a client for a TRON-style wallet node.
 *
 * Inputs are checked before sending (addresses in either form are sent in the form `visible`
 * asks for), responses validated and read losslessly (`total_supply` such as 990000000000000000
 * arrives exact, as a `bigint`), and the node's `{"Error": …}` answers at HTTP 200 become errors.
 * Inspecting or serialising the client shows no token or password.
 *
 * @param options - Node URL, credentials and transport options.
 * @returns The client.
 * @throws {ConfigurationError} when the URL is not https (loopback excepted), or the credentials are
 *   empty, mixed or a bearer key.
 * @example
 * const wallet = createWalletClient({ url: "https://nd-123-456-789.p2pify.com", credentials: { token } });
 * const account = await wallet.getAccount({ address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp" });
 */
export function createWalletClient(options: WalletClientOptions): WalletClient {
  // The caller sends `visible`, converts addresses and reads `{"Error": …}` answers, for every operation.
  const caller = createWalletCaller({
    baseUrl: options.url,
    urlOption: "url",
    ...nodeCallerOptions(options),
  });
  const operations = createWalletOperations(caller) as Operations;

  /** Calls an operation, or its `/walletsolidity` twin when `confirmed` is asked for. */
  function call(
    id: keyof WalletOperations,
    input: unknown,
    callOptions?: WalletReadOptions,
  ): Promise<unknown> {
    const { confirmed, ...rest } = callOptions ?? {};
    const operation = operations[confirmed ? `${id}Solidity` : id] as Operations[string];
    return operation(input, rest);
  }
  const found = <T>(answer: unknown, key: string): T | null =>
    answer !== null && typeof answer === "object" && key in answer ? (answer as T) : null;
  const tokenList = (answer: unknown, visible: boolean): AssetIssueSearchResult => {
    const list = found<AssetIssueSearchResult>(answer, "assetIssue")?.assetIssue ?? [];
    return { assetIssue: visible ? list : list.map(readableAssetIssue) };
  };

  const client: WalletClient = {
    getAccount: async (query, callOptions) => found(await call("getAccount", query, callOptions), "address"),
    getAccountResource: async (query, callOptions) =>
      (await call("getAccountResource", query, callOptions)) as AccountResource,
    getNowBlock: async (query, callOptions) => (await call("getNowBlock", query ?? {}, callOptions)) as Block,
    getBlockByNum: async (query, callOptions) =>
      found(
        await call("getBlockByNum", { ...query, num: toInt64(query?.num) } as VisibleQuery, callOptions),
        "blockID",
      ),
    getBlockById: async (query, callOptions) =>
      found(await call("getBlockById", query, callOptions), "blockID"),
    getBlock: async (query, callOptions) =>
      found(await call("getBlock", query ?? {}, callOptions), "blockID"),
    getTransactionById: async (query, callOptions) =>
      found(await call("getTransactionById", query, callOptions), "txID"),
    getTransactionInfoById: async (query, callOptions) =>
      found(await call("getTransactionInfoById", query, callOptions), "id"),
    triggerConstantContract: async (query, callOptions) =>
      (await call("triggerConstantContract", query, callOptions)) as ConstantCall,
    createTransaction: async (query, callOptions) =>
      (await call("createTransaction", query, callOptions)) as UnsignedTransaction,
    transferAsset: async (query, callOptions) =>
      (await call("transferAsset", query, callOptions)) as UnsignedTransaction,
    broadcastTransaction: async (transaction, callOptions) =>
      (await operations.broadcastTransaction(transaction, callOptions)) as BroadcastResult,
    async getAssetIssueListByName(query, callOptions) {
      const visible = query?.visible ?? true;
      return tokenList(
        await call("getAssetIssueListByName", { value: query?.value, visible }, callOptions),
        visible,
      );
    },
    async getAssetIssueById(query, callOptions) {
      const visible = query?.visible ?? true;
      const answer = await call("getAssetIssueById", { value: query?.value, visible }, callOptions);
      const asset = found<AssetIssue>(answer as GetAssetIssueByIdResponse, "id");
      return asset === null || visible ? asset : readableAssetIssue(asset);
    },
    getAssetIssueByAccount: async (query, callOptions) =>
      tokenList(await call("getAssetIssueByAccount", query, callOptions), query?.visible ?? true),
    getAssetIssueList: async (query, callOptions) =>
      tokenList(await call("getAssetIssueList", query ?? {}, callOptions), query?.visible ?? true),
    getPaginatedAssetIssueList: async (query, callOptions) =>
      tokenList(await call("getPaginatedAssetIssueList", query, callOptions), query?.visible ?? true),
    // Checking, signing and recovering (secp256k1, the protobuf reader) load on the first transfer,
    // and the ABI coder on the first TRC-20 read: a client that only reads never downloads them.
    async transfer(request, signer, transferOptions) {
      const { sendTransfer } = await import("./transaction/transfer.js");
      return sendTransfer(operations, request, signer, transferOptions);
    },
    trc20: (contract, readOptions) =>
      lazyTrc20(contract, async (request) => {
        const answer = await client.triggerConstantContract({ ...request, visible: true }, readOptions);
        return { answer, visible: true };
      }),
    usage: () => caller.usage(),
  };
  return client;
}

/** A TRC-20 contract whose reads load the ABI coder on first use. */
function lazyTrc20(address: string, call: ConstantCaller): Trc20Contract {
  let loaded: Promise<Trc20Contract> | undefined;
  const contract = () => {
    loaded ??= import("./trc20/trc20-contract.js").then(({ trc20Contract }) => trc20Contract(call, address));
    return loaded;
  };
  return {
    address,
    balanceOf: async (owner) => (await contract()).balanceOf(owner),
    decimals: async () => (await contract()).decimals(),
    symbol: async () => (await contract()).symbol(),
  };
}

/** A height as the int64 the spec types it (a safe integer number is accepted too). */
function toInt64(value: bigint | number | undefined): bigint | number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) ? BigInt(value) : value;
}
