import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../scripts/generate/json.js";
import { readOpenApiOperations } from "../../scripts/generate/openapi-model.js";
import { restOperationsFile } from "../../scripts/generate/rest-operations-file.js";
import { SpecError } from "../../scripts/generate/spec-error.js";

/** A one-operation spec whose GET takes the given query parameters and carries `paging` as x-paging. */
function specWith(paging: unknown, parameters: JsonObject[] = [limit(1000), offset]): JsonObject {
  return {
    openapi: "3.1.0",
    info: { title: "mini", version: "1" },
    paths: {
      "/items": {
        get: {
          operationId: "getItems",
          ...(paging !== undefined && { "x-paging": paging as JsonObject }),
          parameters,
          responses: { "200": { description: "ok" } },
        },
      },
    },
  } as JsonObject;
}

function limit(maximum: number | undefined): JsonObject {
  return { name: "limit", in: "query", schema: { type: "integer", minimum: 1, ...(maximum && { maximum }) } };
}
const offset: JsonObject = { name: "offset", in: "query", schema: { type: "integer", minimum: 0 } };

function failure(doc: JsonObject): SpecError {
  const error = (() => {
    try {
      readOpenApiOperations("mini.yaml", doc);
    } catch (caught) {
      return caught;
    }
  })();
  expect(error).toBeInstanceOf(SpecError);
  return error as SpecError;
}

describe("x-paging: the generator carries how a list pages", () => {
  it("emits items, key and the limit's maximum into the operation descriptor", () => {
    const doc = specWith({ items: "items", key: ["workchain", "seqno"] }, [limit(250), offset]);
    const [operation] = readOpenApiOperations("mini.yaml", doc);
    expect(operation?.paging).toEqual({ items: "items", key: ["workchain", "seqno"], maxLimit: 250 });
    const file = restOperationsFile(
      { camel: "mini", pascal: "Mini", title: "mini" },
      [operation as NonNullable<typeof operation>],
      new Map([[operation?.id ?? "", "operations"]]),
    );
    expect(file).toContain('paging: {"items":"items","key":["workchain","seqno"],"maxLimit":250}');
  });

  it("leaves operations without the extension alone", () => {
    expect(readOpenApiOperations("mini.yaml", specWith(undefined))[0]?.paging).toBeUndefined();
  });

  it("refuses a malformed extension, or a list without limit maximum or offset, naming where", () => {
    expect(failure(specWith({ items: "items" })).pointer).toBe("/paths/~1items/get/x-paging/key");
    expect(failure(specWith({ items: "", key: ["id"] })).pointer).toBe("/paths/~1items/get/x-paging/items");
    expect(failure(specWith({ items: "items", key: ["id"], sort: "lt" })).problem).toMatch(/items .* key/);
    expect(failure(specWith({ items: "items", key: ["id"] }, [limit(undefined), offset])).problem).toMatch(
      /limit query parameter with an integer maximum/,
    );
    expect(failure(specWith({ items: "items", key: ["id"] }, [limit(10)])).problem).toMatch(/offset/);
  });
});
