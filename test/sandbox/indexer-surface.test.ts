import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { indexerOperations } from "../../generated/indexer/operations.js";
import { parseJson } from "../../src/runtime/json/parse-json.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { createIndexerSurface } from "../../src/sandbox/indexer/indexer-surface.js";
import { toFriendlyAddress } from "../../src/sandbox/indexer/ton-address.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import { responseValidator } from "../support/spec-validators.js";

const secrets = { token: "ton-tok-5c2e", username: "ton-user", password: "ton-pass-31" };
const basic = `Basic ${Buffer.from(`${secrets.username}:${secrets.password}`).toString("base64")}`;
const TWO_POW_53 = 2n ** 53n;

type Action = Record<string, unknown> & { action_id: string; trace_id: string; type: string };
interface Page {
  actions: Action[];
  address_book: Record<string, { user_friendly: string; domain: string | null }>;
}

let server: SurfaceServer;
let everything: Action[];
beforeAll(async () => {
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add(secrets);
  const indexer = await createIndexerSurface({ seed: 11, count: 180 });
  server = await serveSurface({ name: "indexer", auth: "node", handler: indexer.handler, nodeAuth });
  everything = (await get({ limit: 1000, sort: "asc" })).actions;
});
afterAll(() => server.close());

/** GETs /api/v3/actions over HTTP, checks the answer against the spec for its status. */
async function request(query: Record<string, string | number>, mode: "token" | "basic" = "token") {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const { path } = indexerOperations.getActions;
  const base = mode === "token" ? `${server.url}/${secrets.token}${path}` : `${server.url}${path}`;
  const response = await fetch(`${base}?${search}`, {
    headers: mode === "basic" ? { authorization: basic } : {},
  });
  const text = await response.text();
  const body = parseJson(text);
  const validate = await responseValidator(indexerOperations.getActions, response.status);
  expect(validate, `status ${response.status} is in the spec with a schema`).toBeDefined();
  expect(validate?.(body), JSON.stringify(validate?.errors)).toBe(true);
  return { status: response.status, text, body };
}

async function get(query: Record<string, string | number>, mode: "token" | "basic" = "token"): Promise<Page> {
  const answer = await request(query, mode);
  expect(answer.status).toBe(200);
  return answer.body as Page;
}

/** The logical time an action is ordered by, read exactly (string or integer on the wire). */
const endLt = (action: Action) => BigInt(action.end_lt as string | number);
/** Where an action's data sits: upstream `details` or the provider's `value`. */
const payload = (action: Action) => (action.details ?? action.value) as Record<string, unknown>;
const rawAddresses = (value: unknown): string[] =>
  typeof value === "string"
    ? /^-?\d+:[0-9A-F]{64}$/.test(value)
      ? [value]
      : []
    : value && typeof value === "object"
      ? Object.values(value).flatMap(rawAddresses)
      : [];
const ids = (page: Page) => page.actions.map((action) => action.action_id);

describe("indexer surface: the ledger", () => {
  test("has both shapes, several types, and logical times on both sides of 2^53", () => {
    expect(everything).toHaveLength(180);
    expect(everything.some((action) => "transactions" in action && "details" in action)).toBe(true);
    expect(everything.some((action) => "tx_hash" in action && "status" in action && "value" in action)).toBe(
      true,
    );
    expect(new Set(everything.map((action) => action.type)).size).toBeGreaterThanOrEqual(6);
    expect(everything.some((action) => endLt(action) < TWO_POW_53)).toBe(true);
    expect(everything.some((action) => endLt(action) > TWO_POW_53)).toBe(true);
    expect(everything.every((action) => typeof action.start_lt === "string" || "tx_hash" in action)).toBe(
      true,
    );
  });

  test("the default page is the spec's: 10 actions, newest first", async () => {
    const page = await get({});
    expect(ids(page)).toEqual(
      everything
        .slice(-10)
        .reverse()
        .map((action) => action.action_id),
    );
  });

  test("an lt beyond 2^53 comes back exact, as a string upstream and an integer literal in the provider shape", async () => {
    const high = everything.filter((action) => endLt(action) > TWO_POW_53);
    const provider = high.find((action) => "tx_hash" in action);
    expect(provider).toBeDefined();
    const { text } = await request({ action_id: provider?.action_id as string });
    expect(text).toContain(`"end_lt":${endLt(provider as Action)}`);
    const upstream = high.find((action) => "transactions" in action) as Action;
    expect((await request({ action_id: upstream.action_id })).text).toContain(
      `"end_lt":"${endLt(upstream)}"`,
    );
  });
});

describe("indexer surface: paging and sort", () => {
  test("limit/offset pages cover every action once, in order, both ways", async () => {
    for (const sort of ["asc", "desc"] as const) {
      const seen: Action[] = [];
      for (let offset = 0; ; offset += 17) {
        const page = await get({ limit: 17, offset, sort });
        seen.push(...page.actions);
        if (page.actions.length < 17) break;
      }
      expect(new Set(seen.map((action) => action.action_id)).size).toBe(seen.length);
      const expected = sort === "asc" ? everything : [...everything].reverse();
      expect(seen.map((action) => action.action_id)).toEqual(expected.map((action) => action.action_id));
      for (let i = 1; i < seen.length; i++) {
        const [before, after] = [endLt(seen[i - 1] as Action), endLt(seen[i] as Action)];
        expect(sort === "asc" ? before < after : before > after).toBe(true);
      }
    }
  });

  test("past the end is an empty page with an empty address book", async () => {
    expect(await get({ offset: 180 })).toEqual({ actions: [], address_book: {} });
  });

  test("limit over 1000 is 422 with the indexer's message; a bad sort, type or number is 422 too", async () => {
    const limit = await request({ limit: 1001 });
    expect(limit.status).toBe(422);
    expect(limit.body).toEqual({ error: "limit is not allowed: 1001 > 1000", code: 422 });
    const sort = await request({ sort: "newest" });
    expect(sort).toMatchObject({ status: 422, body: { error: "wrong value for sort parameter", code: 422 } });
    const type = await request({ action_type: "ton-transfer" });
    expect(type).toMatchObject({ status: 422, body: { error: "action_type contains invalid characters" } });
    const utime = await request({ start_utime: "yesterday" });
    expect(utime.status).toBe(422);
    expect((utime.body as { error: string }).error).toMatch(/^start_utime: /);
  });
});

describe("indexer surface: filters", () => {
  test("account (raw or user-friendly) returns exactly the actions that mention it", async () => {
    const counts = new Map<string, number>();
    for (const action of everything)
      for (const raw of new Set(rawAddresses(payload(action)))) counts.set(raw, (counts.get(raw) ?? 0) + 1);
    const [account, expected] = [...counts].sort((a, b) => b[1] - a[1])[0] as [string, number];
    const page = await get({ account, limit: 1000 });
    expect(page.actions).toHaveLength(expected);
    expect(page.actions.every((action) => rawAddresses(payload(action)).includes(account))).toBe(true);
    const friendly = page.address_book[account]?.user_friendly as string;
    expect(ids(await get({ account: friendly, limit: 1000 }))).toEqual(ids(page));
    expect(ids(await get({ account: account.toLowerCase(), limit: 1000 }))).toEqual(ids(page));
  });

  test("action_id, trace_id, tx_hash (base64 and hex) and tx_lt", async () => {
    const upstream = everything.filter((action) => Array.isArray(action.transactions));
    const target = upstream[upstream.length - 5] as Action;
    expect(ids(await get({ action_id: target.action_id }))).toEqual([target.action_id]);

    const sameTrace = everything.filter((action) => action.trace_id === target.trace_id);
    expect(ids(await get({ trace_id: target.trace_id, sort: "asc" }))).toEqual(
      sameTrace.map((action) => action.action_id),
    );

    const tx = (target.transactions as string[])[0] as string;
    const byHash = await get({ tx_hash: tx });
    expect(ids(byHash)).toContain(target.action_id);
    const hex = Buffer.from(tx, "base64").toString("hex");
    expect(ids(await get({ tx_hash: hex }))).toEqual(ids(byHash));

    const startLt = BigInt(target.start_lt as string);
    expect(ids(await get({ tx_lt: startLt.toString() }))).toEqual([target.action_id]);
  });

  test("action_type matches in both namings", async () => {
    const jettons = everything.filter(
      (action) => action.type === "jetton_transfer" || action.type === "JettonTransfer",
    );
    expect(jettons.some((action) => action.type === "JettonTransfer")).toBe(true);
    const snake = await get({ action_type: "jetton_transfer", limit: 1000 });
    const pascal = await get({ action_type: "JettonTransfer", limit: 1000 });
    expect(snake.actions).toHaveLength(jettons.length);
    expect(ids(pascal)).toEqual(ids(snake));
  });

  test("utime and lt ranges are inclusive, and lt bounds beyond 2^53 are exact", async () => {
    const utimes = everything.map((action) => Number(action.trace_end_utime ?? action.end_utime));
    const [from, to] = [utimes[40] as number, utimes[90] as number];
    const byTime = await get({ start_utime: from, end_utime: to, limit: 1000, sort: "asc" });
    const expected = everything.filter(
      (_, i) => (utimes[i] as number) >= from && (utimes[i] as number) <= to,
    );
    expect(ids(byTime)).toEqual(expected.map((action) => action.action_id));

    // Ranges compare with the trace's end, which only the upstream shape states.
    const upstream = everything.filter((action) => action.trace_end_lt !== undefined);
    const traceEnd = (action: Action) => BigInt(action.trace_end_lt as string);
    const low = traceEnd(upstream.find((action) => traceEnd(action) > TWO_POW_53) as Action);
    const high = low + 40n;
    const byLt = await get({ start_lt: low.toString(), end_lt: high.toString(), limit: 1000, sort: "asc" });
    const inRange = upstream.filter((action) => traceEnd(action) >= low && traceEnd(action) <= high);
    expect(inRange.length).toBeGreaterThan(1);
    expect(ids(byLt).filter((id) => upstream.some((action) => action.action_id === id))).toEqual(
      inRange.map((action) => action.action_id),
    );
  });
});

describe("indexer surface: address book and credentials", () => {
  test("every address on a page has an entry with its user-friendly form, and nothing else does", async () => {
    const page = await get({ limit: 60, offset: 30 }, "basic");
    const mentioned = new Set(page.actions.flatMap((action) => rawAddresses(payload(action))));
    expect(new Set(Object.keys(page.address_book))).toEqual(mentioned);
    for (const [raw, entry] of Object.entries(page.address_book)) {
      const bounceable = entry.user_friendly.startsWith("EQ");
      expect(entry.user_friendly).toBe(toFriendlyAddress(raw, { bounceable }));
    }
    expect(Object.values(page.address_book).some((entry) => entry.user_friendly.startsWith("UQ"))).toBe(true);
    expect(Object.values(page.address_book).some((entry) => entry.domain?.endsWith(".ton"))).toBe(true);
  });

  test("no credentials is 401; a bearer token is refused", async () => {
    const path = indexerOperations.getActions.path;
    expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${secrets.token}` } })).status,
    ).toBe(401);
  });
});
