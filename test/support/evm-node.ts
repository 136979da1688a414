import type { AddressInfo } from "node:net";
import ganache, { type EthereumProvider } from "ganache";
import {
  type Handler,
  type LoopbackServer,
  nodeCredentialPath,
  type RecordedRequest,
  type Reply,
  startLoopbackServer,
} from "./loopback-server.js";

/** Options for {@link startEvmNode}. */
export interface EvmNodeOptions {
  /** The auth token accepted in the path (default: a fixed test token). */
  token?: string;
  username?: string;
  password?: string;
  /** The path the node serves JSON-RPC at, after the token (default `/evm`; `""` for a plain node). */
  path?: string;
  /** Chain id of the ganache chain (default 999, as the service's mainnet). */
  chainId?: number;
  /**
   * Answers a request before it reaches ganache (return `undefined` to pass it on): lets a test
   * inject rate limits, gateway errors or slow answers.
   */
  intercept?: (request: RecordedRequest) => Reply | undefined | Promise<Reply | undefined>;
}

/** A ganache chain behind a loopback proxy that checks node credentials like the service. */
export interface EvmNode {
  /** The node base URL (give it to `createEvmClient` as `url`). */
  url: string;
  token: string;
  username: string;
  password: string;
  /** The JSON-RPC path after the credentials (`/evm` by default). */
  path: string;
  /** Requests that reached the proxy (including refused ones), in order. */
  requests: RecordedRequest[];
  /** Direct access to the chain, for set-up calls (`miner_stop`, `eth_sendTransaction`, …). */
  provider: EthereumProvider;
  /** The ganache accounts, unlocked, each holding test ether. */
  accounts: string[];
  close(): Promise<void>;
}

/**
 * Starts ganache (offline, in-process) on 127.0.0.1 and a proxy in front of it that serves
 * JSON-RPC at `/<token><path>` or at `<path>` with `Authorization: Basic`, and answers 401 to
 * anything else, as a node of the service does. Ganache itself only answers at `/`.
 */
export async function startEvmNode(options: EvmNodeOptions = {}): Promise<EvmNode> {
  const token = options.token ?? "evm-test-token-9c41d2";
  const username = options.username ?? "evm-user";
  const password = options.password ?? "evm-pass-word-5e7b";
  const path = options.path ?? "/evm";

  const chain = ganache.server({
    logging: { quiet: true },
    wallet: { deterministic: true, totalAccounts: 3 },
    chain: { chainId: options.chainId ?? 999 },
  });
  await new Promise<void>((resolve, reject) =>
    chain.listen(0, "127.0.0.1", (error) => (error ? reject(error) : resolve())),
  );
  const chainAddress = chain.address() as AddressInfo;
  const chainUrl = `http://127.0.0.1:${chainAddress.port}/`;

  const forward: Handler = async (request) => {
    const intercepted = await options.intercept?.(request);
    if (intercepted) return intercepted;
    const rest = nodeCredentialPath(request, { token, username, password });
    const normalized = rest?.replace(/\/+$/, "") ?? undefined;
    if (normalized === undefined || normalized !== path.replace(/\/+$/, "")) {
      return { status: 401, body: { error: "unauthorized" } };
    }
    if (request.method !== "POST") return { status: 405, body: { error: "method not allowed" } };
    const answer = await fetch(chainUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: request.text,
    });
    return { status: answer.status, body: await answer.text() };
  };

  let proxy: LoopbackServer;
  try {
    proxy = await startLoopbackServer(forward);
  } catch (error) {
    await chain.close();
    throw error;
  }
  const accounts = (await chain.provider.request({ method: "eth_accounts", params: [] })) as string[];
  return {
    url: proxy.url,
    token,
    username,
    password,
    path,
    requests: proxy.requests,
    provider: chain.provider,
    accounts,
    close: async () => {
      await proxy.close();
      await chain.close();
    },
  };
}
