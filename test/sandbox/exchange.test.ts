import { readFileSync } from "node:fs";
import { bytesToHex } from "@noble/hashes/utils.js";
import { signL1Action } from "chainkit/exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangeOperations } from "../../generated/exchange/operations.js";
import { addressOf } from "../../src/sandbox/exchange/demo-account.js";
import { createExchangeSurface, type ExchangeSurface } from "../../src/sandbox/exchange/exchange-surface.js";
import { NonceWindow } from "../../src/sandbox/exchange/nonce-window.js";
import { agentDigest, connectionId, recoverAddress } from "../../src/sandbox/exchange/recover-signer.js";
import { type SurfaceServer, serveSurface } from "../../src/sandbox/http-server.js";
import { responseValidator } from "../support/spec-validators.js";

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
    const examples = spec.paths["/exchange"].post.requestBody.content["application/json"].examples;
    for (const name of ["twoOrders", "vaultStopLoss"]) {
      const body = examples[name].value;
      expect(`0x${bytesToHex(connectionId(body))}`).toBe(signer.connectionIds[name]);
      expect(recoverAddress(agentDigest(connectionId(body), "a"), body.signature)).toBe(
        signer.address.toLowerCase(),
      );
    }
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
    modifies: unknown[],
    options: {
      key?: string;
      nonce?: number;
      expiresAfter?: number;
      isMainnet?: boolean;
      vaultAddress?: string;
    } = {},
  ) {
    const action = { type: "batchModify", modifies };
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

  async function post(body: unknown) {
    const response = await fetch(`${server.url}/exchange`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) return { status: response.status, text };
    const json = JSON.parse(text);
    const validate = await responseValidator(exchangeOperations.batchModify, 200);
    expect(validate?.(json), JSON.stringify(validate?.errors)).toBe(true);
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

  it("applies a batch in order: rests with a new oid, fills by cloid, fails alone on unknown or filled orders", async () => {
    const [btcBid, , btcAsk] = exchange.restingOids as [number, number, number];
    const answer = await post(
      await signed([
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
        avgPx: "3000",
        oid: statuses[0].resting.oid + 1,
        cloid: "0x00000000000000000000000000000001",
      },
    });
    // The first modification replaced btcBid, so naming it again fails.
    expect(statuses[3]).toEqual({ error: "Cannot modify canceled or filled order" });
    expect(statuses[4].error).toMatch(/^Post only order would have immediately matched/);
    expect(exchange.book.restingOids(exchange.demo.address)).toEqual([btcAsk, statuses[0].resting.oid]);
  });

  it("refuses a resent body as a duplicate nonce, and nonces outside the window", async () => {
    const body = await signed([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }]);
    expect((await post(body)).json.status).toBe("ok");
    expect((await post(body)).json).toEqual({
      status: "err",
      response: `Invalid nonce: duplicate nonce ${body.nonce}`,
    });
    const stale = await signed([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], {
      nonce: clock - 3 * 86_400_000,
    });
    expect((await post(stale)).json.response).toMatch(/^Invalid nonce: nonce too low/);
  });

  it("refuses unknown signers, other-network signatures and tampered bodies with the recovered address", async () => {
    const stranger = await signed([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], { key: strangerKey });
    expect((await post(stranger)).json).toEqual({
      status: "err",
      response: `User or API Wallet ${addressOf(strangerKey)} does not exist.`,
    });

    const testnet = await signed([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], { isMainnet: false });
    expect((await post(testnet)).json.response).toMatch(
      /^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/,
    );
    expect((await post(testnet)).json.response).not.toContain(exchange.demo.address);

    const tampered = await signed([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }]);
    (tampered.action.modifies[0] as { order: { p: string } }).order.p = "2";
    expect((await post(tampered)).json.response).toMatch(/does not exist\.$/);
  });

  it("refuses an expired action, and accepts one that has not expired yet", async () => {
    const expired = await signed([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], {
      expiresAfter: clock - 1,
    });
    expect((await post(expired)).json).toEqual({ status: "err", response: "Action already expired" });
    const fresh = await signed([{ oid: 1, order: limit(0, true, "1", "1", "Gtc") }], {
      expiresAfter: clock + 60_000,
    });
    expect((await post(fresh)).json.status).toBe("ok");
  });

  it("answers 422 in plain text to malformed JSON and to bodies outside the schema", async () => {
    const broken = await post("{nope");
    expect(broken.status).toBe(422);
    expect(broken.text).toMatch(/^Failed to deserialize the JSON body into the target type/);
    const body = await signed([{ oid: 1, order: limit(0, true, "100.0", "1", "Gtc") }]);
    const notCanonical = await post(body);
    expect(notCanonical.status).toBe(422);
    expect(notCanonical.text).toContain("/body/action/modifies/0/order/p");
  });

  it("acts for a vault on the vault's orders", async () => {
    const vault = "0x1719884eb866cb12b2287399b15f7db5e7d775ea";
    const answer = await post(
      await signed([{ oid: exchange.restingOids[2], order: limit(0, false, "66000", "0.02", "Gtc") }], {
        vaultAddress: vault,
      }),
    );
    expect(answer.json.response.data.statuses).toEqual([{ error: "Cannot modify canceled or filled order" }]);
  });
});
