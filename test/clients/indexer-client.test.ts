import { inspect } from "node:util";
import {
  type Action,
  createIndexerClient,
  HttpError,
  type IndexerClient,
  RequestValidationError,
  ResponseValidationError,
} from "chainkit/indexer";
import { afterEach, describe, expect, it } from "vitest";
import {
  exampleActions,
  type FakeIndexer,
  startFakeIndexer,
  syntheticAction,
} from "../support/fake-indexer.js";

let indexer: FakeIndexer | undefined;
afterEach(async () => {
  await indexer?.close();
  indexer = undefined;
});

async function start(size: number): Promise<{ server: FakeIndexer; client: IndexerClient }> {
  indexer = await startFakeIndexer(size);
  return {
    server: indexer,
    client: createIndexerClient({ url: indexer.url, credentials: { token: indexer.token } }),
  };
}

async function collect(iterator: AsyncIterable<Action>): Promise<Action[]> {
  const all: Action[] = [];
  for await (const action of iterator) all.push(action);
  return all;
}

const sentPages = (server: FakeIndexer) =>
  server.requests.map((request) => ({
    limit: Number(request.query.get("limit")),
    offset: Number(request.query.get("offset")),
  }));

describe("getActions", () => {
  it("sends limit 10 when none is given, with the token in the path, and returns exact logical times", async () => {
    const { server, client } = await start(0);
    server.answerNextWith({ body: { actions: exampleActions, address_book: {} } });
    const { actions } = await client.getActions({
      account: "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0",
    });
    const [sent] = server.requests;
    expect(sent?.path).toBe(`/${server.token}/api/v3/actions`);
    expect(sent?.query.get("limit")).toBe("10");
    expect(sent?.headers.accept).toBe("application/json");
    expect(actions[0]?.action_id).toBe(exampleActions[0]?.action_id);
    expect(actions[0]?.start_lt).toBe(93307000000008n);
    expect(actions[1]?.end_lt).toBe(98304768000037n);
  });

  it("refuses a limit over 1000 before sending", async () => {
    const { server, client } = await start(0);
    const error = await client.getActions({ limit: 2000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/query/limit");
    expect(server.requests).toHaveLength(0);
  });

  it("reports the indexer's {error, code} body", async () => {
    const { server, client } = await start(0);
    server.answerNextWith({ status: 422, body: { error: "wrong value for sort parameter", code: 422 } });
    const error = await client.getActions().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe(422);
    expect((error as HttpError).serviceMessage).toBe("wrong value for sort parameter");
    expect(`${(error as Error).message} ${inspect(error, { depth: 5 })}`).not.toContain(server.token);
  });
});

describe("actions()", () => {
  it("pages a bound over 1000 in requests of at most 1000, none lost or repeated", async () => {
    const { server, client } = await start(3000);
    const all = await collect(client.actions({ account: "0:ABC" }, { max: 2500 }));
    expect(all).toHaveLength(2500);
    expect(new Set(all.map((action) => action.action_id)).size).toBe(2500);
    expect(all.map((action) => action.action_id)).toEqual(
      server.history.slice(0, 2500).map((action) => action.action_id),
    );
    expect(sentPages(server)).toEqual([
      { limit: 1000, offset: 0 },
      { limit: 1000, offset: 1000 },
      { limit: 500, offset: 2000 },
    ]);
    expect(server.requests.every((request) => request.query.get("account") === "0:ABC")).toBe(true);
  });

  it("reads a limit over 1000 in the filter as the bound, never sending it", async () => {
    const { server, client } = await start(3000);
    const all = await collect(client.actions({ limit: 1500, offset: 100 }));
    expect(all).toHaveLength(1500);
    expect(all[0]?.action_id).toBe(server.history[100]?.action_id);
    expect(sentPages(server)).toEqual([
      { limit: 1000, offset: 100 },
      { limit: 500, offset: 1100 },
    ]);
  });

  it("stops on a short page when no bound is given", async () => {
    const { server, client } = await start(2345);
    const all = await collect(client.actions());
    expect(all).toHaveLength(2345);
    expect(sentPages(server).map((page) => page.offset)).toEqual([0, 1000, 2000]);
  });

  it("lowers a page size over 1000 to 1000 and honours a smaller one", async () => {
    const big = await start(1200);
    await collect(big.client.actions({}, { pageSize: 5000 }));
    expect(sentPages(big.server).map((page) => page.limit)).toEqual([1000, 1000]);
    await big.server.close();

    const small = await start(25);
    await collect(small.client.actions({}, { pageSize: 10 }));
    expect(sentPages(small.server)).toEqual([
      { limit: 10, offset: 0 },
      { limit: 10, offset: 10 },
      { limit: 10, offset: 20 },
    ]);
  });

  it("yields each action once when newer actions arrive between pages", async () => {
    const { server, client } = await start(250);
    const original = server.history.map((action) => action.action_id);
    let newest = 250;
    server.afterPage = () => {
      // Seven newer actions land on top after every page: later offsets shift by seven.
      for (let i = 0; i < 7; i++) server.history.unshift(syntheticAction(newest++));
    };
    const ids = (await collect(client.actions({}, { pageSize: 100 }))).map((action) => action.action_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => original.includes(id))).toEqual(original);
  });

  it("stops with a typed error when the server ignores offset and repeats one full page", async () => {
    const page = JSON.stringify({ actions: [0, 1, 2, 3, 4].map(syntheticAction), address_book: {} });
    let requests = 0;
    const sameEveryTime: typeof fetch = async () => {
      requests++;
      return new Response(page, { headers: { "content-type": "application/json" } });
    };
    const client = createIndexerClient({
      url: "http://127.0.0.1:9",
      credentials: { token: "token-0123456789" },
      fetch: sameEveryTime,
    });
    const seen: Action[] = [];
    const error = await (async () => {
      for await (const action of client.actions({}, { pageSize: 5 })) seen.push(action);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(seen).toHaveLength(5);
    expect(requests).toBe(4);
  });

  it("refuses bad bounds before any request", async () => {
    const { server, client } = await start(10);
    for (const [filter, options, pointer] of [
      [{}, { pageSize: 0 }, "/options/pageSize"],
      [{}, { max: -1 }, "/options/max"],
      [{}, { max: 1.5 }, "/options/max"],
      [{ offset: -5 }, {}, "/filter/offset"],
    ] as const) {
      const error = await collect(client.actions(filter, options)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe(pointer);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("sends nothing for max 0", async () => {
    const { server, client } = await start(10);
    expect(await collect(client.actions({}, { max: 0 }))).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("credentials and usage", () => {
  it("sends basic auth without a token segment", async () => {
    indexer = await startFakeIndexer(3);
    const client = createIndexerClient({
      url: indexer.url,
      credentials: { username: indexer.username, password: indexer.password },
    });
    expect((await client.getActions()).actions).toHaveLength(3);
    expect(indexer.requests[0]?.path).toBe("/api/v3/actions");
    expect(indexer.requests[0]?.headers.authorization).toMatch(/^Basic /);
    const shown = `${inspect(client, { depth: 10, showHidden: true })} ${JSON.stringify(client)}`;
    expect(shown).not.toContain(indexer.password);
  });

  it("counts one request unit per request", async () => {
    const { server, client } = await start(2100);
    await collect(client.actions({}, { max: 2100 }));
    await client.getActions();
    expect(client.usage()).toMatchObject({ requests: 4, requestUnits: 4 });
    expect(server.requests).toHaveLength(4);
  });
});
