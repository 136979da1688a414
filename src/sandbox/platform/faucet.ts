import type { SandboxResponse } from "../surface.js";

/** Sends `value` wei to `address` and resolves with the transaction's hash. */
export type SendTestEther = (address: string, value: bigint) => Promise<string>;

/** What the faucet sends each time: half an ether, as the service's faucet does. */
const FAUCET_WEI = 500_000_000_000_000_000n;

/** How often one address may use the faucet. */
const FAUCET_INTERVAL_MS = 24 * 3_600_000;

/**
 * The faucet behind `POST /v1/faucet/sepolia`: half an ether per address per day, sent on the
 * sandbox's own EVM chain (it has no Sepolia), answered with the amount in wei and the
 * transaction's hash; a second request within the day is a 429 naming when the next may come.
 *
 * @param send - Sends the ether; without it every request answers 503.
 * @param now - The clock.
 * @returns The request handler.
 * @example
 * const faucet = createFaucet((to, value) => sandbox.evm.fund(to, value).then((mined) => mined.transactionHash), Date.now);
 */
export function createFaucet(
  send: SendTestEther | undefined,
  now: () => number,
): (address: string) => Promise<SandboxResponse> {
  const lastSent = new Map<string, number>();
  return async (address) => {
    if (!send) return { status: 503, body: { detail: "The sandbox was started without an EVM chain." } };
    const key = address.toLowerCase();
    const last = lastSent.get(key);
    if (last !== undefined && now() - last < FAUCET_INTERVAL_MS) {
      return {
        status: 429,
        body: {
          error: { code: "throttled", message: "Request was throttled." },
          nextFaucetAvailable: new Date(last + FAUCET_INTERVAL_MS).toISOString(),
        },
      };
    }
    lastSent.set(key, now());
    const hash = await send(address, FAUCET_WEI);
    return { status: 200, body: { amountSent: FAUCET_WEI, transaction: hash } };
  };
}
