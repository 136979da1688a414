/**
 * The sandbox indexer's ledger: accounts, the transactions that changed them, the messages between
 * them, the traces those form, the actions decoded from the traces, and the blocks holding it all.
 * Every endpoint renders its answers from these records, so they agree with one another.
 */
import type { Cell } from "../boc/cell.js";
import type { MessagePayload } from "./message-bodies.js";

/** The contracts the sandbox runs. */
export type AccountKind = "wallet" | "jetton_master" | "jetton_wallet" | "nft_collection" | "nft_item";

/** An account and its current state (the state after its last transaction). */
export interface LedgerAccount {
  /** Raw form, `0:` + 64 upper-case hex digits. */
  raw: string;
  kind: AccountKind;
  status: "nonexist" | "active";
  /** Balance in nanotons. */
  balance: bigint;
  /** The `.ton` domain pointing at the account, if any. */
  domain: string | null;
  lastTransaction: LedgerTransaction | undefined;
  /** Wallets: the seqno (external messages accepted), subwallet id and public key. */
  wallet?: { seqno: number; walletId: number; publicKey: Uint8Array };
  /** Jetton wallets: the token balance, owner and master. */
  jettonWallet?: { balance: bigint; owner: string; master: string };
  /** Jetton masters: supply, admin and content. */
  jettonMaster?: { totalSupply: bigint; admin: string; name: string; symbol: string; decimals: number };
  /** NFT collections: owner and the next item index. */
  nftCollection?: { owner: string; nextItemIndex: bigint; name: string };
  /** NFT items: index, collection and owner. */
  nftItem?: { index: bigint; collection: string; owner: string; name: string };
}

/** The contract data an account may hold besides its balance. */
export type ContractData = "jettonWallet" | "jettonMaster" | "nftCollection" | "nftItem";

/** An account that holds the contract data `K` (a jetton master holds `jettonMaster`, …). */
export type AccountWith<K extends ContractData> = LedgerAccount & {
  [P in K]-?: NonNullable<LedgerAccount[P]>;
};

/** An account's state just before or after a transaction. */
export interface StateSnapshot {
  hash: string;
  balance: bigint;
  status: "nonexist" | "active";
  codeHash: string | null;
  dataHash: string | null;
}

/** A message, internal or external inbound. */
export interface LedgerMessage {
  hash: string;
  /** Normalized hash (external inbound messages). */
  hashNorm: string | null;
  /** Null for an external inbound message. */
  source: string | null;
  destination: string;
  /** Nanotons carried; null for an external message. */
  value: bigint | null;
  fwdFee: bigint | null;
  createdLt: bigint | null;
  createdAt: number | null;
  bounce: boolean | null;
  bounced: boolean | null;
  /** What the body says, for the contract that receives it. */
  payload: MessagePayload;
  body: Cell;
  /** The state init cell when the message deploys its destination. */
  init: Cell | null;
  /** The transaction that sent it (internal messages). */
  sentBy: LedgerTransaction | undefined;
  /** The transaction that processed it. */
  processedBy: LedgerTransaction | undefined;
}

/** One transaction on one account. */
export interface LedgerTransaction {
  hash: string;
  lt: bigint;
  now: number;
  account: string;
  /** Seqno of the basechain block holding it, and of the masterchain block committing that. */
  shardSeqno: number;
  mcSeqno: number;
  trace: LedgerTrace;
  prevHash: string;
  prevLt: bigint;
  before: StateSnapshot;
  after: StateSnapshot;
  inMessage: LedgerMessage;
  outMessages: LedgerMessage[];
  storageFee: bigint;
  gasUsed: bigint;
  gasFee: bigint;
  /** Forwarding fees of the messages sent. */
  fwdFees: bigint;
  /** storage + gas + forwarding: what the balance lost besides the values sent. */
  totalFees: bigint;
  /** Whether the compute phase succeeded (a failed one is aborted and may bounce). */
  success: boolean;
  exitCode: number;
  vmSteps: number;
  /** Whether this transaction deployed the account. */
  activated: boolean;
}

/** A transaction in a trace's tree, with the transactions its messages set off. */
export interface TraceNode {
  transaction: LedgerTransaction;
  children: TraceNode[];
}

/** The transactions one external message set off. */
export interface LedgerTrace {
  /** Hash of the first transaction. */
  id: string;
  external: LedgerMessage;
  /** Transactions in the order they ran (by logical time). */
  transactions: LedgerTransaction[];
  root: TraceNode;
  mcSeqno: number;
  actions: LedgerAction[];
}

/** An action decoded from a trace. */
export interface LedgerAction {
  id: string;
  /** Upstream snake_case type. */
  type: string;
  trace: LedgerTrace;
  transactions: LedgerTransaction[];
  success: boolean;
  /** The upstream `details`, as sent (raw addresses, amounts as decimal strings). */
  details: Record<string, unknown>;
  /** The provider's `value` (types it documents), as sent. */
  providerValue: Record<string, unknown> | undefined;
  /** Raw addresses the action involves. */
  accounts: string[];
}

/** A jetton transfer: the source jetton wallet's transaction that accepted `transfer`. */
export interface JettonTransferRecord {
  transaction: LedgerTransaction;
  queryId: bigint;
  source: string;
  destination: string;
  amount: bigint;
  sourceWallet: string;
  master: string;
  responseDestination: string;
  forwardTonAmount: bigint;
}

/** A jetton burn: the owner's jetton wallet's transaction that accepted `burn`. */
export interface JettonBurnRecord {
  transaction: LedgerTransaction;
  queryId: bigint;
  owner: string;
  wallet: string;
  master: string;
  amount: bigint;
  responseDestination: string;
}

/** An NFT transfer: the item's transaction that accepted `transfer`. */
export interface NftTransferRecord {
  transaction: LedgerTransaction;
  queryId: bigint;
  item: string;
  collection: string;
  oldOwner: string;
  newOwner: string;
  responseDestination: string;
  forwardAmount: bigint;
}

/** A masterchain block or the basechain block it commits. */
export interface LedgerBlock {
  workchain: number;
  shard: string;
  seqno: number;
  /** The masterchain block that commits it (itself for a masterchain block). */
  mcSeqno: number;
  genUtime: number;
  startLt: bigint;
  endLt: bigint;
  rootHash: string;
  fileHash: string;
  transactions: LedgerTransaction[];
}
