/**
 * Differential test: random batchModify actions are hashed and signed by chainkit and by
 * @nktkas/hyperliquid (its own msgpack, its own canonical key order, viem for the signature).
 * Both must agree on every byte.
 */
import { BatchModifyRequest } from "@nktkas/hyperliquid/api/exchange";
import { canonicalize, createL1ActionHash, signL1Action as nktkasSign } from "@nktkas/hyperliquid/signing";
import { actionHash, type BatchModifyAction, type Hex, signL1Action } from "chainkit/exchange";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";

/** mulberry32: a small seeded PRNG, so a failure can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const hex = (bytes: number) =>
    Array.from({ length: bytes * 2 }, () => "0123456789abcdef"[int(16)]).join("");
  return { next, int, pick, hex };
}

type Random = ReturnType<typeof prng>;

/** A canonical unsigned decimal: integer digits and up to 8 fraction digits, no redundant zeros. */
function decimal(random: Random): string {
  const whole = String(random.pick([0, 1, 7, 42, 1850, 30000, 123456789]) + random.int(1000));
  const places = random.int(9);
  const fraction = String(random.int(10 ** places))
    .padStart(places, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

function oid(random: Random): number | Hex {
  return random.pick([
    () => random.int(2 ** 32),
    () => 2 ** 32 + random.int(2 ** 21) * 2 ** 20 + random.int(2 ** 20),
    () => Number.MAX_SAFE_INTEGER - random.int(1000),
    () => `0x${random.hex(16)}` as Hex,
  ])();
}

/** Shuffles the keys of every object, so the canonical order must come from the schema. */
function shuffleKeys(value: unknown, random: Random): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, random));
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [entries[i], entries[j]] = [entries[j] as [string, unknown], entries[i] as [string, unknown]];
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, shuffleKeys(item, random)]));
}

function batchModify(random: Random): BatchModifyAction {
  const modifies = Array.from({ length: 1 + random.int(20) }, () => {
    const t =
      random.next() < 0.6
        ? { limit: { tif: random.pick(["Alo", "Ioc", "Gtc", "FrontendMarket"] as const) } }
        : {
            trigger: {
              isMarket: random.next() < 0.5,
              triggerPx: decimal(random),
              tpsl: random.pick(["tp", "sl"] as const),
            },
          };
    const order = {
      a: random.pick([0, 1, 4, 159, 10000 + random.int(200), 110000 + random.int(10)]),
      b: random.next() < 0.5,
      p: decimal(random),
      s: decimal(random),
      r: random.next() < 0.3,
      t,
      ...(random.next() < 0.5 ? { c: `0x${random.hex(16)}` as Hex } : {}),
    };
    return { oid: oid(random), order };
  });
  return { type: "batchModify", modifies, ...(random.next() < 0.2 ? { a: true } : {}) };
}

const CASES = 300;

describe("differential against @nktkas/hyperliquid", () => {
  it(`agrees on the hash and the signature of ${CASES} random batchModify actions`, async () => {
    const random = prng(20261122);
    const seen = new Set<string>();
    for (let index = 0; index < CASES; index++) {
      const key = `0x${random.hex(32)}` as Hex;
      const action = batchModify(random);
      const shuffled = shuffleKeys(action, random) as Record<string, unknown>;
      const nonce = 1_700_000_000_000 + random.int(10 ** 9);
      const vaultAddress = random.next() < 0.4 ? (`0x${random.hex(20)}` as Hex) : undefined;
      const expiresAfter = random.next() < 0.4 ? nonce + random.int(60_000) : undefined;
      const isMainnet = random.next() < 0.5;
      const context = `case ${index}`;
      for (const { oid, order } of action.modifies) {
        seen.add(typeof oid === "string" ? "cloid oid" : oid >= 2 ** 32 ? "oid beyond 2^32" : "small oid");
        seen.add("limit" in order.t ? "limit" : "trigger");
        seen.add(order.c ? "cloid" : "no cloid");
      }
      if (vaultAddress && expiresAfter) seen.add("vault and expiry");
      seen.add(isMainnet ? "mainnet" : "testnet");

      const theirAction = canonicalize(BatchModifyRequest.entries.action, shuffled);
      const theirs = createL1ActionHash({ action: theirAction, nonce, vaultAddress, expiresAfter });
      const ourAction = shuffled as unknown as BatchModifyAction;
      expect(actionHash({ action: ourAction, nonce, vaultAddress, expiresAfter }), context).toBe(theirs);

      const wallet = privateKeyToAccount(key);
      const theirSignature = await nktkasSign({
        wallet,
        action: theirAction,
        nonce,
        isTestnet: !isMainnet,
        vaultAddress,
        expiresAfter,
      });
      const signature = await signL1Action({
        privateKey: key,
        action: ourAction,
        nonce,
        vaultAddress,
        expiresAfter,
        isMainnet,
      });
      expect(signature, context).toEqual(theirSignature);
    }
    expect([...seen].sort()).toEqual([
      "cloid",
      "cloid oid",
      "limit",
      "mainnet",
      "no cloid",
      "oid beyond 2^32",
      "small oid",
      "testnet",
      "trigger",
      "vault and expiry",
    ]);
  });
});
