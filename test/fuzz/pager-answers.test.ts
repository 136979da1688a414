import { inspect } from "node:util";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createIndexerClient } from "../../src/indexer/create-indexer-client.js";
import { ChainkitError } from "../../src/runtime/errors/chainkit-error.js";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { FuzzTally, fuzzParameters } from "./support/fuzz-config.js";
import { FUZZ_NODE_TOKEN } from "./support/runtime-callers.js";

/**
 * The indexer pager against servers that page badly: offsets ignored, items arriving between
 * requests, repeats inside a page, short or overlong pages, items without a key, and now and then a
 * page that is not a list. Every run must end in items or a typed error, within a bounded number
 * of requests, never yielding an item twice; an honest server's items all arrive.
 */

/** How one fuzzed server pages `traces`. */
interface PagerServer {
  /** Traces at the start, newest first. */
  size: number;
  /** Share of traces with `trace_id: null` (identified by content), 0 to 1. */
  keyless: number;
  ignoresOffset: boolean;
  /** Newer traces that land on top after each answered page, until the server has made 60 of them. */
  arrivals: number;
  /** Repeats the first item of a page at its end. */
  repeatsInPage: boolean;
  /** Answers one item less than asked now and then (the pager then stops: a short page is the last). */
  shortPages: boolean;
  /** Answers a page that is not a list at this request (0: never). */
  brokenAt: number;
  pageSize: number;
  max: number | undefined;
}

const pagerServer: fc.Arbitrary<PagerServer> = fc.record({
  size: fc.integer({ min: 0, max: 60 }),
  keyless: fc.constantFrom(0, 0.5, 1),
  ignoresOffset: fc.boolean(),
  arrivals: fc.constantFrom(0, 0, 1, 3, 25),
  repeatsInPage: fc.boolean(),
  shortPages: fc.boolean(),
  brokenAt: fc.constantFrom(0, 0, 0, 2, 5),
  pageSize: fc.integer({ min: 1, max: 40 }),
  max: fc.option(fc.integer({ min: 0, max: 150 }), { nil: undefined }),
});

function trace(n: number, keyless: number) {
  // A fixed pattern per n, so a trace keeps its key (or its lack of one) when it comes again.
  const withoutKey = keyless === 1 || (keyless > 0 && n % 2 === 0);
  return {
    trace_id: withoutKey ? null : `trace-${n}`,
    start_lt: String(1000 + 2 * n),
    end_lt: String(1001 + 2 * n),
    start_utime: 1_700_000_000 + n,
    end_utime: 1_700_000_001 + n,
    transactions_order: [],
    transactions: {},
    trace: { tx_hash: null, children: [] },
  };
}

/** What the server is doing in the current run. */
let current: { plan: PagerServer; history: number[]; next: number; requests: number } | undefined;

const server: HostileServer = await startHostileServer((request, response) => {
  const run = current;
  if (run === undefined) return void response.writeHead(500).end();
  run.requests++;
  const { plan } = run;
  const query = new URL(request.url, "http://x").searchParams;
  const limit = Number(query.get("limit"));
  const offset = plan.ignoresOffset ? 0 : Number(query.get("offset"));
  let page = run.history.slice(offset, offset + limit);
  if (plan.shortPages && run.requests % 3 === 0 && page.length > 1) page = page.slice(0, -1);
  if (plan.repeatsInPage && page.length > 0) page = [...page, page[0] as number].slice(0, limit);
  const body =
    plan.brokenAt === run.requests
      ? { traces: { not: "a list" }, address_book: {} }
      : { traces: page.map((n) => trace(n, plan.keyless)), address_book: {} };
  // A finite list: a server streaming new items forever is endless whatever the pager does (`max` bounds that).
  for (let i = 0; i < plan.arrivals && run.next < plan.size + 60; i++) run.history.unshift(run.next++);
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
});
const tally = new FuzzTally();
const indexer = createIndexerClient({
  url: server.url,
  credentials: { token: FUZZ_NODE_TOKEN },
  retry: false,
});

afterAll(async () => {
  console.log(tally.summary("Pager answers fuzz"));
  await server.close();
});

describe("the indexer pager against servers that page badly", () => {
  it("ends in items or a typed error, in bounded requests, never repeating an item", async () => {
    await fc.assert(
      fc.asyncProperty(pagerServer, async (plan) => {
        const original = Array.from({ length: plan.size }, (_, i) => plan.size - 1 - i);
        const run = { plan, history: [...original], next: plan.size, requests: 0 };
        current = run;
        const yielded: string[] = [];
        let failure: unknown;
        try {
          for await (const item of indexer.traces({}, { pageSize: plan.pageSize, max: plan.max })) {
            yielded.push(String(item.start_lt));
          }
        } catch (error) {
          failure = error;
        }
        const label = plan.ignoresOffset
          ? "offset ignored"
          : plan.arrivals > 0
            ? "items arriving"
            : "offset kept";
        tally.count(label, "runs");
        tally.count(label, "requests", run.requests);
        if (failure !== undefined) {
          if (!(failure instanceof ChainkitError)) {
            tally.count(label, "crashes");
            throw new Error(`${inspect(plan)} ended in ${inspect(failure).slice(0, 400)}`);
          }
          tally.count(label, "typed errors");
        } else {
          tally.count(label, "values");
        }
        expect(new Set(yielded).size).toBe(yielded.length);
        // Each request brings a new item, or is one of at most three in a row that bring none.
        expect(run.requests).toBeLessThanOrEqual(4 * (yielded.length + 1));
        const honest = !plan.ignoresOffset && !plan.shortPages && plan.brokenAt === 0;
        if (honest && failure === undefined && plan.max === undefined) {
          expect(yielded).toEqual(expect.arrayContaining(original.map((n) => String(1000 + 2 * n))));
        }
      }),
      fuzzParameters(fuzzParameters().numRuns * 6),
    );
  }, 180_000);
});
