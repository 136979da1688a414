/**
 * Indexer row: one `transactions` page of 1,000 entries (the sandbox ledger's, in the indexer's
 * shape, about 3 MB) through chainkit/indexer with and without response validation, next to raw fetch +
 * JSON.parse and openapi-fetch. An in-memory fetch answers every client the same bytes, so the
 * figures are client CPU: parsing (lossless), validating ~1,000 nested transactions, and turning
 * every logical time, fee and amount into a bigint.
 */
import { createIndexerClient } from "chainkit/indexer";
import createOpenApiClient from "openapi-fetch";
import { generateLedger } from "../../src/sandbox/indexer/ledger/generate-ledger.js";
import { addressBook, rawAddressesIn } from "../../src/sandbox/indexer/render/address-book.js";
import { renderTransaction } from "../../src/sandbox/indexer/render/render-transaction.js";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { interleaved, type Variant } from "../lib/measure.js";
import type { MemoryFetch } from "../lib/memory-fetch.js";
import { type Figure, type RowResult, timed, withRawGoal } from "../lib/report.js";

const TOKEN = "bench-token";
const URL_BASE = "http://127.0.0.1:9";
const PAGE = 1000;

/** The answer to `GET /api/v3/transactions?limit=1000`, as the sandbox writes it. */
function transactionsPage(): string {
  const ledger = generateLedger({ seed: 1, traces: 340 });
  const transactions = ledger.transactions.slice(-PAGE).reverse().map(renderTransaction);
  const body = {
    transactions,
    address_book: addressBook(rawAddressesIn(transactions), ledger.accounts, false),
  };
  return JSON.stringify(body);
}

/**
 * Measures the indexer row.
 *
 * @param context - Quick mode.
 */
export async function indexerPage(context: BenchContext): Promise<RowResult> {
  const text = transactionsPage();
  const bytes = new TextEncoder().encode(text);
  const memoryFetch: MemoryFetch = async () =>
    new Response(bytes.slice(), { status: 200, headers: { "content-type": "application/json" } });
  const client = (validateResponse: boolean) =>
    createIndexerClient({
      url: URL_BASE,
      credentials: { token: TOKEN },
      fetch: memoryFetch,
      validateResponse,
    });
  const on = client(true);
  const off = client(false);
  const openapi = createOpenApiClient({
    baseUrl: `${URL_BASE}/${TOKEN}`,
    fetch: memoryFetch as typeof fetch,
  }) as unknown as {
    GET(
      path: string,
      init: { params: { query: Record<string, unknown> } },
    ): Promise<{ data?: { transactions: unknown[] } }>;
  };
  const raw = async () => {
    const response = await memoryFetch(`${URL_BASE}/${TOKEN}/api/v3/transactions?limit=${PAGE}`);
    return JSON.parse(await response.text()) as { transactions: unknown[] };
  };

  const checked = await on.getTransactions({ limit: PAGE });
  check(checked.transactions.length === PAGE, "chainkit/indexer returns 1,000 validated transactions");
  check(typeof checked.transactions[0]?.lt === "bigint", "logical times come back as bigint");
  check(
    (await off.getTransactions({ limit: PAGE })).transactions.length === PAGE,
    "validation off returns them too",
  );
  check((await raw()).transactions.length === PAGE, "raw fetch returns 1,000 transactions");
  const viaOpenApi = await openapi.GET("/api/v3/transactions", { params: { query: { limit: PAGE } } });
  check(viaOpenApi.data?.transactions.length === PAGE, "openapi-fetch returns 1,000 transactions");

  const sequential =
    (call: () => Promise<unknown>) =>
    async (ops: number): Promise<void> => {
      for (let i = 0; i < ops; i++) await call();
    };
  const variants: Variant[] = [
    { name: "raw fetch + JSON.parse", run: sequential(raw) },
    {
      name: "chainkit/indexer getTransactions, validation off",
      run: sequential(() => off.getTransactions({ limit: PAGE })),
    },
    {
      name: "chainkit/indexer getTransactions, validation on",
      run: sequential(() => on.getTransactions({ limit: PAGE })),
    },
    {
      name: "openapi-fetch GET (no validation, numbers as sent)",
      run: sequential(() => openapi.GET("/api/v3/transactions", { params: { query: { limit: PAGE } } })),
    },
  ];
  const plan = planFor(context, { warmups: 2, rounds: 7, ops: 10 }, 2);
  const samples = await interleaved(variants, plan);
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "ms", "/page"));
  const base = figures[0] as Figure;
  for (const figure of figures) figure.ratio = figure.value / base.value;
  const validated = figures.find((figure) => figure.label.endsWith("validation on"));
  // Issue 47: a validated page costs at most 1.3× reading it with raw fetch.
  if (validated) withRawGoal(validated, base, 1.3);
  return {
    id: "indexer-page",
    title: "Indexer: a validated transactions page",
    tables: [
      {
        title: `GET /api/v3/transactions, 1,000 transactions (${(text.length / 1e6).toFixed(1)} MB), in-memory fetch (${plan.ops} sequential calls, ${plan.rounds} rounds)`,
        ratioLabel: "÷ raw fetch",
        figures,
        notes: [
          "in-memory fetch: every client gets the same function answering new Response(bytes), so the figures are client CPU",
          "chainkit reads the body losslessly and turns every decimal-string number (logical times, fees, balances, amounts) into a bigint, with or without validation",
        ],
      },
    ],
  };
}
