/**
 * Differential test: random actions of every type the spec describes are hashed and signed by
 * chainkit and by @nktkas/hyperliquid (its own msgpack, its own key order from its own schemas, viem
 * for the signature). Every object's keys are shuffled before chainkit sees them, so chainkit's key
 * order must come from the action's shape, not from the caller. Both must agree on every byte.
 */
import { ApproveAgentTypes } from "@nktkas/hyperliquid/api/exchange";
import {
  canonicalize,
  createL1ActionHash,
  signL1Action as nktkasSign,
  signUserSignedAction as nktkasUserSign,
} from "@nktkas/hyperliquid/signing";
import {
  actionHash,
  type Hex,
  type L1Action,
  signL1Action,
  signUserSignedAction,
  type UserSignedAction,
} from "chainkit/exchange";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { nktkasL1Schema, nktkasUserSignedTypes } from "./support/nktkas-reference.js";

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
  const whole = String(random.pick([1, 7, 42, 1850, 30000, 123456789]) + random.int(1000));
  const places = random.int(9);
  const fraction = String(random.int(10 ** places))
    .padStart(places, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

const cloid = (random: Random) => `0x${random.hex(16)}` as Hex;
const asset = (random: Random) =>
  random.pick([0, 1, 4, 159, 10000 + random.int(200), 110000 + random.int(10)]);

function oid(random: Random): number | Hex {
  return random.pick([
    () => random.int(2 ** 32),
    () => 2 ** 32 + random.int(2 ** 21) * 2 ** 20 + random.int(2 ** 20),
    () => Number.MAX_SAFE_INTEGER - random.int(1000),
    () => cloid(random),
  ])();
}

function order(random: Random) {
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
  return {
    a: asset(random),
    b: random.next() < 0.5,
    p: decimal(random),
    s: decimal(random),
    r: random.next() < 0.3,
    t,
    ...(random.next() < 0.5 ? { c: cloid(random) } : {}),
  };
}

const many = <T>(random: Random, make: () => T) => Array.from({ length: 1 + random.int(20) }, make);

/** One random action of each L1 type. */
const GENERATORS: Record<string, { make: (random: Random) => Record<string, unknown> }> = {
  order: {
    make: (random) => ({
      type: "order",
      orders: many(random, () => order(random)),
      grouping: random.pick(["na", "normalTpsl", "positionTpsl"]),
      // The builder address is hashed as a string: chainkit lowercases it; @nktkas gets it lowercased.
      ...(random.next() < 0.4 ? { builder: { b: `0x${random.hex(20)}`, f: random.int(1001) } } : {}),
    }),
  },
  cancel: {
    make: (random) => ({
      type: "cancel",
      cancels: many(random, () => ({ a: asset(random), o: random.int(2 ** 40) })),
    }),
  },
  cancelByCloid: {
    make: (random) => ({
      type: "cancelByCloid",
      cancels: many(random, () => ({ asset: asset(random), cloid: cloid(random) })),
    }),
  },
  modify: {
    make: (random) => ({
      type: "modify",
      oid: oid(random),
      order: order(random),
      ...(random.next() < 0.2 ? { a: true } : {}),
    }),
  },
  batchModify: {
    make: (random) => ({
      type: "batchModify",
      modifies: many(random, () => ({ oid: oid(random), order: order(random) })),
      ...(random.next() < 0.2 ? { a: true } : {}),
    }),
  },
  scheduleCancel: {
    make: (random) => ({
      type: "scheduleCancel",
      ...(random.next() < 0.5 ? { time: 1_700_000_000_000 + random.int(10 ** 9) } : {}),
    }),
  },
  updateLeverage: {
    make: (random) => ({
      type: "updateLeverage",
      asset: asset(random),
      isCross: random.next() < 0.5,
      leverage: 1 + random.int(50),
    }),
  },
  updateIsolatedMargin: {
    make: (random) => ({
      type: "updateIsolatedMargin",
      asset: asset(random),
      isBuy: random.next() < 0.5,
      ntli: random.int(2 ** 40) - 2 ** 39,
    }),
  },
  twapOrder: {
    make: (random) => ({
      type: "twapOrder",
      twap: {
        a: asset(random),
        b: random.next() < 0.5,
        s: decimal(random),
        r: random.next() < 0.3,
        m: 5 + random.int(1436),
        t: random.next() < 0.5,
      },
    }),
  },
  twapCancel: {
    make: (random) => ({ type: "twapCancel", a: asset(random), t: random.int(2 ** 40) }),
  },
  vaultTransfer: {
    make: (random) => ({
      type: "vaultTransfer",
      vaultAddress: `0x${random.hex(20)}`,
      isDeposit: random.next() < 0.5,
      usd: 1 + random.int(2 ** 40),
    }),
  },
  createSubAccount: {
    make: (random) => ({
      type: "createSubAccount",
      name: random.pick(["a", "bot", "market maker 1", "ÿ unicode ✓", "sixteen chars xx"]),
    }),
  },
  subAccountTransfer: {
    make: (random) => ({
      type: "subAccountTransfer",
      subAccountUser: `0x${random.hex(20)}`,
      isDeposit: random.next() < 0.5,
      usd: 1 + random.int(2 ** 40),
    }),
  },
  subAccountSpotTransfer: {
    make: (random) => ({
      type: "subAccountSpotTransfer",
      subAccountUser: `0x${random.hex(20)}`,
      isDeposit: random.next() < 0.5,
      token: `${random.pick(["PURR", "HYPE", "USDC"])}:0x${random.hex(16)}`,
      amount: decimal(random),
    }),
  },
  evmUserModify: {
    make: (random) => ({ type: "evmUserModify", usingBigBlocks: random.next() < 0.5 }),
  },
  reserveRequestWeight: {
    make: (random) => ({ type: "reserveRequestWeight", weight: random.int(2 ** 40) }),
  },
  noop: { make: () => ({ type: "noop" }) },
};

/** One random user-signed action of each type, without its chain fields. */
const USER_SIGNED_GENERATORS: Record<string, (random: Random, nonce: number) => Record<string, unknown>> = {
  usdSend: (random, nonce) => ({ destination: `0x${random.hex(20)}`, amount: decimal(random), time: nonce }),
  spotSend: (random, nonce) => ({
    destination: `0x${random.hex(20)}`,
    token: `PURR:0x${random.hex(16)}`,
    amount: decimal(random),
    time: nonce,
  }),
  withdraw3: (random, nonce) => ({
    destination: `0x${random.hex(20)}`,
    amount: decimal(random),
    time: nonce,
  }),
  usdClassTransfer: (random, nonce) => ({
    amount: random.next() < 0.3 ? `${decimal(random)} subaccount:0x${random.hex(20)}` : decimal(random),
    toPerp: random.next() < 0.5,
    nonce,
  }),
  sendAsset: (random, nonce) => ({
    destination: `0x${random.hex(20)}`,
    sourceDex: random.pick(["", "spot", "xyz"]),
    destinationDex: random.pick(["", "spot", "xyz"]),
    token: `USDC:0x${random.hex(16)}`,
    amount: decimal(random),
    fromSubAccount: random.next() < 0.5 ? "" : `0x${random.hex(20)}`,
    nonce,
  }),
  approveBuilderFee: (random, nonce) => ({
    maxFeeRate: random.pick(["0%", "0.001%", "0.01%", "0.1%"]),
    builder: `0x${random.hex(20)}`,
    nonce,
  }),
};

/** Shuffles the keys of every object, so the canonical order must come from the action's shape. */
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

/** Writes some hex strings (cloids, the builder address) in upper case: chainkit must lowercase them. */
function shoutHex(value: unknown, random: Random): unknown {
  if (typeof value === "string") {
    return /^0x[0-9a-f]+$/.test(value) && random.next() < 0.5 ? `0x${value.slice(2).toUpperCase()}` : value;
  }
  if (Array.isArray(value)) return value.map((item) => shoutHex(item, random));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shoutHex(item, random)]));
}

const CASES_PER_TYPE = 40;

describe("differential against @nktkas/hyperliquid", () => {
  it(`agrees on the hash and signature of ${CASES_PER_TYPE} random actions of every L1 type, keys shuffled`, async () => {
    const random = prng(20261122);
    const seen = new Set<string>();
    for (const [type, { make }] of Object.entries(GENERATORS)) {
      for (let index = 0; index < CASES_PER_TYPE; index++) {
        const key = `0x${random.hex(32)}` as Hex;
        const action = make(random);
        const shuffled = shoutHex(shuffleKeys(action, random), random) as L1Action;
        const nonce = 1_700_000_000_000 + random.int(10 ** 9);
        const vaultAddress = random.next() < 0.4 ? (`0x${random.hex(20)}` as Hex) : undefined;
        const expiresAfter = random.next() < 0.4 ? nonce + random.int(60_000) : undefined;
        const isMainnet = random.next() < 0.5;
        const context = `${type} case ${index}`;
        if (vaultAddress && expiresAfter) seen.add("vault and expiry");
        seen.add(isMainnet ? "mainnet" : "testnet");
        seen.add(type);

        const theirAction = canonicalize(nktkasL1Schema(type), action) as Record<string, unknown>;
        const theirs = createL1ActionHash({ action: theirAction, nonce, vaultAddress, expiresAfter });
        expect(actionHash({ action: shuffled, nonce, vaultAddress, expiresAfter }), context).toBe(theirs);

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
          action: shuffled,
          nonce,
          vaultAddress,
          expiresAfter,
          isMainnet,
        });
        expect(signature, context).toEqual(theirSignature);
      }
    }
    expect([...seen].sort()).toEqual(
      [...Object.keys(GENERATORS), "mainnet", "testnet", "vault and expiry"].sort(),
    );
  });

  it("agrees on the signature of every other user-signed action, keys shuffled, on any chain id", async () => {
    const random = prng(26);
    for (const [type, make] of Object.entries(USER_SIGNED_GENERATORS)) {
      for (let index = 0; index < 20; index++) {
        const key = `0x${random.hex(32)}` as Hex;
        const nonce = 1_700_000_000_000 + random.int(10 ** 9);
        const action = {
          type,
          signatureChainId: random.pick(["0x66eee", "0x1", "0xa4b1"]),
          hyperliquidChain: random.pick(["Mainnet", "Testnet"] as const),
          ...make(random, nonce),
        };
        const wallet = privateKeyToAccount(key);
        const theirs = await nktkasUserSign({
          wallet,
          action: action as never,
          types: nktkasUserSignedTypes(type),
        });
        const shuffled = shuffleKeys(action, random) as UserSignedAction;
        expect(await signUserSignedAction({ privateKey: key, action: shuffled }), `${type} ${index}`).toEqual(
          theirs,
        );
      }
    }
  });

  it("agrees on the user-signed approveAgent signature, named and unnamed, on any chain id", async () => {
    const random = prng(7);
    for (let index = 0; index < 40; index++) {
      const key = `0x${random.hex(32)}` as Hex;
      const name = random.pick(["", "bot", `bot valid_until ${1_800_000_000_000 + random.int(10 ** 6)}`]);
      const action = {
        type: "approveAgent",
        signatureChainId: random.pick(["0x66eee", "0x1", "0xa4b1"]),
        hyperliquidChain: random.pick(["Mainnet", "Testnet"] as const),
        agentAddress: `0x${random.hex(20)}`,
        agentName: name,
        nonce: 1_700_000_000_000 + random.int(10 ** 9),
      };
      const wallet = privateKeyToAccount(key);
      const theirs = await nktkasUserSign({ wallet, action: action as never, types: ApproveAgentTypes });
      const shuffled = shuffleKeys(action, random) as UserSignedAction;
      expect(await signUserSignedAction({ privateKey: key, action: shuffled }), `case ${index}`).toEqual(
        theirs,
      );
      // A viem account as signer gets the typed data and must sign the same.
      expect(await signUserSignedAction({ signer: wallet, action: shuffled }), `case ${index}`).toEqual(
        theirs,
      );
    }
  });
});
