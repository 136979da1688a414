/**
 * The calls the validated ÷ raw goals compare, written once for the rows that time them and the
 * scripts that take them apart (`floor-fastest.ts`, `garbage-per-call.ts`): raw fetch + `JSON.parse`,
 * and chainkit with validation off and on, all through the same fetch.
 */
import { createEvmClient } from "chainkit/evm";
import { createWalletClient } from "chainkit/wallet";
import { block58 } from "./fixtures.js";
import type { MemoryFetch } from "./memory-fetch.js";

/** The node token in every bench URL. */
export const TOKEN = "bench-token";

type Fetch = MemoryFetch | typeof globalThis.fetch;

/**
 * `eth_getBlockByHash` of the real 58-transaction block, chainkit's calls unbatched.
 *
 * @param url - The node's base URL (the token path is added).
 * @param fetchFn - The fetch every caller uses.
 * @returns raw fetch + `JSON.parse`, and chainkit with validation off and on.
 */
export function blockCalls(url: string, fetchFn: Fetch) {
  let id = 1;
  const raw = async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: id++,
      method: "eth_getBlockByHash",
      params: [block58.hash, true],
    });
    const res = await fetchFn(`${url}/${TOKEN}/evm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    return JSON.parse(await res.text()).result;
  };
  const evm = (validateResponse: boolean) =>
    createEvmClient({ url, credentials: { token: TOKEN }, fetch: fetchFn, validateResponse, batch: false });
  const on = evm(true);
  const off = evm(false);
  return {
    raw,
    off: () => off.eth_getBlockByHash(block58.hash, true),
    on: () => on.eth_getBlockByHash(block58.hash, true),
  };
}

/**
 * The wallet node's `getnowblock`, chainkit's calls without retries.
 *
 * @param url - The node's base URL (the token path is added).
 * @param fetchFn - The fetch every caller uses.
 * @returns raw fetch + `JSON.parse`, and chainkit with validation off and on.
 */
export function nowBlockCalls(url: string, fetchFn: Fetch) {
  const wallet = (validateResponse: boolean) =>
    createWalletClient({
      url,
      credentials: { token: TOKEN },
      fetch: fetchFn,
      validateResponse,
      retry: false,
    });
  const on = wallet(true);
  const off = wallet(false);
  return {
    raw: async () =>
      JSON.parse(await (await fetchFn(`${url}/${TOKEN}/wallet/getnowblock?visible=false`)).text()),
    off: () => off.getNowBlock({ visible: false }),
    on: () => on.getNowBlock({ visible: false }),
  };
}
