import { createEvmClient } from "chainkit/evm";
import { createExchangeClient } from "chainkit/exchange";
import { createIndexerClient } from "chainkit/indexer";
import { createPlatformClient } from "chainkit/platform";
import { createWalletClient } from "chainkit/wallet";
import type { SurfaceName } from "../../../scripts/generate/surfaces.js";

/** Secrets the hostile tests hand to clients, so they can look for them in what comes back. */
export const TOKEN = "tok3n-SECRET-0123456789";
export const API_KEY = "key/SECRET&abc<def>";
const PASSWORD = "pa/ss&SECRET<98765>";
const EXCHANGE_KEY = `0x${"7".repeat(64)}` as const;

/** Options every client takes from these tests. */
export interface HostileClientOptions {
  maxResponseBytes?: number;
  timeout?: number;
}

/** One surface's client, reduced to "make one typical call". */
export interface SurfaceCall {
  surface: SurfaceName;
  /** The credential mode, for node surfaces. */
  mode: "bearer" | "token" | "basic" | "signed";
  /** The secrets this client holds, in the forms it sends them: none may show in what it reports. */
  secrets: readonly string[];
  call(): Promise<unknown>;
}

/**
 * A typical call of every client, each pointed at `url` with test secrets and no retries: platform
 * `getOrganization`, EVM `eth_blockNumber` (token and basic), wallet `getAssetIssueListByName`,
 * indexer `getActions`, exchange `batchModify` (signed).
 */
export function everyClientCall(url: string, options: HostileClientOptions = {}): SurfaceCall[] {
  const common = { retry: false as const, ...options };
  const platform = createPlatformClient({ baseUrl: url, apiKey: API_KEY, ...common });
  const evmToken = createEvmClient({ url, credentials: { token: TOKEN }, batch: false, ...common });
  const evmBasic = createEvmClient({
    url,
    credentials: { username: "user", password: PASSWORD },
    batch: false,
    ...common,
  });
  const wallet = createWalletClient({ url, credentials: { token: TOKEN }, ...common });
  const indexer = createIndexerClient({
    url,
    credentials: { username: "user", password: PASSWORD },
    ...common,
  });
  const exchange = createExchangeClient({
    baseUrl: url,
    privateKey: EXCHANGE_KEY,
    network: "mainnet",
    ...common,
  });
  return [
    { surface: "platform", mode: "bearer", secrets: [API_KEY], call: () => platform.getOrganization() },
    { surface: "evm", mode: "token", secrets: [TOKEN], call: () => evmToken.eth_blockNumber() },
    { surface: "evm", mode: "basic", secrets: BASIC, call: () => evmBasic.eth_blockNumber() },
    {
      surface: "wallet",
      mode: "token",
      secrets: [TOKEN],
      call: () => wallet.getAssetIssueListByName({ value: "SEED", visible: true }),
    },
    {
      surface: "indexer",
      mode: "basic",
      secrets: BASIC,
      call: () =>
        indexer.getActions({ account: "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0" }),
    },
    {
      surface: "exchange",
      mode: "signed",
      secrets: [EXCHANGE_KEY, EXCHANGE_KEY.slice(2)],
      call: () =>
        exchange.batchModify([
          {
            oid: 1,
            order: { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } },
          },
        ]),
    },
  ];
}

/** The basic-auth secrets: the password and the header's base64 credentials. */
const BASIC = [PASSWORD, Buffer.from(`user:${PASSWORD}`).toString("base64")];

/** Every secret of {@link everyClientCall}. */
export const SECRETS = [TOKEN, API_KEY, ...BASIC];

/** What an error shows: message, stack, inspect and JSON, causes included. */
export async function everythingShown(error: unknown): Promise<string> {
  const { inspect } = await import("node:util");
  return [
    String((error as Error)?.message),
    String((error as Error)?.stack),
    inspect(error, { depth: 10 }),
    JSON.stringify(error, (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value)),
  ].join("\n");
}
