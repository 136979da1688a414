/**
 * The names TSDoc examples may use without declaring them: the clients and values a reader of the
 * docs already has at hand. `check-examples.ts` imports from here each one an example uses, so the
 * examples are type-checked against real types rather than `any`.
 */
import type {
  AccountProof,
  Block,
  EvmClient,
  EvmLiveClient,
  NodeCredentials,
  Transaction,
} from "chainkit/evm";
import type {
  AssetDirectory,
  ExchangeClient,
  InfoClient,
  L1Action,
  PrivateKeySigner,
  TypedDataSigner,
} from "chainkit/exchange";
import type { IndexerClient } from "chainkit/indexer";
import type { PlatformClient } from "chainkit/platform";
import type { Sandbox } from "chainkit/sandbox";
import type { AssetIssue, WalletClient } from "chainkit/wallet";
import type { RestOperation } from "../../src/runtime/operation.js";
import type { StreamItemsContext } from "../../src/runtime/rest/stream-items/read-stream-items.js";

export declare const platform: PlatformClient;
export declare const evm: EvmClient;
/** An EVM client over a node's WebSocket endpoint (`transport: "websocket"`). */
export declare const live: EvmLiveClient;
export declare const exchange: ExchangeClient;
export declare const info: InfoClient;
/** The exchange's assets, from `info.assets()`. */
export declare const assets: AssetDirectory;
export declare const wallet: WalletClient;
export declare const indexer: IndexerClient;
export declare const sandbox: Sandbox;
/** A viem-style signer (`signTypedData(typedData)`), such as a viem account. */
export declare const signer: TypedDataSigner;
/** A node's auth token. */
export declare const token: string;
/** A platform API key. */
export declare const apiKey: string;
/** A node's base URL. */
export declare const url: string;
/** An account address. */
export declare const address: `0x${string}`;
/** A block or transaction hash. */
export declare const hash: `0x${string}`;
/** A node id. */
export declare const id: string;
/** An EVM block (with transaction hashes), as `eth_getBlockByNumber` returns it. */
export declare const block: Block;
/** An EVM transaction. */
export declare const tx: Transaction;
/** An EIP-1186 proof, as `eth_getProof` returns it. */
export declare const proof: AccountProof;
/** A block's state root. */
export declare const stateRoot: `0x${string}`;
/** A secp256k1 private key. */
export declare const key: `0x${string}`;
/** A secp256k1 private key. */
export declare const privateKey: `0x${string}`;
/** An exchange action. */
export declare const action: L1Action;
/** An exchange nonce (milliseconds). */
export declare const nonce: number;
/** A TON account (raw or friendly form). */
export declare const account: string;
/** A REST API's base URL (platform, exchange). */
export declare const baseUrl: string;
/** A node's credentials: `{ token }` or `{ username, password }`. */
export declare const credentials: NodeCredentials;
/** An ERC-20 contract's address. */
export declare const erc20: `0x${string}`;
/** A signed raw transaction, as a wallet library produces it. */
export declare const signed: `0x${string}`;
/** A storage slot. */
export declare const slot: `0x${string}`;
/** Topic 0 of an event, e.g. ERC-20 `Transfer`. */
export declare const transferTopic: `0x${string}`;
/** Another signer: an API wallet a bot trades with. */
export declare const bot: PrivateKeySigner;
/** A TRON address to send to (`T…` or `41…`). */
export declare const to: string;
/** A TRC-10 token, as `getAssetIssueById` returns it. */
export declare const asset: AssetIssue;
/** A TRON transaction id, as `wallet.transfer` answers it. */
export declare const txID: string;
/** A note of the docs' example spec (`notes.yaml`), as its generated client types it. */
interface Note {
  id: string;
  title: string;
}
/** The client `chainkit generate notes.yaml --out notes` makes: a team's own spec in the mock's guide. */
export declare function createNotesClient(options: { fetch?: typeof fetch }): {
  createNote(body: { title: string }): Promise<Note>;
  getNote(id: string): Promise<Note>;
};

/** The decoded text of a streamed answer, chunk by chunk as it arrives. */
export declare const chunks: AsyncIterable<string>;
/** How a streamed answer's items are read: its format, item validator and limits. */
export declare const context: StreamItemsContext;
/** A block event of a team's ledger spec, streamed as server-sent events (OpenAPI 3.2 `itemSchema`). */
interface BlockEvent {
  event?: string;
  id?: string;
  data: { height: bigint };
}
/** The client `chainkit generate` makes for that ledger spec: `watchBlocks` streams its events. */
export declare const ledger: {
  watchBlocks(query?: { from?: bigint }): Promise<AsyncIterable<BlockEvent>>;
};
/** The ledger spec's operation descriptors, from its generated `operations.ts`. */
export declare const ledgerOperations: { watchBlocks: RestOperation };
