import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import {
  type Action,
  createIndexerClient,
  HttpError,
  type IndexerClient,
  indexerOperations,
  RequestValidationError,
  ResponseValidationError,
  userFriendlyAddress,
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

async function collect<T = Action>(iterator: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const action of iterator) all.push(action);
  return all;
}

const WALLET_RAW = "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0";
const WALLET_FRIENDLY = "UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso";

const sentPages = (server: FakeIndexer) =>
  server.requests.map((request) => ({
    limit: Number(request.query.get("limit")),
    offset: Number(request.query.get("offset")),
  }));

describe("getActions", () => {
  it("sends limit 10 when none is given, with the token in the path, and returns exact logical times", async () => {
    const { server, client } = await start(0);
    server.answerNextWith({ body: { actions: exampleActions, address_book: {} } });
    const { actions } = await client.getActions({ account: WALLET_RAW });
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
    const all = await collect(client.actions({ account: WALLET_RAW }, { max: 2500 }));
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
    expect(server.requests.every((request) => request.query.get("account") === WALLET_RAW)).toBe(true);
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

/** The recorded answers of one vector file in test/fixtures/indexer. */
function recorded(file: string): { request: Record<string, unknown> | null; response: unknown }[] {
  const path = new URL(`../fixtures/indexer/${file}`, import.meta.url);
  return (JSON.parse(readFileSync(path, "utf8")) as { examples: never[] }).examples;
}

describe("every endpoint: recorded answers through the client", () => {
  it("transactions: validated, with logical times, fees and a credit past 2^63 as exact bigints", async () => {
    const { server, client } = await start(0);
    const [jettonSent] = recorded("ton_v3_transactions.json");
    server.answerNextWith({ body: jettonSent?.response });
    const { transactions, address_book } = await client.getTransactions({
      hash: "1GSVPzv9hwWLDztTHLzhG3eSE4dkLn6rzN0g5v9ugMs=",
    });
    const [transaction] = transactions;
    expect(transaction?.lt).toBe(23694319000001n);
    expect(transaction?.total_fees).toBe(2432322n);
    expect(transaction?.description.credit_ph?.credit).toBe(14424983580017492223n);
    expect(transaction?.out_msgs[0]?.value).toBe(200000000n);
    expect(transaction?.out_msgs[0]?.created_at).toBe(1721068303n);
    expect(transaction?.in_msg?.value).toBeNull();
    expect(userFriendlyAddress(address_book, transaction?.account as string)).toBe(
      "0QAjflEZ_6KgKMxPlcnKN1ZoUvHdTT6hVwTW95EGVQfeSvD5",
    );
  });

  it("traces, jetton transfers, addressInformation, masterchainInfo and get-methods validate and read exactly", async () => {
    const { server, client } = await start(0);
    for (const { response } of recorded("ton_v3_traces.json")) {
      server.answerNextWith({ body: response });
      const { traces } = await client.getTraces({ trace_id: "9QeaIiXlgf8UD9boljxboc15XqfaJ2EWXLfH94apqEc=" });
      const [trace] = traces;
      expect(typeof trace?.end_lt).toBe("bigint");
      for (const hash of trace?.transactions_order ?? []) {
        expect(typeof trace?.transactions[hash]?.lt).toBe("bigint");
      }
    }
    server.answerNextWith({ body: recorded("ton_v3_jetton_transfers.json")[0]?.response });
    const [transfer] = (await client.getJettonTransfers({ owner_address: WALLET_FRIENDLY })).jetton_transfers;
    expect(transfer).toMatchObject({
      amount: 22000000n,
      query_id: 1721068295n,
      transaction_lt: 23694319000003n,
    });

    server.answerNextWith({ body: recorded("ton_v3_addressInformation.json")[0]?.response });
    const account = await client.getAddressInformation({
      address: "EQAjflEZ_6KgKMxPlcnKN1ZoUvHdTT6hVwTW95EGVQfeSha2",
    });
    expect(account).toMatchObject({
      balance: 587833680n,
      status: "active",
      last_transaction_lt: 23693722000001n,
    });

    server.answerNextWith({ body: recorded("ton_v3_masterchainInfo.json")[0]?.response });
    const head = await client.getMasterchainInfo();
    expect(head.last.seqno).toBe(21082664);
    expect(head.last.end_lt).toBe(23694519000004n);
    expect(head.last.gen_utime).toBe(1721068768n);

    for (const { request, response } of recorded("ton_v3_runGetMethod.json")) {
      server.answerNextWith({ body: response });
      const result = await client.runGetMethod(request as { address: string; method: string; stack: [] });
      expect(result.exit_code).toBe(0);
      expect(result.stack[0]?.type).toBe("num");
    }
  });

  it("a recorded answer that breaks the spec is refused with the field named", async () => {
    const { server, client } = await start(0);
    const [jettonSent] = recorded("ton_v3_transactions.json");
    const broken = structuredClone(jettonSent?.response) as { transactions: Record<string, unknown>[] };
    (broken.transactions[0] as Record<string, unknown>).lt = "not-a-number";
    server.answerNextWith({ body: broken });
    const error = await client.getTransactions().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toContain("/transactions/0/lt");
  });
});

describe("addresses in queries", () => {
  it("any form is checked and sent raw, in the query and in a get-method's body", async () => {
    const { server, client } = await start(0);
    server.answerNextWith({ body: { transactions: [], address_book: {} } });
    await client.getTransactions({ account: [WALLET_FRIENDLY, WALLET_RAW.toLowerCase()] });
    expect(server.requests[0]?.query.getAll("account")).toEqual([WALLET_RAW, WALLET_RAW]);

    server.answerNextWith({ body: { messages: [], address_book: {} } });
    await client.getMessages({ source: "null", destination: WALLET_FRIENDLY });
    expect(server.requests[1]?.query.get("source")).toBe("null");
    expect(server.requests[1]?.query.get("destination")).toBe(WALLET_RAW);

    server.answerNextWith({ body: { gas_used: 549, exit_code: 0, stack: [{ type: "num", value: "0x11" }] } });
    await client.runGetMethod({ address: WALLET_FRIENDLY, method: "seqno", stack: [] });
    expect(server.requests[2]?.json).toEqual({ address: WALLET_RAW, method: "seqno", stack: [] });
  });

  it("a mistyped address is refused before sending, naming the parameter and the reason", async () => {
    const { server, client } = await start(0);
    const typo = `${WALLET_FRIENDLY.slice(0, -1)}X`;
    const error = await client
      .getJettonWallets({ owner_address: [WALLET_RAW, typo] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/query/owner_address/1");
    expect((error as RequestValidationError).message).toMatch(/checksum/);
    const inBody = await client.estimateFee({ address: "0:12", body: "te6cc" }).catch((e: unknown) => e);
    expect((inBody as RequestValidationError).field).toBe("/body/address");
    expect(server.requests).toHaveLength(0);
  });
});

describe("one pager for every list", () => {
  it("has an iterator per list operation in the spec, named after the endpoint", () => {
    const client = createIndexerClient({
      url: "http://127.0.0.1:9",
      credentials: { token: "token-0123456789" },
    });
    const lists = Object.values(indexerOperations).filter((operation) => operation.paging);
    expect(lists).toHaveLength(13);
    for (const operation of lists) {
      const name = operation.id.replace(/^get/, "").replace(/^./, (c) => c.toLowerCase());
      expect(typeof (client as unknown as Record<string, unknown>)[name], name).toBe("function");
    }
    expect(
      Object.keys(client)
        .filter(
          (key) =>
            !key.startsWith("get") &&
            !key.includes("Method") &&
            !["estimateFee", "sendMessage", "usage"].includes(key),
        )
        .sort(),
    ).toEqual(
      lists.map((operation) => operation.id.replace(/^get/, "").replace(/^./, (c) => c.toLowerCase())).sort(),
    );
  });

  it("pages jetton transfers like actions: limit/offset, max, dedupe by the spec's key", async () => {
    const transfers = Array.from({ length: 25 }, (_, n) => ({
      ...(
        recorded("ton_v3_jetton_transfers.json")[0] as {
          response: { jetton_transfers: Record<string, unknown>[] };
        }
      ).response.jetton_transfers[0],
      transaction_hash: `hash-${n}`,
      transaction_lt: String(23694319000003n + BigInt(n)),
    }));
    const original = transfers.map((transfer) => transfer.transaction_hash);
    const sent: URLSearchParams[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      const query = new URL(String(input)).searchParams;
      sent.push(query);
      const offset = Number(query.get("offset"));
      const page = transfers.slice(offset, offset + Number(query.get("limit")));
      // A newer transfer lands on top after the first page: later offsets shift by one.
      if (sent.length === 1)
        transfers.unshift({ ...(transfers[0] as object), transaction_hash: "newer" } as never);
      return new Response(JSON.stringify({ jetton_transfers: page }), {
        headers: { "content-type": "application/json" },
      });
    };
    const client = createIndexerClient({
      url: "http://127.0.0.1:9",
      credentials: { token: "token-0123456789" },
      fetch: fakeFetch,
    });
    const seen = await collect(
      client.jettonTransfers({ owner_address: WALLET_FRIENDLY }, { pageSize: 10, max: 24 }),
    );
    expect(seen.map((transfer) => transfer.transaction_hash)).toEqual(original.slice(0, 24));
    expect(seen[23]?.transaction_lt).toBe(23694319000003n + 23n);
    expect(sent.map((query) => [query.get("limit"), query.get("offset")])).toEqual([
      ["10", "0"],
      ["10", "10"],
      ["5", "20"],
    ]);
    expect(sent.every((query) => query.get("owner_address") === WALLET_RAW)).toBe(true);
  });
});

describe("the address parameters the client rewrites are the spec's", () => {
  it("every query parameter typed as an address, and no other, is in ADDRESS_PARAMETERS", async () => {
    const { ADDRESS_PARAMETERS } = await import("../../src/indexer/address/address-parameters.js");
    const spec = JSON.parse(
      readFileSync(new URL("../../generated/indexer/spec.json", import.meta.url), "utf8"),
    ) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string; schema: { title?: string } }[] }>
      >;
    };
    const addressTypes = new Set(["AccountAddress", "AccountAddressList", "MessageEndpointQuery"]);
    const named = new Set<string>();
    const others = new Set<string>();
    for (const item of Object.values(spec.paths)) {
      for (const operation of Object.values(item)) {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== "query") continue;
          (addressTypes.has(parameter.schema.title ?? "") ? named : others).add(parameter.name);
        }
      }
    }
    expect([...named].sort()).toEqual([...ADDRESS_PARAMETERS].sort());
    expect([...others].filter((name) => ADDRESS_PARAMETERS.has(name))).toEqual([]);
  });
});
