import { readFileSync } from "node:fs";
import { bytesToHex } from "@noble/hashes/utils.js";
import {
  actionHash,
  type BatchModifyAction,
  ExchangeError,
  encodeAction,
  type L1Action,
} from "chainkit/exchange";
import { describe, expect, it } from "vitest";

const file = JSON.parse(
  readFileSync(new URL("../fixtures/exchange/signing-official.json", import.meta.url), "utf8"),
);
const vector = (name: string) =>
  Object.values(
    file.groups as Record<
      string,
      { vectors: { name: string; action: L1Action; nonce: number; connectionId: string }[] }
    >,
  )
    .flatMap((group) => group.vectors)
    .find((entry) => entry.name === name) as { action: L1Action; nonce: number; connectionId: string };

/** Rebuilds an object with its keys in reverse order, at every depth. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reverseKeys(item)]),
  );
}

function errorOf(run: () => unknown): ExchangeError {
  try {
    run();
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error("expected an ExchangeError");
}

const order = {
  a: 3,
  b: false,
  p: "1850.5",
  s: "0.2",
  r: false,
  t: { limit: { tif: "Alo" } },
} as const;

const batch = (extra: Partial<BatchModifyAction> = {}): BatchModifyAction => ({
  type: "batchModify",
  modifies: [
    { oid: 77738308, order: { ...order, t: { limit: { tif: "Alo" } } } },
    {
      oid: "0x00000000000000000000000000000007",
      order: {
        ...order,
        c: "0x0000000000000000000000000000000a",
        t: { trigger: { isMarket: true, triggerPx: "1700", tpsl: "sl" } },
      },
    },
  ],
  ...extra,
});

const hex = (bytes: Uint8Array) => bytesToHex(bytes);

describe("canonical key order for order, modify and batchModify", () => {
  it.each(["py_order_trigger_sl", "py_order_gtc_cloid", "rust_order_ioc_cloid", "nktkas_order_hash_base"])(
    "%s hashes to the official connection id with every key reversed",
    (name) => {
      const { action, nonce, connectionId } = vector(name);
      expect(actionHash({ action: reverseKeys(action) as L1Action, nonce })).toBe(connectionId);
    },
  );

  it("hashes a batchModify the same whatever the caller's key order", () => {
    const canonical = actionHash({ action: batch(), nonce: 1 });
    expect(actionHash({ action: reverseKeys(batch()) as L1Action, nonce: 1 })).toBe(canonical);
    const bytes = hex(encodeAction(reverseKeys(batch()) as L1Action));
    // type, then modifies; each modify oid then order; order keys a b p s r t c; trigger isMarket triggerPx tpsl
    expect(bytes.startsWith("82a474797065ab62617463684d6f64696679a86d6f646966696573")).toBe(true);
    expect(bytes).toContain(
      "86a16103a162c2a170a6313835302e35a173a3302e32a172c2a17481a56c696d697481a3746966a3416c6f",
    );
    expect(bytes).toContain(
      "a77472696767657283a869734d61726b6574c3a9747269676765725078a431373030a47470736ca2736c",
    );
  });

  it("treats c: undefined as absent, and lowercases cloids", () => {
    const withUndefined = batch();
    (withUndefined.modifies[0] as { order: { c?: undefined } }).order.c = undefined;
    expect(actionHash({ action: withUndefined, nonce: 1 })).toBe(actionHash({ action: batch(), nonce: 1 }));
    const cased = (digits: string): BatchModifyAction => {
      const action = batch();
      const second = action.modifies[1] as (typeof action.modifies)[number];
      second.oid = `0x${digits}`;
      second.order.c = `0x${digits}`;
      return action;
    };
    const digits = "00000000000000000000000000abcdef";
    expect(actionHash({ action: cased(digits.toUpperCase()), nonce: 1 })).toBe(
      actionHash({ action: cased(digits), nonce: 1 }),
    );
  });

  it("hashes always-place only when true, after modifies", () => {
    expect(actionHash({ action: batch({ a: false }), nonce: 1 })).toBe(
      actionHash({ action: batch(), nonce: 1 }),
    );
    expect(actionHash({ action: batch({ a: true }), nonce: 1 })).not.toBe(
      actionHash({ action: batch(), nonce: 1 }),
    );
    expect(hex(encodeAction(reverseKeys(batch({ a: true })) as L1Action)).endsWith("a161c3")).toBe(true);
  });

  it("writes oids with the smallest msgpack integer and cloid oids as strings", () => {
    const one = (oid: number | bigint | string) =>
      hex(encodeAction({ type: "batchModify", modifies: [{ oid: oid as number, order }] }));
    expect(one(8553833906)).toContain("a36f6964cf00000001fdd925b2");
    expect(one(8553833906n)).toContain("a36f6964cf00000001fdd925b2");
    expect(one(5n)).toContain("a36f696405");
    expect(one(70000)).toContain("a36f6964ce00011170");
    expect(one(18446744073709551615n)).toContain("a36f6964cfffffffffffffffff");
    expect(one("0x00000000000000000000000000000001")).toContain("a36f6964d9223078");
  });

  it("names an unknown key", () => {
    const action = batch();
    (action.modifies[1]?.order as unknown as Record<string, unknown>).cloid = "0x01";
    const error = errorOf(() => actionHash({ action, nonce: 1 }));
    expect(error.field).toBe("/modifies/1/order/cloid");
    expect(error.message).toContain("/modifies/1/order/cloid");
    expect(errorOf(() => encodeAction({ ...batch(), extra: 1 } as L1Action)).field).toBe("/extra");
  });

  it.each([
    [
      "a missing order type",
      (a: BatchModifyAction) => Reflect.deleteProperty(a.modifies[0]?.order as object, "t"),
      "/modifies/0/order/t",
    ],
    [
      "an unknown tif",
      (a: BatchModifyAction) => Object.assign(a.modifies[0]?.order.t as object, { limit: { tif: "GTC" } }),
      "/modifies/0/order/t/limit/tif",
    ],
    [
      "a number price",
      (a: BatchModifyAction) => Object.assign(a.modifies[1]?.order as object, { p: 1850.5 }),
      "/modifies/1/order/p",
    ],
    [
      "a non-canonical decimal",
      (a: BatchModifyAction) => Object.assign(a.modifies[1]?.order as object, { s: "1e3" }),
      "/modifies/1/order/s",
    ],
    [
      "a float asset",
      (a: BatchModifyAction) => Object.assign(a.modifies[0]?.order as object, { a: 1.5 }),
      "/modifies/0/order/a",
    ],
    [
      "a null cloid",
      (a: BatchModifyAction) => Object.assign(a.modifies[0]?.order as object, { c: null }),
      "/modifies/0/order/c",
    ],
    [
      "a bad oid",
      (a: BatchModifyAction) => Object.assign(a.modifies[0] as object, { oid: "12" }),
      "/modifies/0/oid",
    ],
    [
      "both limit and trigger",
      (a: BatchModifyAction) => Object.assign(a.modifies[1]?.order.t as object, { limit: { tif: "Gtc" } }),
      "/modifies/1/order/t",
    ],
  ])("refuses %s, naming the field", (_label, mutate, field) => {
    const action = batch();
    mutate(action);
    expect(errorOf(() => actionHash({ action, nonce: 1 })).field).toBe(field);
  });

  it("refuses a list with a hole, naming the hole", () => {
    const action = batch();
    delete (action.modifies as unknown[])[0];
    const error = errorOf(() => actionHash({ action, nonce: 1 }));
    expect(error.field).toBe("/modifies/0");
    expect(error.message).toBe("/modifies/0 must be an object");
  });

  it("refuses an object whose getter answers differently on a second read", () => {
    // The walk sizes each map from a first read of its keys, then writes them: a value that
    // disappears in between would leave the hashed map's size wrong.
    let reads = 0;
    const second = batch().modifies[1] as BatchModifyAction["modifies"][number];
    const flaky = {
      ...second,
      order: Object.defineProperty({ ...second.order }, "c", {
        enumerable: true,
        get: () => (++reads === 1 ? "0x0000000000000000000000000000000a" : undefined),
      }),
    };
    const action = batch({ modifies: [flaky] });
    const error = errorOf(() => encodeAction(action));
    expect(error.field).toBe("/modifies/0/order");
    expect(error.message).toContain("changed while it was read");
  });
});

describe("cancel", () => {
  it("hashes in the spec's key order whatever the caller's, as the official Rust vector", () => {
    const ordered = actionHash({ action: { type: "cancel", cancels: [{ a: 1, o: 82382 }] }, nonce: 1583838 });
    expect(ordered).toBe(vector("rust_cancel").connectionId);
    const reversed = { cancels: [{ o: 82382, a: 1 }], type: "cancel" } as unknown as L1Action;
    expect(actionHash({ action: reversed, nonce: 1583838 })).toBe(ordered);
  });
});

describe("other actions", () => {
  it("keep the caller's key order, as the official SDKs do", () => {
    const ordered = actionHash({ action: { type: "dummy", num: 100000000000 }, nonce: 0 });
    expect(actionHash({ action: { num: 100000000000, type: "dummy" }, nonce: 0 })).not.toBe(ordered);
  });

  it("refuse numbers that are not integers, naming the field", () => {
    expect(errorOf(() => actionHash({ action: { type: "usdSend", amount: 1.5 }, nonce: 1 })).field).toBe(
      "/amount",
    );
    expect(errorOf(() => actionHash({ action: { type: "x", n: 2 ** 60 }, nonce: 1 })).field).toBe("/n");
  });
});

describe("vault and expiry", () => {
  const action = batch();

  it("hash null and absent alike", () => {
    expect(actionHash({ action, nonce: 9, vaultAddress: null, expiresAfter: null })).toBe(
      actionHash({ action, nonce: 9 }),
    );
  });

  it("change the hash when present, with vault case not mattering", () => {
    const vault = "0x1719884eb866cb12b2287399b15f7db5e7d775ea";
    const plain = actionHash({ action, nonce: 9 });
    expect(actionHash({ action, nonce: 9, vaultAddress: vault })).not.toBe(plain);
    expect(actionHash({ action, nonce: 9, vaultAddress: vault.toUpperCase().replace("0X", "0x") })).toBe(
      actionHash({ action, nonce: 9, vaultAddress: vault }),
    );
    expect(actionHash({ action, nonce: 9, expiresAfter: 0 })).not.toBe(plain);
  });

  it.each([
    [{ vaultAddress: "0x1234" }, "vaultAddress"],
    [{ expiresAfter: -1 }, "expiresAfter"],
    [{ nonce: 1.5 }, "nonce"],
  ])("refuse a malformed %j", (extra, field) => {
    expect(errorOf(() => actionHash({ action, nonce: 9, ...extra })).field).toBe(field);
  });
});
