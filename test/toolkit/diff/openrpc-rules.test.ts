import { describe, expect, it } from "vitest";
import type { Json, JsonObject } from "../../../scripts/generate/json.js";
import { diffSpecDocuments, type SpecChange } from "../../../src/toolkit/diff/index.js";

const hash = { name: "hash", required: true, schema: { type: "string", pattern: "^0x[0-9a-f]{64}$" } };
const full = { name: "full", required: true, schema: { type: "boolean" } };
const block = { name: "block", schema: { type: "string" } };
const result = {
  name: "block",
  schema: { type: "object", properties: { number: { type: "string" } }, required: ["number"] },
};

/** A one-method OpenRPC spec (`eth_getBlockByHash`), with the method's fields replaced. */
function rpc(method: JsonObject = {}, more: JsonObject[] = []): Json {
  return {
    openrpc: "1.2.6",
    info: { title: "t", version: "1.0.0" },
    methods: [
      {
        name: "eth_getBlockByHash",
        paramStructure: "by-position",
        params: [hash, full],
        result,
        errors: [{ code: -32000, message: "not found" }],
        ...method,
      },
      ...more,
    ],
  };
}

type Case = [name: string, old: Json, now: Json, rule: string, severity: SpecChange["severity"]];

const cases: Case[] = [
  ["method removed", rpc(), { ...(rpc() as JsonObject), methods: [] }, "method-removed", "breaking"],
  [
    "method added",
    rpc(),
    rpc({}, [{ name: "eth_chainId", params: [], result: { name: "id", schema: {} } }]),
    "method-added",
    "non-breaking",
  ],
  ["params reordered", rpc(), rpc({ params: [full, hash] }), "method-param-moved", "breaking"],
  [
    "param inserted before the end",
    rpc(),
    rpc({ params: [hash, { ...block }, full] }),
    "method-param-moved",
    "breaking",
  ],
  [
    "optional param inserted before the end",
    rpc(),
    rpc({ params: [hash, { ...block }, full] }),
    "method-param-added",
    "breaking",
  ],
  [
    "optional param appended",
    rpc(),
    rpc({ params: [hash, full, block] }),
    "method-param-added",
    "non-breaking",
  ],
  [
    "required param appended",
    rpc(),
    rpc({ params: [hash, full, { ...block, required: true }] }),
    "method-param-added-required",
    "breaking",
  ],
  ["param removed", rpc(), rpc({ params: [hash] }), "method-param-removed", "breaking"],
  [
    "param made required",
    rpc({ params: [hash, full, block] }),
    rpc({ params: [hash, full, { ...block, required: true }] }),
    "method-param-became-required",
    "breaking",
  ],
  [
    "param made optional",
    rpc(),
    rpc({ params: [hash, { ...full, required: false }] }),
    "method-param-became-optional",
    "non-breaking",
  ],
  [
    "paramStructure narrowed to by-name",
    rpc(),
    rpc({ paramStructure: "by-name" }),
    "method-param-structure-changed",
    "breaking",
  ],
  [
    "paramStructure widened to either",
    rpc(),
    rpc({ paramStructure: "either" }),
    "method-param-structure-changed",
    "non-breaking",
  ],
  [
    "param pattern added",
    rpc({ params: [{ ...hash, schema: { type: "string" } }, full] }),
    rpc(),
    "request-param-pattern-added",
    "breaking",
  ],
  [
    "param pattern removed",
    rpc(),
    rpc({ params: [{ ...hash, schema: { type: "string" } }, full] }),
    "request-param-pattern-removed",
    "non-breaking",
  ],
  [
    "result made nullable",
    rpc(),
    rpc({ result: { ...result, schema: { ...result.schema, type: ["object", "null"] } } }),
    "response-result-became-nullable",
    "breaking",
  ],
  [
    "result made nullable with oneOf",
    rpc(),
    rpc({ result: { name: "block", schema: { oneOf: [result.schema, { type: "null" }] } } }),
    "response-result-oneof-branch-added",
    "breaking",
  ],
  [
    "result property made optional",
    rpc(),
    rpc({ result: { ...result, schema: { ...result.schema, required: [] } } }),
    "response-property-became-optional",
    "breaking",
  ],
  [
    "result property added",
    rpc(),
    rpc({
      result: {
        ...result,
        schema: { ...result.schema, properties: { number: { type: "string" }, hash: { type: "string" } } },
      },
    }),
    "response-property-added",
    "non-breaking",
  ],
  [
    "result removed",
    rpc(),
    rpc({ result: undefined as unknown as Json }),
    "method-result-removed",
    "breaking",
  ],
  ["error code removed", rpc(), rpc({ errors: [] }), "method-error-code-removed", "breaking"],
  [
    "error code added",
    rpc(),
    rpc({
      errors: [
        { code: -32000, message: "not found" },
        { code: -32005, message: "limited" },
      ],
    }),
    "method-error-code-added",
    "non-breaking",
  ],
  ["method deprecated", rpc(), rpc({ deprecated: true }), "method-deprecated", "info"],
];

describe("chainkit diff: OpenRPC rules, one minimal pair each", () => {
  it.each(cases)("%s", (_name, old, now, rule, severity) => {
    const { changes } = diffSpecDocuments("openrpc", old, now);
    const found = changes.find((change) => change.rule === rule);
    expect(found, JSON.stringify(changes.map((change) => [change.rule, change.severity]))).toBeDefined();
    expect(found?.severity).toBe(severity);
    expect(found?.operation).not.toBe("");
  });

  it("reports a method renamed with the same shape as possibly renamed", () => {
    const renamed = rpc({ name: "eth_blockByHash" });
    const changes = diffSpecDocuments("openrpc", rpc(), renamed).changes.filter(
      (change) => change.area !== "info",
    );
    expect(changes.map((change) => [change.rule, change.severity])).toEqual([
      ["method-removed", "breaking"],
      ["method-added", "non-breaking"],
    ]);
    expect(changes[0]?.message).toContain("possibly renamed from eth_getBlockByHash");
    expect(changes[0]?.newPointer).toBe("/methods/0");
    expect(changes[0]?.client).toBe("method eth_getBlockByHash renamed to eth_blockByHash");
  });

  it("does not call a removed method renamed when no new one has its shape", () => {
    const other = rpc({ name: "eth_blockByHash", params: [hash] });
    expect(diffSpecDocuments("openrpc", rpc(), other).changes[0]?.message).not.toContain("renamed");
  });

  it("suggests the semver bump of the worst change", () => {
    expect(diffSpecDocuments("openrpc", rpc(), rpc({ params: [full, hash] })).bump).toBe("major");
    expect(diffSpecDocuments("openrpc", rpc(), rpc({ params: [hash, full, block] })).bump).toBe("minor");
    expect(diffSpecDocuments("openrpc", rpc(), rpc({ deprecated: true })).bump).toBe("patch");
    expect(diffSpecDocuments("openrpc", rpc(), rpc()).bump).toBe("none");
  });
});
