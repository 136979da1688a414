import { inspect } from "node:util";
import {
  AbortError,
  ConfigurationError,
  createExchangeClient,
  ExchangeError,
  type ModifyInput,
  NetworkError,
  privateKeySigner,
  RequestValidationError,
} from "chainkit/exchange";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ExchangeTestServer, startExchangeTestServer } from "./support/exchange-test-server.js";

const KEY = "0x822e9959e022b78423eb653a62ea0020cd283e71a2a8133a6ff2aeffaf373cff";
const OTHER_KEY = "0x0123456789012345678901234567890123456789012345678901234567890123";
const ADDRESS = await privateKeySigner(KEY).getAddress();
const VAULT = "0x1719884eb866cb12b2287399b15f7db5e7d775ea";

const modifies: ModifyInput[] = [
  { oid: 77738308, order: { a: 0, b: true, p: 61500, s: "0.0020", r: false, t: { limit: { tif: "Gtc" } } } },
  {
    oid: "0x0000000000000000000000000000ABCD",
    order: {
      a: 4,
      b: false,
      p: "3450.50",
      s: 0.1,
      r: false,
      t: { limit: { tif: "Alo" } },
      c: "0x0000000000000000000000000000ABCD",
    },
  },
  {
    oid: 8553833906,
    order: {
      a: 1,
      b: false,
      p: "1700",
      s: "1",
      r: true,
      t: { trigger: { isMarket: true, triggerPx: 1699.5, tpsl: "sl" } },
    },
  },
];

function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  );
}

let server: ExchangeTestServer;

beforeAll(async () => {
  server = await startExchangeTestServer(true);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.users = new Set([ADDRESS]);
  server.statuses = (entries, type) =>
    entries.map((_, index) => (type.startsWith("cancel") ? "success" : { resting: { oid: 500 + index } }));
  server.dropNext = 0;
  server.loseAnswerNext = 0;
});

describe("createExchangeClient().batchModify", () => {
  it("sends one signed request the independent server accepts", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
    const outcome = await exchange.batchModify(modifies);
    expect(outcome.statuses).toEqual([
      { resting: { oid: 500 } },
      { resting: { oid: 501 } },
      { resting: { oid: 502 } },
    ]);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.signer).toBe(ADDRESS.toLowerCase());
    expect(Object.keys(request?.body ?? {}).sort()).toEqual(["action", "nonce", "signature"]);
    expect(request?.body?.nonce).toBe(outcome.nonce);
    expect(request?.body?.action).toEqual({
      type: "batchModify",
      modifies: [
        {
          oid: 77738308,
          order: { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" } } },
        },
        {
          oid: "0x0000000000000000000000000000abcd",
          order: {
            a: 4,
            b: false,
            p: "3450.5",
            s: "0.1",
            r: false,
            t: { limit: { tif: "Alo" } },
            c: "0x0000000000000000000000000000abcd",
          },
        },
        {
          oid: 8553833906,
          order: {
            a: 1,
            b: false,
            p: "1700",
            s: "1",
            r: true,
            t: { trigger: { isMarket: true, triggerPx: "1699.5", tpsl: "sl" } },
          },
        },
      ],
    });
  });

  it("signs vault and expiry into the request, per call or by default", async () => {
    const exchange = createExchangeClient({
      baseUrl: server.url,
      signer: privateKeySigner(KEY),
      network: "mainnet",
      vaultAddress: VAULT,
    });
    const expiresAfter = Date.now() + 60_000;
    await exchange.batchModify(modifies, { expiresAfter });
    await exchange.batchModify(modifies, { vaultAddress: null });
    const [withVault, withoutVault] = server.requests;
    expect(withVault?.body).toMatchObject({ vaultAddress: VAULT, expiresAfter });
    expect(withVault?.signer).toBe(ADDRESS.toLowerCase());
    expect(withoutVault?.body).not.toHaveProperty("vaultAddress");
    expect(withoutVault?.signer).toBe(ADDRESS.toLowerCase());
  });

  it("works with a viem account as signer, on testnet", async () => {
    const testnet = await startExchangeTestServer(false);
    try {
      testnet.users.add(ADDRESS);
      const exchange = createExchangeClient({
        baseUrl: testnet.url,
        signer: privateKeyToAccount(KEY),
        network: "testnet",
      });
      await expect(exchange.batchModify(modifies)).resolves.toMatchObject({ statuses: expect.any(Array) });
      const mainnetSigned = createExchangeClient({
        baseUrl: testnet.url,
        privateKey: KEY,
        network: "mainnet",
      });
      const error = await failure(mainnetSigned.batchModify(modifies));
      expect((error as ExchangeError).serviceMessage).toMatch(
        /^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/,
      );
    } finally {
      await testnet.close();
    }
  });

  it("is refused by the server when the signed body is tampered with", async () => {
    const tamper = (input: string, init: RequestInit) =>
      fetch(input, { ...init, body: String(init.body).replace('"p":"61500"', '"p":"61400"') });
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: KEY,
      network: "mainnet",
      fetch: tamper,
    });
    const error = await failure(exchange.batchModify(modifies));
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).serviceMessage).toMatch(/does not exist\.$/);
    expect(server.requests[0]?.text).toContain('"p":"61400"');
    expect(server.requests[0]?.signer).not.toBe(ADDRESS.toLowerCase());
  });

  it("types partial success as data: resting, filled, error and waiting statuses in order", async () => {
    // The server sends these as JSON: the client's statuses are its own parsed copy.
    const answered = [
      { error: "Cannot modify canceled or filled order" },
      {
        filled: {
          totalSz: "0.1",
          avgPx: "3450.5",
          oid: 465972522923,
          cloid: "0x0000000000000000000000000000abcd",
        },
      },
      "waitingForTrigger",
    ];
    server.statuses = () => answered;
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
    const { statuses } = await exchange.batchModify(modifies);
    expect(statuses).toEqual(answered);
  });

  it("turns a whole-request refusal into an ExchangeError with the service's message", async () => {
    server.users = new Set();
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
    const error = (await failure(exchange.batchModify(modifies))) as ExchangeError;
    expect(error).toBeInstanceOf(ExchangeError);
    expect(error.status).toBe(200);
    expect(error.serviceMessage).toBe(`User or API Wallet ${ADDRESS.toLowerCase()} does not exist.`);
  });

  it("turns HTTP 422 text into an ExchangeError", async () => {
    const breakJson = (input: string, init: RequestInit) =>
      fetch(input, { ...init, body: `${String(init.body)}}` });
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: KEY,
      network: "mainnet",
      fetch: breakJson,
      assets: false,
    });
    const error = (await failure(exchange.batchModify(modifies))) as ExchangeError;
    expect(error).toBeInstanceOf(ExchangeError);
    expect(error.status).toBe(422);
    expect(error.serviceMessage).toBe("Failed to deserialize the JSON body into the target type");
  });
});

describe("checks before signing", () => {
  const exchange = () => createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
  const withOrder = (index: number, change: Record<string, unknown>): ModifyInput[] =>
    modifies.map((entry, at) =>
      at === index ? { ...entry, order: { ...entry.order, ...change } } : entry,
    ) as ModifyInput[];

  it.each([
    [
      "an unknown tif",
      [...modifies, { ...modifies[0], order: { ...modifies[0]?.order, t: { limit: { tif: "GTC" } } } }],
      "/modifies/3/order/t/limit/tif",
    ],
    ["an unknown key", withOrder(1, { cloid: "0x01" }), "/modifies/1/order/cloid"],
    ["a price that would round", withOrder(2, { p: 1.123456789 }), "/modifies/2/order/p"],
    ["a negative size", withOrder(0, { s: -1 }), "/modifies/0/order/s"],
    ["a bad cloid", withOrder(0, { c: "0x1234" }), "/modifies/0/order/c"],
    ["a missing order", [{ oid: 1 }], "/modifies/0/order"],
    ["no modifications", [], "/modifies"],
  ])("refuses %s, naming the field, and sends nothing", async (_label, input, field) => {
    const error = await failure(exchange().batchModify(input as ModifyInput[]));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe(field);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses an expiresAfter in the past, and sends nothing", async () => {
    const error = await failure(exchange().batchModify(modifies, { expiresAfter: Date.now() - 1_000 }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/expiresAfter");
    expect(server.requests).toHaveLength(0);
  });
});

describe("nonces", () => {
  it("are unique across many concurrent calls from clients sharing a key", async () => {
    const first = createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
    const second = createExchangeClient({
      baseUrl: server.url,
      signer: privateKeyToAccount(KEY),
      network: "mainnet",
    });
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 ? first : second).batchModify(modifies.slice(0, 1)),
      ),
    );
    const nonces = outcomes.map((outcome) => outcome.nonce);
    expect(new Set(nonces).size).toBe(40);
    expect(server.requests.map((request) => request.body?.nonce).sort()).toEqual([...nonces].sort());
  });
});

describe("resending", () => {
  it("resends the same signed body after a dropped connection, and never re-signs", async () => {
    server.dropNext = 2;
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: KEY,
      network: "mainnet",
      retry: { baseDelay: 5 },
    });
    const outcome = await exchange.batchModify(modifies);
    expect(outcome.statuses).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
    const texts = new Set(server.requests.map((request) => request.text));
    expect(texts.size).toBe(1);
    expect(exchange.usage()).toEqual({ requests: 3, weight: 9 });
  });

  it("says an earlier attempt may have gone through when a resend is refused as a duplicate", async () => {
    server.loseAnswerNext = 1;
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: KEY,
      network: "mainnet",
      retry: { baseDelay: 5 },
    });
    const error = (await failure(exchange.batchModify(modifies))) as ExchangeError;
    expect(error).toBeInstanceOf(ExchangeError);
    expect(error.serviceMessage).toMatch(/^Invalid nonce: duplicate nonce \d+$/);
    expect(error.details).toMatch(/earlier attempt may have been processed/);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.text).toBe(server.requests[1]?.text);
  });

  it("gives up with the network error when resends are off", async () => {
    server.dropNext = 1;
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: KEY,
      network: "mainnet",
      retry: false,
    });
    expect(await failure(exchange.batchModify(modifies))).toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(1);
  });
});

describe("usage", () => {
  it("counts one weight per modification", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
    await exchange.batchModify(modifies);
    await exchange.batchModify(modifies.slice(0, 1));
    expect(exchange.usage()).toEqual({ requests: 2, weight: 4 });
  });

  it("paces calls under a budget: a call over it waits (here until aborted) instead of being sent", async () => {
    const exchange = createExchangeClient({
      baseUrl: server.url,
      privateKey: KEY,
      network: "mainnet",
      budget: { weight: 4, intervalMs: 60_000 },
    });
    await exchange.batchModify(modifies);
    const controller = new AbortController();
    const waiting = failure(exchange.batchModify(modifies, { signal: controller.signal }));
    setImmediate(() => controller.abort());
    expect(await waiting).toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(1);
    expect(exchange.usage()).toEqual({ requests: 1, weight: 3 });
  });
});

describe("signer option", () => {
  it("refuses a signer without a usable address or signTypedData, naming the option", () => {
    const account = privateKeyToAccount(KEY);
    const signers = [
      {},
      { address: undefined, signTypedData: account.signTypedData },
      { address: "0x1234", signTypedData: account.signTypedData },
      { getAddress: account.address, signTypedData: account.signTypedData },
      { address: account.address },
    ];
    for (const signer of signers) {
      const create = () =>
        createExchangeClient({ baseUrl: server.url, signer: signer as never, network: "mainnet" });
      expect(create).toThrow(ConfigurationError);
      expect(create).toThrow(expect.objectContaining({ option: "signer" }));
    }
  });

  it("takes a signer that tells its address through getAddress(), asked once, on the first action", async () => {
    const account = privateKeyToAccount(KEY);
    let asked = 0;
    const signer = {
      getAddress: async () => {
        asked++;
        return account.address;
      },
      signTypedData: account.signTypedData,
    };
    const exchange = createExchangeClient({ baseUrl: server.url, signer, network: "mainnet" });
    expect(asked).toBe(0);
    await exchange.batchModify(modifies.slice(0, 1));
    await exchange.cancel([{ a: 0, o: 1 }]);
    expect(server.requests.map((request) => request.signer)).toEqual([
      ADDRESS.toLowerCase(),
      ADDRESS.toLowerCase(),
    ]);
    expect(await exchange.getAddress()).toBe(ADDRESS);
    expect(asked).toBe(1);
  });

  it("refuses an action when getAddress() answers no address, before signing or sending", async () => {
    const account = privateKeyToAccount(KEY);
    let signed = 0;
    const signer = {
      getAddress: async () => "0x1234",
      signTypedData: (typedData: Parameters<typeof account.signTypedData>[0]) => {
        signed++;
        return account.signTypedData(typedData);
      },
    };
    const exchange = createExchangeClient({ baseUrl: server.url, signer, network: "mainnet" });
    const error = await failure(exchange.batchModify(modifies.slice(0, 1)));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ option: "signer" });
    expect(signed).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});

describe("secrets", () => {
  it("never shows the private key in the client", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
    expect(await exchange.getAddress()).toBe(ADDRESS);
    expect(inspect(exchange, { depth: 10, showHidden: true })).not.toContain(KEY.slice(2));
    expect(JSON.stringify(exchange)).not.toContain(KEY.slice(2));
  });

  it("refuses a second signer source and a malformed key without showing it", () => {
    expect(() =>
      createExchangeClient({
        baseUrl: server.url,
        privateKey: KEY,
        signer: privateKeySigner(OTHER_KEY),
        network: "mainnet",
      }),
    ).toThrow(/signer or privateKey/);
    const bad = `${KEY.slice(0, 60)}zz`;
    const error = (() => {
      try {
        createExchangeClient({ baseUrl: server.url, privateKey: bad as `0x${string}`, network: "mainnet" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ExchangeError);
    expect(inspect(error)).not.toContain(KEY.slice(2, 40));
  });
});

describe("every action method", () => {
  it("sends a signed body the independent server accepts, with the statuses it answers", async () => {
    server.users = new Set([ADDRESS]);
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
    const order = { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" as const } } };
    const calls: [string, () => Promise<{ nonce: number }>][] = [
      [
        "order",
        () =>
          exchange.order([order], {
            grouping: "na",
            builder: { b: VAULT.toUpperCase().replace("0X", "0x"), f: 10 },
          }),
      ],
      ["cancel", () => exchange.cancel([{ a: 0, o: 77738308 }])],
      [
        "cancelByCloid",
        () => exchange.cancelByCloid([{ asset: 0, cloid: "0x0000000000000000000000000000ABCD" }]),
      ],
      ["modify", () => exchange.modify({ oid: 77738308, order }, { alwaysPlace: true })],
      ["batchModify", () => exchange.batchModify([{ oid: 77738308, order }])],
      ["scheduleCancel", () => exchange.scheduleCancel({ time: Date.now() + 60_000 })],
      ["scheduleCancel", () => exchange.scheduleCancel()],
      ["updateLeverage", () => exchange.updateLeverage({ asset: 0, isCross: false, leverage: 5 })],
      [
        "updateIsolatedMargin",
        () => exchange.updateIsolatedMargin({ asset: 0, isBuy: true, ntli: -1_000_000 }),
      ],
      ["approveAgent", () => exchange.approveAgent({ agentAddress: VAULT, agentName: "bot" })],
    ];
    for (const [type, call] of calls) {
      server.requests.length = 0;
      const outcome = await call();
      expect(server.requests, type).toHaveLength(1);
      const [request] = server.requests;
      expect(request?.signer, type).toBe(ADDRESS.toLowerCase());
      expect((request?.body?.action as { type: string } | undefined)?.type).toBe(type);
      expect(request?.body?.nonce).toBe(outcome.nonce);
    }
  });

  it("sends the builder address lowercase and approveAgent's nonce inside the action", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
    const order = { a: 0, b: true, p: "61500", s: "0.002", r: false, t: { limit: { tif: "Gtc" as const } } };
    await exchange.order([order], { builder: { b: "0x1719884EB866CB12B2287399B15F7DB5E7D775EA", f: 10 } });
    const action = server.requests[0]?.body?.action as { builder: unknown } | undefined;
    expect(action?.builder).toEqual({ b: VAULT, f: 10 });
    await exchange.approveAgent({ agentAddress: VAULT });
    const body = server.requests[1]?.body as { nonce: number; action: Record<string, unknown> };
    expect(body.action).toEqual({
      type: "approveAgent",
      signatureChainId: "0x66eee",
      hyperliquidChain: "Mainnet",
      agentAddress: VAULT,
      nonce: body.nonce,
    });
  });

  it("refuses an empty list and a user-signed call with bad input before anything is sent", async () => {
    const exchange = createExchangeClient({ baseUrl: server.url, privateKey: KEY, network: "mainnet" });
    for (const [call, field] of [
      [() => exchange.order([]), "/orders"],
      [() => exchange.cancel([]), "/cancels"],
      [() => exchange.cancelByCloid([{ asset: 0, cloid: "0x12" }]), "/cancels/0/cloid"],
      [() => exchange.updateLeverage({ asset: -1, isCross: true, leverage: 2 }), "/asset"],
      [() => exchange.approveAgent({ agentAddress: "0x1234" }), "/agentAddress"],
      [() => exchange.scheduleCancel({}, { vaultAddress: "0x1719" }), "/vaultAddress"],
      [
        () =>
          exchange.order([{ a: 0, b: true, p: "1", s: "1", r: false, t: { limit: { tif: "Gtc" } } }], {
            builder: { b: VAULT, f: 1001 },
          }),
        "/builder/f",
      ],
    ] as const) {
      const error = await failure(call());
      expect(error, field).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe(field);
    }
    expect(server.requests).toHaveLength(0);
  });
});
