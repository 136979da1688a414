import { createIndexerClient, ResponseValidationError } from "chainkit/indexer";
import { afterEach, describe, expect, it } from "vitest";
import { RECENT_ITEMS_REMEMBERED } from "../../src/runtime/paging/recent-items.js";
import { type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { TOKEN } from "./support/clients.js";

/** Issue 31, findings 7 and 9: the indexer pager against servers that repeat or never end. */

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A trace as the spec allows it while the indexer has no id for it yet (`trace_id: null`). */
function keylessTrace(n: number) {
  return {
    trace_id: null,
    start_lt: String(1000 + 2 * n),
    end_lt: String(1001 + 2 * n),
    start_utime: 1_700_000_000 + n,
    end_utime: 1_700_000_001 + n,
    transactions_order: [],
    transactions: {},
    trace: { tx_hash: null, children: [] },
  };
}

function pageOf(request: { url: string }): { limit: number; offset: number } {
  const query = new URL(request.url, "http://x").searchParams;
  return { limit: Number(query.get("limit")), offset: Number(query.get("offset")) };
}

async function startIndexer(answer: (page: { limit: number; offset: number }, count: number) => unknown) {
  const started = await startHostileServer((request, response) => {
    const body = JSON.stringify(answer(pageOf(request), started.requests.length));
    response.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  server = started;
  return {
    server: started,
    client: createIndexerClient({ url: started.url, credentials: { token: TOKEN }, retry: false }),
  };
}

describe("finding 7: a server that ignores offset, items without a key", () => {
  it("stops with a typed error after a few repeated pages instead of yielding the same traces forever", async () => {
    // The same five keyless traces whatever the offset. After 50 requests the server gives up with
    // an empty page, so a pager that cannot tell the repeats apart ends instead of hanging the test.
    const { server, client } = await startIndexer((_page, count) => ({
      traces: count > 50 ? [] : [0, 1, 2, 3, 4].map(keylessTrace),
      address_book: {},
    }));
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const trace of client.traces({}, { pageSize: 5 })) seen.push(trace);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(/ignore offset/);
    expect(seen).toHaveLength(5);
    expect(server.requests).toHaveLength(4);
  });

  it("still yields distinct keyless traces, and skips the ones a shifted page repeats", async () => {
    // 12 traces, newest first; two newer ones land on top after the first page.
    let history = Array.from({ length: 12 }, (_, i) => keylessTrace(11 - i));
    const { client } = await startIndexer(({ limit, offset }, count) => {
      const page = history.slice(offset, offset + limit);
      if (count === 1) history = [keylessTrace(13), keylessTrace(12), ...history];
      return { traces: page, address_book: {} };
    });
    const lts: bigint[] = [];
    for await (const trace of client.traces({}, { pageSize: 5 })) lts.push(trace.start_lt);
    expect(lts).toEqual(Array.from({ length: 12 }, (_, i) => BigInt(1000 + 2 * (11 - i))));
  });
});

describe("finding 9: the pager's memory of yielded items is a window", () => {
  it(`forgets an item after ${RECENT_ITEMS_REMEMBERED} newer ones, and still skips repeats inside the window`, async () => {
    // Items are keyed by trace_id. The list holds more items than the window, then item 0 again
    // (past the window: a bounded pager yields it again), then the newest item again (inside the
    // window: skipped). An unbounded set would skip both, keeping every key ever seen.
    const total = RECENT_ITEMS_REMEMBERED + 500;
    const trace = (n: number) => ({ ...keylessTrace(n), trace_id: `trace-${n}` });
    const items = [...Array.from({ length: total }, (_, n) => trace(n)), trace(0), trace(total - 1)];
    const { client } = await startIndexer(({ limit, offset }) => ({
      traces: items.slice(offset, offset + limit),
      address_book: {},
    }));
    const ids: (string | null)[] = [];
    for await (const item of client.traces({})) ids.push(item.trace_id);
    expect(ids).toHaveLength(total + 1);
    expect(ids.at(-1)).toBe("trace-0");
    expect(new Set(ids.slice(0, total)).size).toBe(total);
  });
});
