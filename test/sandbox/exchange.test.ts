import { readFileSync } from "node:fs";
import { bytesToHex } from "@noble/hashes/utils.js";
import { signL1Action } from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressOf } from "../../src/sandbox/exchange/demo-account.js";
import { createExchangeSurface, type ExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { NonceWindow } from "../../src/sandbox/exchange/nonce-window.js";
import {
  agentDigest,
  connectionId,
  recoverAddress,
  userSignedDigest,
} from "../../src/sandbox/exchange/recover-signer.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { answerIssues } from "../exchange/support/spec-check.js";

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/exchange/${name}`, import.meta.url), "utf8"));

interface Vector {
  name: string;
  privateKey: string;
  /** Absent in vectors that sign a given connection id. */
  action?: unknown;
  nonce: number;
  vaultAddress: string | null;
  expiresAfter: number | null;
  connectionId: string;
  expected: Record<string, { r: string; s: string; v: number } | string>;
}

describe("exchange signer recovery (independent of the client's signing code)", () => {
  const groups = fixture("signing-official.json").groups as Record<string, { vectors: Vector[] }>;
  const all = Object.values(groups).flatMap((group) => group.vectors);
  const vectors = all.filter((vector): vector is Vector & { action: unknown } => vector.action !== undefined);

  it("rebuilds every official connection id from the action as sent", () => {
    expect(vectors.length).toBe(all.length - 1);
    for (const vector of vectors) {
      const id = connectionId(vector);
      expect(`0x${bytesToHex(id)}`, vector.name).toBe(vector.connectionId);
    }
  });

  it("recovers the signing address of every official signature, on both networks", () => {
    let checked = 0;
    for (const vector of vectors) {
      for (const [network, source] of [
        ["mainnet", "a"],
        ["testnet", "b"],
      ] as const) {
        const signature = vector.expected[network];
        if (typeof signature !== "object") continue;
        const digest = agentDigest(connectionId(vector), source);
        expect(recoverAddress(digest, signature), `${vector.name} ${network}`).toBe(
          addressOf(vector.privateKey),
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("recovers the signer of the spec's request examples", () => {
    const signer = fixture("spec-examples-signer.json");
    const spec = JSON.parse(
      readFileSync(new URL("../../generated/exchange/spec.json", import.meta.url), "utf8"),
    );
    let checked = 0;
    for (const [operation, ids] of Object.entries(
      signer.connectionIds as Record<string, Record<string, string>>,
    )) {
      const examples =
        spec.paths[`/exchange#${operation}`].post.requestBody.content["application/json"].examples;
      for (const [name, id] of Object.entries(ids)) {
        const body = examples[name].value;
        // A user-signed action has signatureChainId; its example names the EIP-712 digest.
        const userSigned = "signatureChainId" in body.action;
        const digest = userSigned ? userSignedDigest(body.action) : agentDigest(connectionId(body), "a");
        if (userSigned) expect(`0x${bytesToHex(digest as Uint8Array)}`, `${operation} ${name}`).toBe(id);
        else expect(`0x${bytesToHex(connectionId(body))}`, `${operation} ${name}`).toBe(id);
        expect(recoverAddress(digest as Uint8Array, body.signature)).toBe(signer.address.toLowerCase());
        checked++;
      }
    }
    expect(checked).toBe(27);
  });
});

describe("nonce rules", () => {
  const now = 1_800_000_000_000;
  const day = 86_400_000;

  it("keeps the 100 highest nonces: a new one must be unused and above the smallest kept", () => {
    const window = new NonceWindow(() => now);
    for (let i = 1; i <= 100; i++) expect(window.take("0xa", now - 1000 + i)).toBeUndefined();
    expect(window.take("0xa", now - 1000 + 50)).toBe(`Invalid nonce: duplicate nonce ${now - 1000 + 50}`);
    expect(window.take("0xa", now - 1000)).toBe(`Invalid nonce: nonce too low ${now - 1000} < ${now - 999}`);
    expect(window.take("0xa", now + 1)).toBeUndefined();
    // The smallest (now - 999) dropped out; now - 998 is still kept and still a duplicate.
    expect(window.take("0xa", now - 999)).toMatch(/nonce too low/);
    expect(window.take("0xa", now - 998)).toMatch(/duplicate nonce/);
    // Another signer has its own window.
    expect(window.take("0xb", now - 1000)).toBeUndefined();
  });

  it("takes nonces only within (now - 2 days, now + 1 day)", () => {
    const window = new NonceWindow(() => now);
    expect(window.take("0xa", now - 2 * day)).toMatch(/^Invalid nonce: nonce too low/);
    expect(window.take("0xa", now + day)).toMatch(/^Invalid nonce: nonce too high/);
    expect(window.take("0xa", now - 2 * day + 1)).toBeUndefined();
    expect(window.take("0xa", now + day - 1)).toBeUndefined();
  });
});

describe("exchange surface over HTTP", () => {
  const clock = Date.now();
  let exchange: ExchangeSurface;
  let server: SurfaceServer;
  const strangerKey = `0x${"11".repeat(32)}`;

  beforeAll(async () => {
    exchange = createExchangeSurface({ now: () => clock });
    server = await serveSurface({ name: "exchange", auth: "none", handler: exchange.handler });
  });
  afterAll(() => server.close());

  let lastNonce = 0;
  const nextNonce = () => {
    lastNonce = Math.max(clock, lastNonce + 1);
    return lastNonce;
  };

  async function signed(
    action: Record<string, unknown>,
    options: {
      key?: string;
      nonce?: number;
      expiresAfter?: number;
      isMainnet?: boolean;
      vaultAddress?: string;
    } = {},
  ) {
    const nonce = options.nonce ?? nextNonce();
    const signature = await signL1Action({
      privateKey: (options.key ?? exchange.demo.privateKey) as `0x${string}`,
      action: action as never,
      nonce,
      vaultAddress: options.vaultAddress,
      expiresAfter: options.expiresAfter,
      isMainnet: options.isMainnet ?? true,
    });
    return {
      action,
      nonce,
      signature,
      ...(options.vaultAddress && { vaultAddress: options.vaultAddress }),
      ...(options.expiresAfter !== undefined && { expiresAfter: options.expiresAfter }),
    };
  }
  const batch = (modifies: unknown[], options?: Parameters<typeof signed>[1]) =>
    signed({ type: "batchModify", modifies }, options);

  async function post(body: unknown, path = "/exchange", method = "POST") {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(method === "POST" && { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status !== 200) return { status: response.status, text };
    const json = JSON.parse(text);
    const operation =
      path === "/info" ? (body as { type: string }).type : (body as { action: { type: string } }).action.type;
    expect(await answerIssues(operation as never, json)).toEqual([]);
    return { status: response.status, json };
  }

  const limit = (a: number, b: boolean, p: string, s: string, tif: string, c?: string) => ({
    a,
    b,
    p,
    s,
    r: false,
    t: { limit: { tif } },
    ...(c && { c }),
  });

  it("applies a batch in order: rests with a new oid, fills by cloid at the book, fails alone on unknown or replaced orders", async () => {
    const [btcBid, , btcAsk] = exchange.restingOids as [number, number, number];
    const book = (await post({ type: "l2Book", coin: "ETH" }, "/info")).json;
    const bestBid = book.levels[0][0].px;
    const answer = await post(
      await batch([
        { oid: btcBid, order: limit(0, true, "56000", "0.01", "Gtc") },
        { oid: 123, order: limit(0, true, "56000", "0.01", "Gtc") },
        {
          oid: "0x00000000000000000000000000000001",
          order: limit(1, false, "2900", "0.5", "Ioc", "0x00000000000000000000000000000001"),
        },
        { oid: btcBid, order: limit(0, true, "57000", "0.01", "Gtc") },
        { oid: btcAsk, order: limit(0, false, "59000", "0.02", "Alo") },
      ]),
    );
    const statuses = answer.json.response.data.statuses;
    expect(answer.json.status).toBe("ok");
    expect(statuses).toHaveLength(5);
    expect(statuses[0].resting.oid).toBeGreaterThan(btcAsk);
    expect(statuses[1]).toEqual({ error: "Cannot modify canceled or filled order" });
    expect(statuses[2]).toEqual({
      filled: {
        totalSz: "0.5",
        avgPx: bestBid,
        oid: statuses[0].resting.oid + 1,
        cloid: "0x00000000000000000000000000000001",
      },
    });
    // The first modification replaced btcBid, so naming it again fails.
    expect(statuses[3]).toEqual({ error: "Cannot modify canceled or filled order" });
    // The old order is canceled first, then the new one is refused: the service's modify.
    expect(statuses[4].error).toMatch(
      /^Error placing new order during modify: Post only order would have immediately matched, bbo was [0-9.]+@[0-9.]+\. asset=0$/,
    );
    const open = (await post({ type: "openOrders", user: exchange.demo.address }, "/info")).json;
    expect(open.map((order: { oid: number }) => order.oid)).toEqual([statuses[0].resting.oid]);
  });

  it("hashes its own parse of the action, so the keys may come in any order", async () => {
    const body = await batch([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }]);
    const reordered = {
      signature: body.signature,
      nonce: body.nonce,
      action: {
        modifies: [
          { order: { t: { limit: { tif: "Gtc" } }, r: false, s: "1", p: "1", b: true, a: 0 }, oid: 1 },
        ],
        type: "batchModify",
      },
    };
    expect((await post(reordered)).json.status).toBe("ok");
  });

  it("refuses a resent body as a duplicate nonce, and nonces outside the window", async () => {
    const body = await batch([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }]);
    expect((await post(body)).json.status).toBe("ok");
    expect((await post(body)).json).toEqual({
      status: "err",
      response: `Invalid nonce: duplicate nonce ${body.nonce}`,
    });
    const stale = await batch([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], {
      nonce: clock - 3 * 86_400_000,
    });
    expect((await post(stale)).json.response).toMatch(/^Invalid nonce: nonce too low/);
  });

  it("refuses unknown signers, other-network signatures and tampered bodies with the recovered address", async () => {
    const stranger = await batch([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], { key: strangerKey });
    expect((await post(stranger)).json).toEqual({
      status: "err",
      response: `User or API Wallet ${addressOf(strangerKey)} does not exist.`,
    });

    const testnet = await batch([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], { isMainnet: false });
    expect((await post(testnet)).json.response).toMatch(
      /^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/,
    );
    expect((await post(testnet)).json.response).not.toContain(exchange.demo.address);

    const tampered = await batch([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }]);
    const [first] = tampered.action.modifies as { order: { p: string } }[];
    if (first) first.order.p = "2";
    expect((await post(tampered)).json.response).toMatch(/does not exist\.$/);
  });

  it("refuses an expired action, and accepts one that has not expired yet", async () => {
    const expired = await batch([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], {
      expiresAfter: clock - 1,
    });
    expect((await post(expired)).json).toEqual({ status: "err", response: "Action already expired" });
    const fresh = await batch([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], {
      expiresAfter: clock + 60_000,
    });
    expect((await post(fresh)).json.status).toBe("ok");
  });

  it("answers 422 in plain text to malformed JSON, bodies outside the schema and unknown types", async () => {
    const broken = await post("{nope");
    expect(broken.status).toBe(422);
    expect(broken.text).toMatch(/^Failed to deserialize the JSON body into the target type/);
    const notCanonical = await post(await batch([{ oid: 1, order: limit(0, true, "100.0", "1", "Gtc") }]));
    expect(notCanonical.status).toBe(422);
    expect(notCanonical.text).toContain("/body/action/modifies/0/order/p");
    const unknownAction = await post(await signed({ type: "withdrawEverything" }));
    expect(unknownAction.status).toBe(422);
    expect(unknownAction.text).toContain("/body/action/type");
    const unknownQuery = await post({ type: "secrets" }, "/info");
    expect(unknownQuery.status).toBe(422);
    expect(unknownQuery.text).toContain("/body/type");
    const extraField = await post({ type: "openOrders", user: exchange.demo.address, extra: 1 }, "/info");
    expect(extraField.status).toBe(422);
  });

  it("answers 405 to other methods and 404 to other paths", async () => {
    expect((await post(undefined, "/info", "GET")).status).toBe(405);
    expect((await post({ type: "meta" }, "/infos")).status).toBe(404);
  });

  it("acts for a vault on the vault's orders", async () => {
    const vault = "0x1719884eb866cb12b2287399b15f7db5e7d775ea";
    const answer = await post(
      await batch([{ oid: exchange.restingOids[2], order: limit(0, false, "66000", "0.02", "Gtc") }], {
        vaultAddress: vault,
      }),
    );
    expect(answer.json.response.data.statuses).toEqual([{ error: "Cannot modify canceled or filled order" }]);
  });
});
