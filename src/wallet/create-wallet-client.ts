import {
  type Account,
  type AccountNet,
  type AccountResource,
  type AssetIssue,
  type Block,
  type BroadcastResult,
  type CanWithdrawAmount,
  type ChainParameters,
  type ConstantCall,
  type ContractCallBuild,
  type ContractInfo,
  createWalletOperations,
  type DelegatedAccountIndex,
  type DelegatedResource,
  type EnergyEstimate,
  type GetAssetIssueByIdResponse,
  type SignedTransaction,
  type SmartContract,
  type Transaction,
  type TransactionInfo,
  type UnsignedTransaction,
  type WalletOperations,
} from "../../generated/wallet/index.js";
import { scrubbedClient } from "../runtime/credentials/scrubbed-client.js";
import { ConfigurationError } from "../runtime/errors/configuration-error.js";
import { loadOnce } from "../runtime/load-once.js";
import { type NodeClientOptions, nodeCallerOptions } from "../runtime/node-client-options.js";
import type { CallOptions } from "../runtime/operation.js";
import { deferredRestCaller } from "../runtime/rest/deferred-rest-caller.js";
import type { UsageSnapshot } from "../runtime/usage/usage-meter.js";
import { FEE_LIMIT_CAP_RULE } from "./fee-limit-cap.js";
import { DEFAULT_MAX_FEE_LIMIT } from "./fee-limits.js";
import type { FeeEstimate, FeeRequest } from "./fees/estimate-fee.js";
import { lazyStake } from "./lazy-stake.js";
import { lazyTrc20 } from "./lazy-trc20.js";
import { positiveSun } from "./positive-sun.js";
import type { StakeWrites } from "./stake/stake-writes.js";
import type { TransferOptions, TransferRequest, TransferResult } from "./transaction/transfer.js";
import type { WaitForTransactionOptions } from "./transaction/wait-for-transaction.js";
import type { WalletSigner } from "./transaction/wallet-signer.js";
import type { Trc20Contract } from "./trc20/trc20-contract.js";
import type {
  AccountQuery,
  AssetIssueQuery,
  AssetIssueSearchResult,
  AssetPageQuery,
  BlockNumQuery,
  BlockQuery,
  CanWithdrawQuery,
  ConstantCallQuery,
  ContractQuery,
  CreateTransactionQuery,
  DelegationQuery,
  EnergyQuery,
  TransferAssetQuery,
  TriggerSmartContractQuery,
  ValueQuery,
  VisibleQuery,
} from "./wallet-queries.js";
import type { Payment } from "./watch/block-payments.js";
import type { WatchPaymentsOptions, WatchReads } from "./watch/watch-payments.js";

// Names and addresses turned readable (base58check: sha256) load with the first answer that needs them.
const readableAsset = /* @__PURE__ */ loadOnce(() => import("./readable-asset.js"));

/**
 * Options of {@link createWalletClient}: those of every node client, and the cap on TRC-20 fee
 * limits. `retry` covers the reads; writes and broadcasts are sent once.
 */
export interface WalletClientOptions extends NodeClientOptions {
  /**
   * The highest `feeLimit` (sun) a TRC-20 write may ask for, unless the call raises it (default
   * 1 000 000 000, 1 000 TRX). A larger one is refused before anything is sent, and a transaction
   * the node built with any fee limit other than the one asked is never signed.
   */
  maxFeeLimit?: bigint | number;
}

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
   * The receipts of every transaction in the block at a height, in block order (`[]` when none):
   * fees, resources, and contract results with their logs (TRC-20 `Transfer` and `Approval`).
   * @example
   * const receipts = await wallet.getTransactionInfoByBlockNum({ num: 66987565n }, { confirmed: true });
   */
  getTransactionInfoByBlockNum(query: BlockNumQuery, options?: WalletReadOptions): Promise<TransactionInfo[]>;
  /**
   * A deployed contract: its ABI (`abi.entrys`), bytecode, deployer and name, or `null` when the
   * address holds none.
   * @example
   * const contract = await wallet.getContract({ value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" });
   */
  getContract(query: ContractQuery, options?: CallOptions): Promise<SmartContract | null>;
  /**
   * A contract with its runtime code and energy state (`contract_state.energy_factor`), or `null`.
   * @example
   * const info = await wallet.getContractInfo({ value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" });
   */
  getContractInfo(query: ContractQuery, options?: CallOptions): Promise<ContractInfo | null>;
  /**
   * Has the node build an unsigned contract call (`result.result` true and `transaction`), or says
   * why it will not (`result.code`, `result.message`). Prefer `trc20(token).transfer` and
   * `approve`, which also check, sign and broadcast.
   * @example
   * const built = await wallet.triggerSmartContract({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", contract_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", function_selector: "approve(address,uint256)", parameter: "0".repeat(128), fee_limit: 100_000_000n });
   */
  triggerSmartContract(query: TriggerSmartContractQuery, options?: CallOptions): Promise<ContractCallBuild>;
  /**
   * Waits until a transaction is in a block (with `confirmed: true`, until the solidified chain has
   * it) and returns its receipt. A `0x` prefix on the id is dropped.
   *
   * @throws {TransactionFailedError} when its contract call failed (`REVERT`, `OUT_OF_ENERGY`), with the decoded revert reason.
   * @throws {TransactionWaitTimeoutError} when `timeout` (default 120 s) runs out first.
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * const me = privateKeySigner(sandbox.credentials.walletPrivateKey);
   * const { txID } = await wallet.trc20(sandbox.fixtures.walletTrc20Address).transfer("TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", 1_000_000n, me);
   * const receipt = await wallet.waitForTransaction(txID, { confirmed: true });
   */
  waitForTransaction(txID: string, options?: WaitForTransactionOptions): Promise<TransactionInfo>;
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
   * @throws {BroadcastError} when the node refuses to build or to take it, with the reason in words
   *   (`balance too low`, `account not activated`, …).
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
   * A TRC-20 token, with the EVM client's `erc20` methods: reads (`name`, `symbol`, `decimals`,
   * `totalSupply`, `balanceOf`, `allowance`) over `triggerConstantContract`, and writes (`transfer`,
   * `approve`) built by the node with `triggerSmartContract` and checked field by field before the
   * signer is called. `options.confirmed` applies to the reads.
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * const token = wallet.trc20(sandbox.fixtures.walletTrc20Address);
   * const balance = await token.balanceOf("TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp"); // bigint
   * await token.transfer("TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", 1_000_000n, privateKeySigner(sandbox.credentials.walletPrivateKey), { feeLimit: 50_000_000n });
   */
  trc20(contract: string, options?: WalletReadOptions): Trc20Contract;
  /**
   * The energy a contract call needs (`estimateenergy`), or why it cannot run (`result.code`).
   * Nodes without the estimate answer 404 or an `{"Error": …}` body; {@link WalletClient.estimateFee}
   * then falls back to the constant call's `energy_used`.
   * @example
   * const { energy_required } = await wallet.estimateEnergy({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", contract_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", function_selector: "balanceOf(address)", parameter: "0".repeat(64) });
   */
  estimateEnergy(query: EnergyQuery, options?: CallOptions): Promise<EnergyEstimate>;
  /**
   * The network's parameters: `getEnergyFee` and `getTransactionFee` are today's prices of energy
   * and bandwidth in sun.
   * @example
   * const { chainParameter } = await wallet.getChainParameters();
   * chainParameter.find((entry) => entry.key === "getEnergyFee")?.value; // 100n
   */
  getChainParameters(options?: CallOptions): Promise<ChainParameters>;
  /**
   * An account's bandwidth: free, staked or delegated, used.
   * @example
   * const { freeNetLimit, NetLimit = 0n } = await wallet.getAccountNet({ address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp" });
   */
  getAccountNet(query: AccountQuery, options?: CallOptions): Promise<AccountNet>;
  /**
   * Sun of an account's unstakings that can be withdrawn at `timestamp` (default now); 0n when none.
   * @example
   * const sun = await wallet.getCanWithdrawUnfreezeAmount({ owner_address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp" });
   */
  getCanWithdrawUnfreezeAmount(query: CanWithdrawQuery, options?: CallOptions): Promise<bigint>;
  /**
   * What one account lends another (Stake 2.0), per resource; `[]` when nothing.
   * @example
   * const lent = await wallet.getDelegatedResourceV2({ fromAddress: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", toAddress: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV" });
   */
  getDelegatedResourceV2(query: DelegationQuery, options?: CallOptions): Promise<DelegatedResource[]>;
  /**
   * Whom an account lends resources to (`toAccounts`) and borrows from (`fromAccounts`).
   * @example
   * const { toAccounts = [] } = await wallet.getDelegatedResourceAccountIndexV2({ value: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp" });
   */
  getDelegatedResourceAccountIndexV2(
    query: ValueQuery,
    options?: CallOptions,
  ): Promise<DelegatedAccountIndex>;
  /**
   * Stake 2.0: stake TRX for energy or bandwidth, unstake, withdraw, lend and take back, each
   * checked field by field before the signer is called. The code loads on the first call.
   * @example
   * import { privateKeySigner } from "chainkit/wallet";
   * await wallet.stake.freeze({ amount: 1_000_000_000n, resource: "ENERGY" }, privateKeySigner(sandbox.credentials.walletPrivateKey));
   */
  readonly stake: StakeWrites;
  /**
   * What a transfer (TRX, TRC-10 with `asset`, TRC-20 with `token`) will cost before it is sent:
   * its bandwidth and energy, what the sender's staked and delegated resources (and the free
   * bandwidth) cover, and the TRX the rest burns at today's chain parameters. Nothing is signed.
   * @example
   * const fee = await wallet.estimateFee({ from: sandbox.fixtures.walletAddress, to: "TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV", amount: 1_000_000n, token: sandbox.fixtures.walletTrc20Address });
   * console.log(fee.energy, fee.energyCovered, fee.totalBurn);
   */
  estimateFee(request: FeeRequest, options?: CallOptions): Promise<FeeEstimate>;
  /**
   * Incoming payments to `addresses`, block after block, in order, none missed and none twice:
   * TRX transfers (and contracts' internal ones), TRC-10 transfers and TRC-20 `Transfer` logs.
   * With `confirmed: true` only solidified blocks are read. Stop with `break` or `signal`.
   * @example
   * for await (const payment of wallet.watchPayments({ addresses: ["TPLkz8rzTT7gKRS1bUm3hBcvw1EExAbKTV"], confirmed: true })) {
   *   console.log(payment.kind, payment.asset, payment.amount);
   *   break;
   * }
   */
  watchPayments(options: WatchPaymentsOptions): AsyncGenerator<Payment>;
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
  // Bad options fail here; the call path (sending, the JSON reader, the answer checks, the address
  // forms) loads on the first call.
  const callerOptions = nodeCallerOptions(options);
  const caller = deferredRestCaller(
    { baseUrl: options.url, urlOption: "url", ...callerOptions },
    async (checked) => (await import("./wallet-caller.js")).createWalletCaller(checked),
  );
  const operations = createWalletOperations(caller) as Operations;
  const maxFeeLimit = feeLimitCap(options.maxFeeLimit);

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
  const tokenList = async (answer: unknown, visible: boolean): Promise<AssetIssueSearchResult> => {
    const list = found<AssetIssueSearchResult>(answer, "assetIssue")?.assetIssue ?? [];
    if (visible) return { assetIssue: list };
    const { readableAssetIssue } = await readableAsset();
    return { assetIssue: list.map(readableAssetIssue) };
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
    getTransactionInfoByBlockNum: async (query, callOptions) =>
      (await call(
        "getTransactionInfoByBlockNum",
        { ...query, num: toInt64(query?.num) } as VisibleQuery,
        callOptions,
      )) as TransactionInfo[],
    getContract: async (query, callOptions) =>
      found(await call("getContract", query, callOptions), "contract_address"),
    getContractInfo: async (query, callOptions) =>
      found(await call("getContractInfo", query, callOptions), "smart_contract"),
    triggerSmartContract: async (query, callOptions) =>
      (await call("triggerSmartContract", query, callOptions)) as ContractCallBuild,
    async waitForTransaction(txID, waitOptions) {
      const { waitForTransaction } = await import("./transaction/wait-for-transaction.js");
      return waitForTransaction(
        (id, { confirmed, ...rest }) => client.getTransactionInfoById({ value: id }, { ...rest, confirmed }),
        txID,
        waitOptions,
      );
    },
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
      return asset === null || visible ? asset : (await readableAsset()).readableAssetIssue(asset);
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
      lazyTrc20(
        contract,
        async (request) => {
          const answer = await client.triggerConstantContract({ ...request, visible: true }, readOptions);
          return { answer, visible: true };
        },
        { operations, maxFeeLimit },
      ),
    estimateEnergy: async (query, callOptions) =>
      (await call("estimateEnergy", query, callOptions)) as EnergyEstimate,
    getChainParameters: async (callOptions) =>
      (await call("getChainParameters", {}, callOptions)) as ChainParameters,
    getAccountNet: async (query, callOptions) =>
      (await call("getAccountNet", query, callOptions)) as AccountNet,
    getCanWithdrawUnfreezeAmount: async (query, callOptions) => {
      const answer = (await call(
        "getCanWithdrawUnfreezeAmount",
        { ...query, ...(query?.timestamp !== undefined && { timestamp: toInt64(query.timestamp) }) },
        callOptions,
      )) as CanWithdrawAmount;
      return BigInt(answer.amount ?? 0);
    },
    getDelegatedResourceV2: async (query, callOptions) =>
      found<{ delegatedResource: DelegatedResource[] }>(
        await call("getDelegatedResourceV2", query, callOptions),
        "delegatedResource",
      )?.delegatedResource ?? [],
    getDelegatedResourceAccountIndexV2: async (query, callOptions) =>
      (await call("getDelegatedResourceAccountIndexV2", query, callOptions)) as DelegatedAccountIndex,
    stake: lazyStake(operations),
    async estimateFee(request, callOptions) {
      const { estimateFee } = await import("./fees/estimate-fee.js");
      return estimateFee(operations, request, callOptions);
    },
    watchPayments: (watchOptions) => lazyWatch(client, watchOptions),
    usage: () => caller.usage(),
  };
  // Every error leaving the client is scrubbed of its credentials after decoding (hex messages, ABI reasons).
  return scrubbedClient(client, callerOptions.auth.redact);
}

/** The payment watcher, whose code loads when the iteration starts. */
async function* lazyWatch(client: WalletClient, options: WatchPaymentsOptions): AsyncGenerator<Payment> {
  const { watchPayments } = await import("./watch/watch-payments.js");
  const reads: WatchReads = {
    head: (confirmed, signal) => client.getNowBlock({}, { confirmed, signal }),
    block: (num, confirmed, signal) => client.getBlockByNum({ num }, { confirmed, signal }),
    receipts: (num, confirmed, signal) => client.getTransactionInfoByBlockNum({ num }, { confirmed, signal }),
  };
  yield* watchPayments(reads, options);
}

/** The client's cap on TRC-20 fee limits: a positive number of sun, in int64 range. */
function feeLimitCap(value: bigint | number | undefined): bigint {
  if (value === undefined) return DEFAULT_MAX_FEE_LIMIT;
  const cap = positiveSun(value);
  if (cap === undefined)
    throw new ConfigurationError("maxFeeLimit", `${FEE_LIMIT_CAP_RULE}, got ${String(value)}`);
  return cap;
}

/** A height as the int64 the spec types it (a safe integer number is accepted too). */
function toInt64(value: bigint | number | undefined): bigint | number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) ? BigInt(value) : value;
}
