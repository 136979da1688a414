/**
 * Row 1, call overhead: sequential eth_getBlockByHash (the real 58-tx block) through chainkit/evm,
 * raw fetch + JSON.parse and viem's http transport; GET /v1/organization/ through chainkit/platform,
 * raw fetch and openapi-fetch. Once over loopback to the forked server, once with an in-memory fetch
 * so that the socket does not hide the clients' CPU.
 */
import { createEvmClient } from "chainkit/evm";
import { createPlatformClient } from "chainkit/platform";
import createOpenApiClient from "openapi-fetch";
import { createClient as createViemClient, http } from "viem";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { block58, organization } from "../lib/fixtures.js";
import { interleaved, type Plan, type Variant } from "../lib/measure.js";
import { type MemoryFetch, restMemoryFetch, rpcMemoryFetch } from "../lib/memory-fetch.js";
import { type Figure, type RowResult, type Table, timed, withRawGoal } from "../lib/report.js";
import { blockCalls, TOKEN } from "../lib/validated-calls.js";

const HASH = block58.hash;
const API_KEY = "bench-api-key";

type Fetch = MemoryFetch | typeof globalThis.fetch;

interface Goals {
  off?: number;
  on?: number;
}

function rpcVariants(url: string, fetchFn: Fetch): Variant[] {
  const { raw, off, on } = blockCalls(url, fetchFn);
  const defaults = createEvmClient({
    url,
    credentials: { token: TOKEN },
    fetch: fetchFn,
    validateResponse: true,
  });
  const viem = createViemClient({
    transport: http(`${url}/${TOKEN}/evm`, { fetchFn: fetchFn as typeof globalThis.fetch }),
  });
  const sequential =
    (call: () => Promise<unknown>) =>
    async (ops: number): Promise<void> => {
      for (let i = 0; i < ops; i++) await call();
    };
  return [
    { name: "raw fetch + JSON.parse", run: sequential(raw) },
    { name: "chainkit/evm, validation off", run: sequential(off) },
    { name: "chainkit/evm, validation on", run: sequential(on) },
    {
      name: "chainkit/evm, default options (auto-batching on)",
      run: sequential(() => defaults.eth_getBlockByHash(HASH, true)),
    },
    {
      name: "viem createClient + http, request",
      run: sequential(() =>
        viem.request({ method: "eth_getBlockByHash", params: [HASH as `0x${string}`, true] }),
      ),
    },
  ];
}

function abortAfterTimeout(controller: AbortController): void {
  controller.abort();
}

function restVariants(url: string, fetchFn: Fetch): Variant[] {
  const headers = { authorization: `Bearer ${API_KEY}`, accept: "application/json" };
  const raw = async () => {
    const res = await fetchFn(`${url}/v1/organization/`, { headers });
    return JSON.parse(await res.text());
  };
  // What chainkit's timeout costs raw fetch: an AbortController whose signal fetch gets, and a timer.
  const rawWithTimeout = async () => {
    const controller = new AbortController();
    const timer = setTimeout(abortAfterTimeout, 30_000, controller);
    try {
      const res = await fetchFn(`${url}/v1/organization/`, { headers, signal: controller.signal });
      return JSON.parse(await res.text());
    } finally {
      clearTimeout(timer);
    }
  };
  const platform = (validateResponse: boolean) =>
    createPlatformClient({ apiKey: API_KEY, baseUrl: url, fetch: fetchFn, validateResponse });
  const on = platform(true);
  const off = platform(false);
  // openapi-fetch is typed by openapi-typescript output; the bench only needs its untyped GET.
  const openapi = createOpenApiClient({
    baseUrl: url,
    headers,
    fetch: fetchFn as typeof globalThis.fetch,
  }) as unknown as {
    GET(path: string): Promise<{ data?: unknown; error?: unknown }>;
  };
  const sequential =
    (call: () => Promise<unknown>) =>
    async (ops: number): Promise<void> => {
      for (let i = 0; i < ops; i++) await call();
    };
  return [
    { name: "raw fetch + JSON.parse", run: sequential(raw) },
    {
      name: "chainkit/platform getOrganization, validation off",
      run: sequential(() => off.getOrganization()),
    },
    { name: "chainkit/platform getOrganization, validation on", run: sequential(() => on.getOrganization()) },
    { name: "openapi-fetch GET", run: sequential(() => openapi.GET("/v1/organization/")) },
    {
      name: "(context) raw fetch + JSON.parse with a timeout (AbortController + timer)",
      run: sequential(rawWithTimeout),
    },
  ];
}

/** Runs each variant once and checks it got the real answer, so nothing is timed doing less. */
async function checkRpc(url: string, fetchFn: Fetch): Promise<void> {
  const evm = createEvmClient({ url, credentials: { token: TOKEN }, fetch: fetchFn, batch: false });
  const block = (await evm.eth_getBlockByHash(HASH, true)) as {
    hash: string;
    transactions: unknown[];
  } | null;
  check(block?.hash === HASH && block.transactions.length === 58, "chainkit/evm returns the 58-tx block");
  const viem = createViemClient({
    transport: http(`${url}/${TOKEN}/evm`, { fetchFn: fetchFn as typeof fetch }),
  });
  const theirs = (await viem.request({
    method: "eth_getBlockByHash",
    params: [HASH as `0x${string}`, true],
  })) as {
    hash: string;
  };
  check(theirs.hash === HASH, "viem returns the block");
}

async function checkRest(url: string, fetchFn: Fetch): Promise<void> {
  const platform = createPlatformClient({ apiKey: API_KEY, baseUrl: url, fetch: fetchFn });
  check(
    (await platform.getOrganization()).id === organization.id,
    "chainkit/platform returns the organization",
  );
  const openapi = createOpenApiClient({ baseUrl: url, fetch: fetchFn as typeof fetch }) as unknown as {
    GET(path: string): Promise<{ data?: { id?: string } }>;
  };
  check((await openapi.GET("/v1/organization/")).data?.id === organization.id, "openapi-fetch returns it");
}

async function measureTable(
  title: string,
  variants: Variant[],
  plan: Plan,
  goals: Goals,
  notes: string[],
): Promise<Table> {
  const samples = await interleaved(variants, plan);
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "µs", "/call"));
  const base = figures[0] as Figure;
  for (const figure of figures) {
    figure.ratio = figure.value / base.value;
    const goal = /validation off/.test(figure.label)
      ? goals.off
      : /validation on/.test(figure.label)
        ? goals.on
        : undefined;
    if (goal !== undefined && figure.label.startsWith("chainkit")) withRawGoal(figure, base, goal);
  }
  return {
    title: `${title} (N=${plan.ops} sequential calls, ${plan.rounds} rounds)`,
    ratioLabel: "÷ raw fetch",
    figures,
    notes,
  };
}

/**
 * Measures row 1.
 *
 * @param context - Quick mode and the forked server.
 */
export async function callOverhead(context: BenchContext): Promise<RowResult> {
  const { url } = context.server;
  const blockFetch = rpcMemoryFetch(JSON.stringify(block58));
  const orgFetch = restMemoryFetch(organization);
  await checkRpc(url, blockFetch);
  await checkRest(url, orgFetch);

  const memoryNote =
    "in-memory fetch: every client gets the same function answering new Response(bytes), so the figures are client CPU (plus the event loop)";
  const autoNote =
    "default options batch calls made in the same tick and send them on a microtask (batch wait 0), so a lone call is not held back; the other chainkit rows pass batch: false";
  const bytes = JSON.stringify(block58).length;
  const memoryTables = [
    await measureTable(
      `eth_getBlockByHash, 58-tx block (${bytes} B), in-memory fetch`,
      rpcVariants(url, blockFetch),
      planFor(context, { warmups: 2, rounds: 7, ops: 400 }, 30),
      { off: 1.05, on: 1.25 },
      [memoryNote, autoNote, "peers on this kind of machine: viem request 1.11"],
    ),
    await measureTable(
      "GET /v1/organization/, in-memory fetch",
      restVariants(url, orgFetch),
      // A call is 15-40 µs: rounds of 4,000 calls, long enough that one collection or busy moment
      // does not set a round's median (rounds of 1,000 spread 17-57 µs on a quiet machine).
      planFor(context, { warmups: 2, rounds: 7, ops: 4000 }, 200),
      { off: 1.05, on: 1.25 },
      [
        memoryNote,
        "chainkit's timeout gives fetch an AbortController's signal and sets a timer on every call, validation on or off; the (context) line is raw fetch paying the same (docs/performance.md, \"The validation-off call\")",
        "peers on this kind of machine: openapi-fetch 1.77",
      ],
    ),
  ];
  // Checked just before their tables: the server closes a connection idle for 60 s, and on a busy
  // machine the in-memory tables take longer than that (undici then sends on a closed socket).
  await checkRpc(url, globalThis.fetch);
  await checkRest(url, globalThis.fetch);
  const loopbackTables = [
    await measureTable(
      "eth_getBlockByHash, 58-tx block, loopback HTTP",
      rpcVariants(url, globalThis.fetch),
      planFor(context, { warmups: 2, rounds: 5, ops: 200 }, 20),
      {},
      [
        "loopback: the forked keep-alive server's socket time dominates; goals apply to the in-memory figures",
      ],
    ),
    await measureTable(
      "GET /v1/organization/, loopback HTTP",
      restVariants(url, globalThis.fetch),
      planFor(context, { warmups: 2, rounds: 5, ops: 500 }, 50),
      {},
      [],
    ),
  ];
  return { id: "call-overhead", title: "1. Call overhead", tables: [...memoryTables, ...loopbackTables] };
}
