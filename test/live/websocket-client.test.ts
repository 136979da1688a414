import { inspect } from "node:util";
import {
  ConfigurationError,
  createEvmClient,
  HttpError,
  RequestValidationError,
  ResponseTooLargeError,
  type WebSocketConstructor,
} from "chainkit/evm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocket as WsPackageSocket } from "ws";
import { SeededRandom } from "../../src/sandbox/seeded-random.js";
import { secrets, startNode, type TestNode } from "./support.js";

let node: TestNode;
beforeAll(async () => {
  node = await startNode();
  for (let i = 0; i < 3; i++) await node.evm.mine();
});
afterAll(() => node.close());

/** The ws package's class used the browser way (`new WebSocket(url)`), as a runtime's global would be. */
const BrowserStyle = WsPackageSocket as unknown as WebSocketConstructor;

/** How many drops a seeded plan draws before `answers` answers get through: one draw per answer sent. */
function seededDrops(plan: { answers: number; socketDrop: number; seed: number }): number {
  const random = new SeededRandom(plan.seed);
  let drops = 0;
  for (let answered = 0; answered < plan.answers; ) {
    if (random.next() < plan.socketDrop) drops++;
    else answered++;
  }
  return drops;
}

function expectNoSecret(value: unknown): void {
  const shown = `${inspect(value, { depth: 8 })}\n${JSON.stringify(value) ?? ""}\n${String((value as Error)?.stack ?? "")}`;
  for (const secret of [secrets.token, secrets.password]) expect(shown).not.toContain(secret);
}

describe("JSON-RPC over the node's WebSocket endpoint", () => {
  test("typed methods, request() and batches answer as over HTTP; calls in one tick share one message", async () => {
    const http = createEvmClient({ url: node.url, credentials: { token: secrets.token } });
    const live = node.live();
    const latest = await http.eth_getBlockByNumber("latest", false);
    expect(await live.eth_getBlockByNumber("latest", false)).toEqual(latest);
    expect(await live.request("eth_chainId", [])).toBe(await http.eth_chainId());
    const outcomes = await live.batch([
      { method: "eth_blockNumber", params: [] },
      { method: "eth_getBlockByHash", params: [latest?.hash as string, false] },
    ] as const);
    expect(outcomes).toEqual([{ result: latest?.number }, { result: latest }]);
    const before = live.usage().requests;
    const [chainId, version, number] = await Promise.all([
      live.eth_chainId(),
      live.web3_clientVersion(),
      live.eth_blockNumber(),
    ]);
    expect([chainId, typeof version, number]).toEqual(["0x3e7", "string", latest?.number]);
    expect(live.usage().requests - before).toBe(1);
  });

  test("params are checked before anything is sent", async () => {
    const live = node.live();
    const error = await live.eth_getBlockByHash("0x1234", false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.pointer).toBe("/params/0");
    const before = node.server.requestCount;
    const refused = await live
      .subscribe("logs", { topics: [null, null, null, null, null] })
      .next()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as RequestValidationError).issues[0]?.pointer).toBe("/params/1/topics");
    expect(node.server.requestCount).toBe(before);
  });

  test("basic auth rides the upgrade request as a header; the token only the dialed URL", async () => {
    const basic = node.live({ credentials: { username: secrets.username, password: secrets.password } });
    expect(await basic.eth_chainId()).toBe("0x3e7");
    expectNoSecret(basic);
    expectNoSecret(node.live());
  });

  test("refused credentials: the upgrade's 401 is an HttpError at once, with no secret in it, and no redial", async () => {
    const upgradesBefore = node.server.requestCount;
    const wrongToken = node.live({ credentials: { token: "wrong-token-0123456789" } });
    const error = await wrongToken.eth_chainId().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).url).toBe(`${node.url.replace("http", "ws")}/ws/***`);
    expect((error as HttpError).hint).toMatch(/node token/);
    expect(inspect(error)).not.toContain("wrong-token-0123456789");
    expect(node.server.requestCount - upgradesBefore).toBe(1);
    const wrongPassword = node.live({
      credentials: { username: secrets.username, password: "not-the-password" },
    });
    const basicError = await wrongPassword.eth_chainId().catch((e: unknown) => e);
    expect((basicError as HttpError).status).toBe(401);
    expect((basicError as HttpError).hint).toMatch(/username and password/);
    expectNoSecret(basicError);
    expect(inspect(basicError)).not.toContain("not-the-password");
  });

  test("a browser-style WebSocket class carries token mode; basic mode is refused when the client is made", async () => {
    const live = node.live({ WebSocket: BrowserStyle });
    expect(await live.eth_chainId()).toBe("0x3e7");
    expect(() =>
      createEvmClient({
        url: node.url,
        credentials: { username: secrets.username, password: secrets.password },
        transport: "websocket",
        WebSocket: BrowserStyle,
      }),
    ).toThrow(ConfigurationError);
    try {
      createEvmClient({
        url: node.url,
        credentials: { username: secrets.username, password: secrets.password },
        transport: "websocket",
        WebSocket: BrowserStyle,
      });
    } catch (error) {
      expect((error as ConfigurationError).option).toBe("credentials");
      expect((error as Error).message).toMatch(/token/);
    }
  });

  test.each([
    ["the ws package (stops reading past the limit)", undefined],
    ["a browser-style class (checked on arrival)", BrowserStyle],
  ])(
    "maxResponseBytes with %s: a larger message fails the call, and the next call works",
    async (_, WebSocket) => {
      const live = node.live({ maxResponseBytes: 600, ...(WebSocket && { WebSocket }) });
      expect(await live.eth_chainId()).toBe("0x3e7");
      const error = await live.eth_getBlockByNumber("latest", false).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect((error as ResponseTooLargeError).limit).toBe(600);
      expect((error as Error).message).toMatch(/maxResponseBytes/);
      expect(await live.eth_chainId()).toBe("0x3e7");
    },
  );

  test("the URL, credentials and size limit are checked when the client is made; the WebSocket's own options on first use, before anything is sent", async () => {
    const make = (extra: object) => () =>
      createEvmClient({
        url: node.url,
        credentials: { token: secrets.token },
        transport: "websocket",
        ...extra,
      });
    expect(make({ maxResponseBytes: 0 })).toThrow(/maxResponseBytes/);
    expect(() =>
      createEvmClient({
        url: "http://node.example.com",
        credentials: { token: secrets.token },
        transport: "websocket",
      }),
    ).toThrow(/https/);
    // The connection code (and its checks) loads on the first call or subscription.
    await expect(make({ reconnect: { attempts: 0 } })().eth_chainId()).rejects.toThrow(/reconnect.attempts/);
    await expect(make({ keepAlive: { interval: -1 } })().eth_chainId()).rejects.toThrow(/keepAlive.interval/);
    const live = node.live();
    expect(() => live.subscribe("nope" as "newHeads")).toThrow(/newHeads, logs or newPendingTransactions/);
    const firstRead = (subscription: AsyncIterator<unknown>) => subscription.next();
    await expect(firstRead(live.subscribe("newHeads", { maxBuffered: 0 }))).rejects.toThrow(/maxBuffered/);
    await expect(firstRead(live.subscribe("newHeads", { fromBlock: -1 }))).rejects.toThrow(/fromBlock/);
    await expect(firstRead(live.subscribe("logs", {}, { maxReorgDepth: 1.5 }))).rejects.toThrow(
      /maxReorgDepth/,
    );
    const errors: unknown[] = [];
    const stop = live.watch("newHeads", {
      maxBuffered: 0,
      onEvent: () => {},
      onError: (e) => errors.push(e),
    });
    await stop();
    expect(String(errors[0])).toMatch(/maxBuffered/);
  });
});

describe("a connection that fails", () => {
  test("half the answers drop the socket: every read-only call still gets its answer, over new connections", async () => {
    // The server draws a fault for every message it sends, from one seeded sequence. On the shared
    // node it also answers the keep-alive requests of the other tests' clients, and of this one when
    // its line goes quiet: how many come between this test's answers depends on the machine's load,
    // and each of those answers takes a draw the seed meant for this test. A node of its own and no
    // keep-alive leave the draws to this test's answers, so the same answers drop on every run.
    const own = await startNode();
    try {
      const live = own.live({ keepAlive: false });
      expect(await live.eth_blockNumber()).toMatch(/^0x/);
      const upgradesBefore = own.server.requestCount;
      own.server.setFaults({ socketDrop: 0.5, seed: 7 });
      try {
        for (let i = 0; i < 12; i++) expect(await live.eth_chainId()).toBe("0x3e7");
      } finally {
        own.server.setFaults({});
      }
      // Each drop the seed draws before the 12th answer costs one new connection, and nothing else does.
      const drops = seededDrops({ answers: 12, socketDrop: 0.5, seed: 7 });
      expect(drops).toBeGreaterThan(1);
      expect(own.server.requestCount - upgradesBefore).toBe(drops);
    } finally {
      await own.close();
    }
  });

  test("a stalled socket (open, silent) is noticed by the keep-alive and replaced; the call waiting on it is answered", async () => {
    const live = node.live();
    expect(await live.eth_chainId()).toBe("0x3e7");
    const upgradesBefore = node.server.requestCount;
    node.ws.stallAll();
    // The stalled socket never answers: only a replacement can.
    expect(await live.eth_blockNumber({ timeout: 10_000 })).toMatch(/^0x/);
    expect(node.server.requestCount).toBeGreaterThan(upgradesBefore);
  });

  test("refused upgrades (503) are dialed again after a backoff", async () => {
    node.server.setFaults({ upgradeRefuse: 1 });
    const upgradesBefore = node.server.requestCount;
    const live = node.live();
    const answer = live.eth_chainId();
    await new Promise((resolve) => setTimeout(resolve, 100));
    node.server.setFaults({});
    expect(await answer).toBe("0x3e7");
    expect(node.server.requestCount - upgradesBefore).toBeGreaterThan(1);
  });

  test("close() fails waiting calls with an AbortError and later calls too", async () => {
    const live = node.live();
    expect(await live.eth_chainId()).toBe("0x3e7");
    node.ws.stallAll();
    const waiting = live.eth_chainId().catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await live.close();
    expect((await waiting) as Error).toMatchObject({ name: "AbortError" });
    await expect(live.eth_chainId()).rejects.toMatchObject({ name: "AbortError" });
  });

  test("with default options the client works too", async () => {
    const live = createEvmClient({
      url: node.url,
      credentials: { token: secrets.token },
      transport: "websocket",
    });
    try {
      expect(await live.eth_chainId()).toBe("0x3e7");
    } finally {
      await live.close();
    }
  });
});
