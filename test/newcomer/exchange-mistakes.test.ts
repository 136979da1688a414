/**
 * Issue 46, the exchange's rows: mistakes a newcomer makes against the sandbox's exchange (HTTP and
 * WebSocket on a loopback port), each refused before anything is sent or signed, with the fix.
 */
import {
  createExchangeClient,
  createExchangeFeed,
  createInfoClient,
  privateKeySigner,
  RequestValidationError,
} from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedSandbox, startFeedSandbox } from "../exchange/feed/support/feed-sandbox.js";

const KEY = `0x${"a7".repeat(32)}` as const;
const user = await privateKeySigner(KEY).getAddress();
let sandbox: FeedSandbox;

beforeAll(async () => {
  sandbox = await startFeedSandbox({ users: [user] });
});
afterAll(() => sandbox.close());

/** An exchange client on the sandbox whose signer counts the signatures it made. */
function countingClient() {
  const signer = privateKeySigner(KEY);
  let count = 0;
  const counting = {
    getAddress: () => signer.getAddress(),
    signTypedData: (typedData: Parameters<typeof signer.signTypedData>[0]) => {
      count++;
      return signer.signTypedData(typedData);
    },
  };
  const client = createExchangeClient({ baseUrl: sandbox.url, signer: counting, network: "mainnet" });
  return { client, signed: () => count };
}

async function failureOf(call: () => Promise<unknown>): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error("the call succeeded");
}

describe("a feed subscription to a coin the exchange does not list", () => {
  it("ends with a RequestValidationError at /coin naming the closest coin, as HTTP l2Book does", async () => {
    const feed = createExchangeFeed({ baseUrl: sandbox.url, reconnect: false });
    try {
      const error = await failureOf(async () => {
        for await (const _book of feed.subscribe({ type: "l2Book", coin: "ETHX" })) break;
      });
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe("/coin");
      expect(error.message).toContain('"ETHX" is not a coin of this exchange');
      expect(error.message).toContain('did you mean "ETH"?');
      // A known coin still streams its book.
      for await (const book of feed.subscribe({ type: "l2Book", coin: "ETH" })) {
        expect(book.coin).toBe("ETH");
        break;
      }
    } finally {
      await feed.close();
    }
  });
});

describe("fillsByTime with startTime in seconds", () => {
  it("says milliseconds, not seconds, before sending", async () => {
    const info = createInfoClient({ baseUrl: sandbox.url });
    const seconds = Math.floor(Date.now() / 1000) - 86_400;
    const error = await failureOf(async () => {
      for await (const _fill of info.fillsByTime(user, { startTime: seconds })) break;
    });
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/startTime");
    expect(error.message).toContain("milliseconds, not seconds");
    expect(error.message).toContain("multiply it by 1000");
    const page = await failureOf(() =>
      info.userFillsByTime(user, { startTime: seconds * 1000, endTime: seconds }),
    );
    expect((page as RequestValidationError).field).toBe("/endTime");
    // Milliseconds pass, and 0 still means "from the start".
    await expect(info.userFillsByTime(user, { startTime: 0 })).resolves.toBeInstanceOf(Array);
  });
});

describe("an order worth less than the exchange's $10 minimum", () => {
  const exchange = () => createExchangeClient({ baseUrl: sandbox.url, privateKey: KEY, network: "mainnet" });
  const limit = { limit: { tif: "Gtc" as const } };

  it("refuses a spot order under $10 before signing, with the value it has and the size that would do", async () => {
    const { client, signed } = countingClient();
    const error = await failureOf(() =>
      client.order([{ a: 10000, b: true, p: "0.18", s: "50", r: false, t: limit }]),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe("/orders/0/s");
    expect(error.message).toContain("makes an order worth $9 (p × s = 0.18 × 50)");
    expect(error.message).toContain("the exchange's minimum is $10");
    expect(error.message).toContain("use a size of at least 56");
    expect(signed()).toBe(0);
  });

  it("refuses a perpetual order under $10 too, and lets a reduce-only one through to the exchange", async () => {
    const error = await failureOf(() =>
      exchange().order([{ a: 0, b: true, p: "60000", s: "0.0001", r: false, t: limit }]),
    );
    expect((error as RequestValidationError).field).toBe("/orders/0/s");
    expect(error.message).toContain("worth $6 (p × s = 60000 × 0.0001)");
    expect(error.message).toContain("at least 0.00017");
    const { statuses } = await exchange().order([
      { a: 0, b: false, p: "60000", s: "0.0001", r: true, t: limit },
    ]);
    expect(JSON.stringify(statuses[0])).not.toContain("minimum value");
  });
});

describe("an order of size 0", () => {
  it("is refused before signing, except a position's take-profit or stop-loss, which the exchange reads as the whole position", async () => {
    const { client, signed } = countingClient();
    const stop = { trigger: { isMarket: true, triggerPx: "50000", tpsl: "sl" as const } };
    for (const s of ["0", "0.000"]) {
      const error = await failureOf(() =>
        client.order([{ a: 0, b: true, p: "60000", s, r: false, t: { limit: { tif: "Gtc" } } }]),
      );
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe("/orders/0/s");
      expect(error.message).toContain('a size of 0 means "the whole position" only for a trigger order');
    }
    const inNormalGroup = await failureOf(() =>
      client.order([{ a: 0, b: false, p: "49000", s: "0", r: true, t: stop }], { grouping: "na" }),
    );
    expect((inNormalGroup as RequestValidationError).field).toBe("/orders/0/s");
    expect(signed()).toBe(0);
    const { statuses } = await client.order([{ a: 0, b: false, p: "49000", s: "0", r: true, t: stop }], {
      grouping: "positionTpsl",
    });
    expect(signed()).toBe(1);
    expect(statuses).toEqual(["waitingForTrigger"]);
  });
});

describe("a destination with a wrong EIP-55 checksum", () => {
  it("is refused before signing on every transfer and on approveAgent, with the checksummed form; lowercase passes", async () => {
    const { client, signed } = countingClient();
    // The EIP-55 vector's address with its last letter's case changed: a typo shows this way.
    const typo = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";
    const calls = [
      ["/destination", () => client.usdSend({ destination: typo, amount: "1" })],
      ["/destination", () => client.withdraw3({ destination: typo, amount: "2" })],
      [
        "/destination",
        () =>
          client.spotSend({
            destination: typo,
            token: "USDC:0x6d1e7cde53ba9467b783cb7c530ce054",
            amount: "1",
          }),
      ],
      ["/agentAddress", () => client.approveAgent({ agentAddress: typo })],
    ] as const;
    for (const [field, call] of calls) {
      const error = await failureOf(call);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe(field);
      expect(error.message).toContain("wrong EIP-55 checksum");
      expect(error.message).toContain("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    }
    expect(signed()).toBe(0);
    await client.usdSend({ destination: typo.toLowerCase(), amount: "1" });
    expect(signed()).toBe(1);
  });
});
