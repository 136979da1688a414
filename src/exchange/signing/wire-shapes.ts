/**
 * The wire form of every L1 action the exchange spec describes: which keys each object has, in the
 * order they are hashed, and what each value must be. The order is the order in which the action's
 * schema in `specs/exchange.openapi.yaml` lists its properties (a test walks the spec and compares),
 * because the service hashes its own parse of the action, field by field in that order.
 */

/** What one value on the wire must be. */
export type WireShape =
  /** A non-negative integer (msgpack int). */
  | "uint"
  /** Any 64-bit integer (msgpack int). */
  | "int"
  | "bool"
  /** A plain unsigned decimal string, hashed as given (`"100"`, `"0.5"`). */
  | "decimal"
  /** `0x` + 32 hex digits, hashed lowercase. */
  | "cloid"
  /** A 20-byte address, hashed lowercase (it is a msgpack string). */
  | "lowercaseAddress"
  /** An order id (uint) or a cloid. */
  | "orderRef"
  /** `true`, or absent: hashed only when true (an action signed with `false` is refused). */
  | "trueOnly"
  /** Any string, hashed as given (a sub-account's name, a token `NAME:tokenId`). */
  | "string"
  | { readonly const: string }
  | { readonly enum: readonly string[] }
  | { readonly list: WireShape }
  | { readonly fields: readonly WireField[] }
  /** An object with exactly one of these keys (an order type: `limit` or `trigger`). */
  | { readonly oneKey: Readonly<Record<string, WireShape>> };

/** One key of an object: its name, its shape, and whether it must be present. */
export type WireField = readonly [name: string, shape: WireShape, required: boolean];

const TIME_IN_FORCE = { enum: ["Alo", "Ioc", "Gtc", "FrontendMarket"] } as const;

const ORDER_TYPE: WireShape = {
  oneKey: {
    limit: { fields: [["tif", TIME_IN_FORCE, true]] },
    trigger: {
      fields: [
        ["isMarket", "bool", true],
        ["triggerPx", "decimal", true],
        ["tpsl", { enum: ["tp", "sl"] }, true],
      ],
    },
  },
};

/** An order: `a, b, p, s, r, t, c`. */
const ORDER_SHAPE: WireShape = {
  fields: [
    ["a", "uint", true],
    ["b", "bool", true],
    ["p", "decimal", true],
    ["s", "decimal", true],
    ["r", "bool", true],
    ["t", ORDER_TYPE, true],
    ["c", "cloid", false],
  ],
};

const type = (name: string): WireField => ["type", { const: name }, true];

/** The wire form of each L1 action, by its `type`. */
export const ACTION_SHAPES: Readonly<Record<string, WireShape>> = {
  order: {
    fields: [
      type("order"),
      ["orders", { list: ORDER_SHAPE }, true],
      ["grouping", { enum: ["na", "normalTpsl", "positionTpsl"] }, true],
      [
        "builder",
        {
          fields: [
            ["b", "lowercaseAddress", true],
            ["f", "uint", true],
          ],
        },
        false,
      ],
    ],
  },
  cancel: {
    fields: [
      type("cancel"),
      [
        "cancels",
        {
          list: {
            fields: [
              ["a", "uint", true],
              ["o", "uint", true],
            ],
          },
        },
        true,
      ],
    ],
  },
  cancelByCloid: {
    fields: [
      type("cancelByCloid"),
      [
        "cancels",
        {
          list: {
            fields: [
              ["asset", "uint", true],
              ["cloid", "cloid", true],
            ],
          },
        },
        true,
      ],
    ],
  },
  modify: {
    fields: [
      type("modify"),
      ["oid", "orderRef", true],
      ["order", ORDER_SHAPE, true],
      ["a", "trueOnly", false],
    ],
  },
  batchModify: {
    fields: [
      type("batchModify"),
      [
        "modifies",
        {
          list: {
            fields: [
              ["oid", "orderRef", true],
              ["order", ORDER_SHAPE, true],
            ],
          },
        },
        true,
      ],
      ["a", "trueOnly", false],
    ],
  },
  scheduleCancel: { fields: [type("scheduleCancel"), ["time", "uint", false]] },
  updateLeverage: {
    fields: [
      type("updateLeverage"),
      ["asset", "uint", true],
      ["isCross", "bool", true],
      ["leverage", "uint", true],
    ],
  },
  updateIsolatedMargin: {
    fields: [
      type("updateIsolatedMargin"),
      ["asset", "uint", true],
      ["isBuy", "bool", true],
      ["ntli", "int", true],
    ],
  },
  twapOrder: {
    fields: [
      type("twapOrder"),
      [
        "twap",
        {
          fields: [
            ["a", "uint", true],
            ["b", "bool", true],
            ["s", "decimal", true],
            ["r", "bool", true],
            ["m", "uint", true],
            ["t", "bool", true],
          ],
        },
        true,
      ],
    ],
  },
  twapCancel: { fields: [type("twapCancel"), ["a", "uint", true], ["t", "uint", true]] },
  vaultTransfer: {
    fields: [
      type("vaultTransfer"),
      ["vaultAddress", "lowercaseAddress", true],
      ["isDeposit", "bool", true],
      ["usd", "uint", true],
    ],
  },
  createSubAccount: { fields: [type("createSubAccount"), ["name", "string", true]] },
  subAccountTransfer: {
    fields: [
      type("subAccountTransfer"),
      ["subAccountUser", "lowercaseAddress", true],
      ["isDeposit", "bool", true],
      ["usd", "uint", true],
    ],
  },
  subAccountSpotTransfer: {
    fields: [
      type("subAccountSpotTransfer"),
      ["subAccountUser", "lowercaseAddress", true],
      ["isDeposit", "bool", true],
      ["token", "string", true],
      ["amount", "decimal", true],
    ],
  },
  evmUserModify: { fields: [type("evmUserModify"), ["usingBigBlocks", "bool", true]] },
  reserveRequestWeight: { fields: [type("reserveRequestWeight"), ["weight", "uint", true]] },
  noop: { fields: [type("noop")] },
};
