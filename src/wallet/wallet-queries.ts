import type { AssetIssue } from "../../generated/wallet/index.js";

// The requests of the wallet client's calls, in the encoding each is sent with.

/** The encoding of a request and its answer (default `true`); always sent, since real nodes default to `false`. */
export interface VisibleQuery {
  /** `true`: Base58Check `T…` addresses and plain text; `false`: `41…` hex addresses and hex text. */
  visible?: boolean;
}

/** An account look-up. The address may be in either form: it is sent in the form `visible` asks for. */
export interface AccountQuery extends VisibleQuery {
  address: string;
}

/** A look-up by id (a transaction id, a block id, a token id). */
export interface ValueQuery extends VisibleQuery {
  value: string;
}

/** A block look-up by height. */
export interface BlockNumQuery extends VisibleQuery {
  num: bigint | number;
}

/** A block look-up with or without transactions (`getBlock`). */
export interface BlockQuery extends VisibleQuery {
  /** A height in decimal or a block id; the head block when absent. */
  id_or_num?: string;
  /** Include the transactions (default `false`). */
  detail?: boolean;
}

/** A read-only contract call. Addresses may be in either form. */
export interface ConstantCallQuery extends VisibleQuery {
  contract_address: string;
  /** The caller the contract sees; the zero address when absent. */
  owner_address?: string;
  /** The function signature, e.g. `balanceOf(address)`. */
  function_selector?: string;
  /** The ABI-encoded arguments (hex, without the selector). */
  parameter?: string;
  /** The whole call data, instead of `function_selector` and `parameter`. */
  data?: string;
  call_value?: bigint;
}

/** A contract look-up (`getContract`, `getContractInfo`). The address may be in either form. */
export interface ContractQuery extends VisibleQuery {
  value: string;
}

/** A state-changing contract call for the node to build. Addresses may be in either form. */
export interface TriggerSmartContractQuery extends VisibleQuery {
  /** The sender, who signs and pays. */
  owner_address: string;
  contract_address: string;
  /** The function signature, e.g. `transfer(address,uint256)`. */
  function_selector?: string;
  /** The ABI-encoded arguments (hex, without the selector). */
  parameter?: string;
  /** The whole call data, instead of `function_selector` and `parameter`. */
  data?: string;
  /** The most sun the call may burn for energy. */
  fee_limit?: bigint;
  /** Sun sent along. */
  call_value?: bigint;
  /** TRC-10 units sent along, and their token id. */
  call_token_value?: bigint;
  token_id?: bigint;
}

/** A TRX transfer for the node to build. Addresses may be in either form. */
export interface CreateTransactionQuery extends VisibleQuery {
  owner_address: string;
  to_address: string;
  /** Sun, as a positive `bigint`. */
  amount: bigint;
}

/** A TRC-10 transfer for the node to build. */
export interface TransferAssetQuery extends CreateTransactionQuery {
  /** The token id: digits when `visible` is true, their hex when false. */
  asset_name: string;
}

/** A contract call to estimate the energy of (`estimateEnergy`). Addresses may be in either form. */
export interface EnergyQuery extends VisibleQuery {
  owner_address: string;
  contract_address: string;
  /** The function signature, e.g. `transfer(address,uint256)`. */
  function_selector?: string;
  /** The ABI-encoded arguments (hex, without the selector). */
  parameter?: string;
  /** The whole call data, instead of `function_selector` and `parameter`. */
  data?: string;
  call_value?: bigint;
}

/** Whose withdrawable unstakings to count, and when (Unix milliseconds; now when absent). */
export interface CanWithdrawQuery extends VisibleQuery {
  owner_address: string;
  timestamp?: bigint | number;
}

/** A lender and a receiver of resources (Stake 2.0). Addresses may be in either form. */
export interface DelegationQuery extends VisibleQuery {
  fromAddress: string;
  toAddress: string;
}

/** A page of the token list. */
export interface AssetPageQuery extends VisibleQuery {
  offset: number;
  limit: number;
}

/** A look-up: the search value and the wire encoding to use. */
export interface AssetIssueQuery {
  /**
   * `getAssetIssueListByName`: the token name, as text when `visible` is true, or as the hex of its
   * UTF-8 bytes when `visible` is false (`textToHex("TRN")`). `getAssetIssueById`: the decimal id.
   */
  value: string;
  /** The encoding on the wire (default `true`); always sent, since real nodes default to `false`. */
  visible?: boolean;
}

/** A token list: every match, `[]` when none. */
export interface AssetIssueSearchResult {
  assetIssue: AssetIssue[];
}
