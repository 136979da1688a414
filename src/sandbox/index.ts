/**
 * `chainkit/sandbox`: every surface of the service, emulated on 127.0.0.1 from the same specs the
 * clients are generated from. For development and tests without an account.
 */
import { indexerOperations } from "../../generated/indexer/operations.js";
import { walletOperations } from "../../generated/wallet/operations.js";
import { hideSecrets } from "../runtime/credentials/hide-secrets.js";
import { closeInReverse } from "./close-in-reverse.js";
import { createEvmSurface, type EvmSurface } from "./evm/evm-surface.js";
import { type ChainSnapshot, type Reorg, reorgChain, snapshotChain } from "./evm/reorg.js";
import { createEvmWebSocketServer } from "./evm/websocket-server.js";
import { createExchangeSurface } from "./exchange/exchange-surface.js";
import { createExchangeFeedServer } from "./exchange/feed-server.js";
import { startGrpcSurface } from "./grpc/grpc-surface.js";
import { type SurfaceServer, serveSurface } from "./http-server.js";
import { createIndexerSurface } from "./indexer/indexer-surface.js";
import { checkLocalCallerRules } from "./local-callers.js";
import { NodeAuthRegistry, type NodeSecrets } from "./node-auth.js";
import { createPlatformSurface } from "./platform/platform-surface.js";
import { type SecretSource, secretSource } from "./secret-source.js";
import type { FaultPlan, SurfaceName } from "./surface.js";
import type { WalletTamper } from "./wallet/tamper.js";
import { createWalletSurface } from "./wallet/wallet-surface.js";

export type { ChainSnapshot, Reorg } from "./evm/reorg.js";
export type { FaultPlan, SurfaceName } from "./surface.js";
export type { WalletTamper } from "./wallet/tamper.js";

/**
 * Where each surface listens when {@link SandboxOptions.ports} is a base port: the base plus this
 * offset (with base 8500: platform 8500, exchange 8501, EVM 8502, wallet 8503, indexer 8504).
 */
export const SURFACE_PORT_OFFSETS: Readonly<Record<SurfaceName, number>> = Object.freeze({
  platform: 0,
  exchange: 1,
  evm: 2,
  wallet: 3,
  indexer: 4,
});

/**
 * Where the gRPC node surface listens when {@link SandboxOptions.ports} is a base port: the base plus
 * this offset (8505 with base 8500). It is not a {@link SurfaceName}: it takes no faults.
 */
export const GRPC_PORT_OFFSET = 5;

/** Genesis time of a seeded sandbox's EVM chain (2026-01-01T00:00:00Z), so its blocks hash alike on every run. */
const SEEDED_GENESIS_TIME = 1_767_225_600n;

/** Options of {@link startSandbox}; every one is optional. */
export interface SandboxOptions {
  /** How long a created node stays `pending` before it runs, in milliseconds (default 1500; 0 in tests). */
  nodeStartupMs?: number;
  /** Node names that make a created node fail instead of running (default: names containing "fail"). */
  failingNodeNames?: RegExp;
  /** Which exchange signatures are accepted: `mainnet` (source `a`, default) or `testnet` (source `b`). */
  exchangeNetwork?: "mainnet" | "testnet";
  /**
   * How often the exchange pays funding, in milliseconds (default an hour, as the service does);
   * shorten it to see funding payments within a test (each interval then pays an hourly rate).
   */
  exchangeFundingIntervalMs?: number;
  /** Faults injected per surface from the start (see {@link Sandbox.setFaults}). */
  faults?: Partial<Record<SurfaceName, FaultPlan>>;
  /**
   * Seed of the credentials and generated data: with a seed, the API key, node token, username,
   * password and every other credential, the created nodes' credentials, the indexer's ledger and
   * the exchange's seeded books are the same on every run. Without one, credentials are random.
   */
  seed?: number;
  /**
   * Where the surfaces listen: a base port (each surface at the base plus its
   * {@link SURFACE_PORT_OFFSETS} entry), or a port per surface. Default: free ports.
   */
  ports?: number | Partial<Record<SurfaceName | "grpc", number>>;
  /** Nodes per page of the platform's node list (default 10). */
  platformPageSize?: number;
  /** Milliseconds between wallet blocks (default 3000, as on TRON); 0 produces them only on `wallet.produceBlock()`. */
  walletBlockMs?: number;
  /**
   * Addresses the wallet demo account pays on every timed block (TRX, TRC-10 and TRC-20 in turn), for
   * watching payments arrive; default none. Needs `walletBlockMs` above 0 (the default 3000 is).
   */
  walletPaymentsTo?: readonly string[];
  /** How long unstaked TRX waits before it can be withdrawn, in ms (default 60 000; the network waits 14 days). */
  walletUnfreezeDelayMs?: number;
  /**
   * Milliseconds between the EVM blocks the chain makes by itself, so heads arrive without sending
   * (default: none; a block is made for each transaction, at once, either way). HyperEVM makes a small
   * block every second.
   */
  blockTimeMs?: number;
  /**
   * Names to answer besides `localhost`, `*.localhost` and loopback addresses, as sent in `Host`
   * without the port (e.g. `["sandbox.internal"]`; `["*"]` for any). Requests to other names get
   * 403: a web page could otherwise reach the sandbox through a name its site re-points at 127.0.0.1.
   */
  allowedHosts?: readonly string[];
  /**
   * Web pages to answer besides those served from this machine, by origin (e.g.
   * `["https://app.example"]`, `"null"` for sandboxed and `file:` pages, `["*"]` for any). A request
   * whose `Origin` is another page gets 403; scripts and SDKs send no `Origin` and are answered.
   */
  allowedOrigins?: readonly string[];
  /**
   * Web pages that may also read the answers from a browser (CORS), by origin: the docs portal's, so
   * its try-it can send requests (`chainkit docs --serve --sandbox` sets it). Every other page still
   * cannot read an answer; `*` and `null` are refused.
   */
  browserOrigins?: readonly string[];
}

/** The demo credentials a sandbox accepts. Sandbox-only values: never use them anywhere else. */
export interface SandboxCredentials {
  /** Platform API key (`Authorization: Bearer`). */
  apiKey: string;
  /** Token of the demo node, accepted by the EVM, wallet and indexer surfaces as the first path segment. */
  nodeToken: string;
  /** Basic-auth username of the demo node. */
  username: string;
  /** Basic-auth password of the demo node. */
  password: string;
  /** Private key of the demo exchange account, which has resting orders. */
  exchangePrivateKey: `0x${string}`;
  /** Private key (64 hex digits) of the funded demo wallet account: TRX, TRC-10 and TRC-20 balances, staked resources. */
  walletPrivateKey: string;
  /**
   * Private key of a funded EVM account (`fixtures.evmAccounts[1]`), to sign transactions where the key
   * is and send them raw. The sandbox's own `evm.sendTransaction` sends from another account.
   */
  evmPrivateKey: `0x${string}`;
}

/** A running sandbox. */
export interface Sandbox {
  /**
   * Base URL of each surface: the `baseUrl` (platform, exchange) or `url` (EVM, wallet, indexer) of each
   * client. `grpc` is the gRPC node surface's target, `127.0.0.1:<port>` (a gRPC endpoint is a host and
   * port), serving the standard Health service behind the `x-token` check; it is absent when the
   * optional peer `@grpc/grpc-js` is not installed.
   */
  urls: Readonly<Record<SurfaceName, string> & { grpc?: string }>;
  credentials: Readonly<SandboxCredentials>;
  fixtures: {
    /** Orders resting for the demo exchange key. */
    restingOids: readonly number[];
    /** Address of the demo exchange key (lowercase). */
    exchangeAddress: string;
    /**
     * Funded accounts of the EVM chain, on small blocks until `evm.setUsingBigBlocks`; their keys are
     * `evm.privateKeys` (the second one is also `credentials.evmPrivateKey`). The chain starts with 64
     * blocks of history (ERC-20 transfers and approvals between them) and a last block with a native
     * transfer and two system transfers.
     */
    evmAccounts: readonly string[];
    /** The account `credentials.evmPrivateKey` signs for: `evmAccounts[1]` (send to another one). */
    evmAddress: string;
    /**
     * The EVM chain's ERC-20 (`Sandbox USD`, `SUSD`, 6 decimals; `transfer`, `approve`, `transferFrom`,
     * custom errors), deployed by the first account in block 1, with `Transfer` and `Approval` logs in
     * the history.
     */
    evmErc20Address: string;
    /** Base58Check address of the demo wallet account (the key is `credentials.walletPrivateKey`). */
    walletAddress: string;
    /** Base58Check address of the wallet's TRC-20 token (`balanceOf`, `decimals`, `symbol`, `name`, `totalSupply`). */
    walletTrc20Address: string;
  };
  /** Replaces one surface's fault plan (`{}` turns faults off). */
  setFaults(surface: SurfaceName, plan: FaultPlan): void;
  /** Requests one surface has received so far, faulted ones included. */
  requestCount(surface: SurfaceName): number;
  /**
   * The EVM chain, for tests that need to send transactions or mine blocks. Its WebSocket endpoint is
   * `/ws/<token>` (or `/ws` with basic auth) on the same port as `/evm`.
   */
  evm: Pick<
    EvmSurface,
    "sendTransaction" | "fund" | "mine" | "setUsingBigBlocks" | "chainId" | "path" | "privateKeys"
  > & {
    /** Marks the current head, to reorganise the chain from it later. */
    snapshot(): Promise<ChainSnapshot>;
    /**
     * Reorganises the chain: the blocks mined since `snapshot` leave it and `blocks` new ones (default:
     * as many) take their place; WebSocket `logs` subscribers get the removed logs with `removed: true`.
     * Call it while nothing else is mining.
     */
    reorg(snapshot: ChainSnapshot, blocks?: number): Promise<Reorg>;
  };
  /** The wallet chain, for tests: produce a block now, or make the node tamper with the transactions it builds. */
  wallet: {
    produceBlock(): { number: bigint; id: string };
    setTamper(kind: WalletTamper | undefined): void;
  };
  /** Stops every surface and the chain. */
  close(): Promise<void>;
}

function demoNodeSecrets(secrets: SecretSource): NodeSecrets {
  return {
    token: secrets.hex("node token", 16),
    username: `demo-${secrets.hex("username", 3)}`,
    password: secrets.base64url("password", 18),
  };
}

/** The address of the account whose key is handed out for signing (see {@link signingKeyOf}). */
function signingAccountOf(evm: EvmSurface): string {
  const account = evm.accounts[1];
  if (account === undefined) throw new Error("the sandbox's EVM chain has no second funded account");
  return account;
}

/** The key of the funded account handed out for signing: the second one, as the first sends the sandbox's own transactions. */
function signingKeyOf(evm: EvmSurface): `0x${string}` {
  const key = evm.privateKeys[1];
  if (key === undefined) throw new Error("the sandbox's EVM chain has no second funded account");
  return key;
}

/** Checks a base port leaves room for every surface, before anything starts. */
function checkBasePort(ports: SandboxOptions["ports"]): void {
  const highest = 65_535 - GRPC_PORT_OFFSET;
  if (typeof ports === "number" && !(Number.isInteger(ports) && ports >= 0 && ports <= highest)) {
    throw new RangeError(
      `ports ${ports} is not a base port: it must be a whole number from 0 to ${highest}, as the surfaces listen up to base + ${GRPC_PORT_OFFSET} (gRPC)`,
    );
  }
}

/** The port each surface asks for (0: a free one). */
function portOf(ports: SandboxOptions["ports"], surface: SurfaceName | "grpc"): number {
  if (ports === undefined) return 0;
  if (typeof ports === "number")
    return ports + (surface === "grpc" ? GRPC_PORT_OFFSET : SURFACE_PORT_OFFSETS[surface]);
  return ports[surface] ?? 0;
}

/** First path segments of a surface's operations (`/wallet/...` -> `wallet`). */
function routesOf(operations: Readonly<Record<string, { path: string }>>): string[] {
  return [...new Set(Object.values(operations).map((operation) => operation.path.split("/")[1] ?? ""))];
}

/**
 * Starts every surface on 127.0.0.1 at free ports (or the `ports` given): the node surfaces first (EVM on a Cancun chain, wallet,
 * indexer, and gRPC when `@grpc/grpc-js` is installed), then the platform (whose nodes point at them), then the exchange. Each surface checks
 * requests and answers against the bundled specs.
 *
 * @param options - Node startup time, exchange network, faults, seed, ports.
 * @returns The URLs, demo credentials and fixtures, and `close()`.
 * @throws {Error} when a port cannot be bound (the message names the surface and the port), or an
 *   allowed host or origin is malformed.
 * @throws {RangeError} when a base port leaves no room for every surface (at most 65530).
 * @example
 * const sandbox = await startSandbox({ nodeStartupMs: 0 });
 * const platform = createPlatformClient({ baseUrl: sandbox.urls.platform, apiKey: sandbox.credentials.apiKey });
 * await sandbox.close();
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const closers: (() => Promise<void>)[] = [];
  // Last started first: each surface's server closes before the surface behind it.
  const closeAll = () => closeInReverse(closers);
  const servers = {} as Record<SurfaceName, SurfaceServer>;
  const faults = options.faults ?? {};
  checkBasePort(options.ports);
  const callers = checkLocalCallerRules(options);

  try {
    const secrets = secretSource(options.seed);
    const nodeAuth = new NodeAuthRegistry();
    const demoNode = demoNodeSecrets(secrets);
    nodeAuth.add(demoNode);

    // The chain's history repeats with the seed (its block hashes too, from a fixed genesis time).
    const evm = await createEvmSurface({
      history: { seed: options.seed ?? Number.parseInt(secrets.hex("evm history", 4), 16) },
      ...(options.seed !== undefined && { genesisTimestamp: SEEDED_GENESIS_TIME }),
      ...(options.blockTimeMs !== undefined && { blockTimeMs: options.blockTimeMs }),
    });
    closers.push(() => evm.close());
    const wallet = await createWalletSurface({
      demoPrivateKey: secrets.hex("wallet private key", 32),
      ...(options.walletBlockMs !== undefined && { blockIntervalMs: options.walletBlockMs }),
      ...(options.walletPaymentsTo !== undefined && { paymentsTo: options.walletPaymentsTo }),
      ...(options.walletUnfreezeDelayMs !== undefined && { unfreezeDelayMs: options.walletUnfreezeDelayMs }),
    });
    closers.push(() => wallet.close());
    const indexer = await createIndexerSurface({ ...(options.seed !== undefined && { seed: options.seed }) });
    closers.push(() => indexer.close());

    const serve = async (
      name: SurfaceName,
      start: Omit<Parameters<typeof serveSurface>[0], "name" | "faults">,
    ) => {
      const port = portOf(options.ports, name);
      servers[name] = await serveSurface({
        name,
        port,
        callers,
        ...start,
        ...(faults[name] && { faults: faults[name] }),
      });
      closers.push(() => servers[name].close());
    };
    // `ws`: the WebSocket endpoint (`/ws/<token>`, or `/ws` with basic auth) next to `/evm`.
    const evmRoutes = [evm.path.split("/")[1] ?? "", "ws"];
    const evmWebSocket = await createEvmWebSocketServer({ surface: evm });
    await serve("evm", {
      auth: "node",
      nodeAuth,
      routes: evmRoutes,
      jsonRpc: true,
      handler: evm.handler,
      upgrade: evmWebSocket.upgrade,
    });
    closers.push(() => evmWebSocket.close());
    await serve("wallet", {
      auth: "node",
      nodeAuth,
      routes: routesOf(walletOperations),
      handler: wallet.handler,
    });
    await serve("indexer", {
      auth: "node",
      nodeAuth,
      routes: routesOf(indexerOperations),
      handler: indexer.handler,
    });
    const grpc = await startGrpcSurface({
      port: portOf(options.ports, "grpc"),
      acceptsToken: (token) => nodeAuth.acceptsToken(token),
    });
    if (grpc) closers.push(() => grpc.close());

    const apiKey = `sbx${secrets.hex("api key id", 3)}.${secrets.base64url("api key", 24)}`;
    const platform = createPlatformSurface({
      nodeAuth,
      nodeUrls: { evm: servers.evm.url, wallet: servers.wallet.url, indexer: servers.indexer.url },
      nodeStartupMs: options.nodeStartupMs,
      failingNodeNames: options.failingNodeNames,
      pageSize: options.platformPageSize,
      secrets,
      sendTestEther: async (address, value) => (await evm.fund(address, value)).transactionHash,
    });
    closers.push(() => platform.close());
    await serve("platform", { auth: "bearer", apiKeys: new Set([apiKey]), handler: platform.handler });

    const exchange = createExchangeSurface({
      network: options.exchangeNetwork,
      ...(options.exchangeFundingIntervalMs !== undefined && {
        fundingIntervalMs: options.exchangeFundingIntervalMs,
      }),
      ...(options.seed !== undefined && { seed: options.seed }),
      onEvmUserModify: (address, usingBigBlocks) => evm.setUsingBigBlocks(address, usingBigBlocks),
    });
    closers.push(() => exchange.close());
    // `ws`: the exchange's WebSocket, served from the same venue; its handler tells subscribers what each request changed.
    const exchangeFeed = await createExchangeFeedServer({ surface: exchange });
    await serve("exchange", { auth: "none", handler: exchangeFeed.handler, upgrade: exchangeFeed.upgrade });
    closers.push(() => exchangeFeed.close());

    return {
      urls: Object.freeze({
        platform: servers.platform.url,
        exchange: servers.exchange.url,
        evm: servers.evm.url,
        wallet: servers.wallet.url,
        indexer: servers.indexer.url,
        ...(grpc && { grpc: grpc.target }),
      }),
      credentials: Object.freeze(
        hideSecrets({
          apiKey,
          nodeToken: demoNode.token,
          username: demoNode.username,
          password: demoNode.password,
          exchangePrivateKey: exchange.demo.privateKey as `0x${string}`,
          walletPrivateKey: wallet.demo.privateKey,
          evmPrivateKey: signingKeyOf(evm),
        }),
      ),
      fixtures: {
        restingOids: Object.freeze([...exchange.restingOids]),
        exchangeAddress: exchange.demo.address,
        evmAccounts: evm.accounts,
        evmAddress: signingAccountOf(evm),
        evmErc20Address: evm.erc20Address as string,
        walletAddress: wallet.demo.address,
        walletTrc20Address: wallet.trc20Address,
      },
      setFaults: (surface, plan) => servers[surface].setFaults(plan),
      requestCount: (surface) => servers[surface].requestCount,
      evm: {
        chainId: evm.chainId,
        path: evm.path,
        sendTransaction: (transaction) => evm.sendTransaction(transaction),
        fund: (address, value) => evm.fund(address, value),
        mine: (transfers) => evm.mine(transfers),
        snapshot: () => snapshotChain(evm.provider),
        reorg: (snapshot, blocks) =>
          reorgChain(evm.provider, snapshot, blocks, (hashes) => evmWebSocket.orphaned(hashes)),
        setUsingBigBlocks: (address, usingBigBlocks) => evm.setUsingBigBlocks(address, usingBigBlocks),
        privateKeys: hideSecrets(evm.privateKeys),
      },
      wallet: {
        produceBlock: () => wallet.produceBlock(),
        setTamper: (kind) => wallet.setTamper(kind),
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
