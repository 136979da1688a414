import { describe, expect, it } from "vitest";
import { generateSurface } from "../../scripts/generate/generate-surface.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import { fixtureSurface } from "./support.js";

/** Generates from a broken fixture and returns the SpecError it must stop with. */
async function failure(name: string): Promise<SpecError> {
  const error = await generateSurface(fixtureSurface(`broken/${name}`)).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpecError);
  return error as SpecError;
}

describe("a broken spec stops the generator with the file and the JSON pointer", () => {
  it("unknown $ref: points at the $ref", async () => {
    const error = await failure("unknown-ref.openapi.yaml");
    expect(error.message).toBe(
      "test/generate/fixtures/broken/unknown-ref.openapi.yaml#/paths/~1v1~1nodes/get/responses/200/content/application~1json/schema/$ref: " +
        'unknown $ref "#/components/schemas/Nod"',
    );
  });

  it("invalid schema: points at the bad value inside the schema", async () => {
    const error = await failure("invalid-schema.openapi.yaml");
    expect(error.pointer).toBe("/components/schemas/Node/properties/name/type");
    expect(error.problem).toMatch(/^invalid schema: must be equal to one of the allowed values/);
  });

  it("unknown schema keyword (OpenAPI 3.0 nullable): points at the keyword and says what to write", async () => {
    const error = await failure("unknown-keyword.openapi.yaml");
    expect(error.pointer).toBe("/components/schemas/Node/properties/name/nullable");
    expect(error.problem).toContain('type: [<type>, "null"]');
  });

  it("duplicate operationId: points at the second one and names the first", async () => {
    const error = await failure("duplicate-operation-id.openapi.yaml");
    expect(error.pointer).toBe("/paths/~1v1~1nodes~1{id}/get/operationId");
    expect(error.problem).toBe('duplicate operationId "getNode" (also at /paths/~1v1~1nodes/get)');
  });

  it("missing operationId: points at the operation", async () => {
    const error = await failure("missing-operation-id.openapi.yaml");
    expect(error.pointer).toBe("/paths/~1v1~1nodes/get");
    expect(error.problem).toBe("GET /v1/nodes has no operationId");
  });

  it("path parameter not declared: points at the operation", async () => {
    const error = await failure("path-param-mismatch.openapi.yaml");
    expect(error.pointer).toBe("/paths/~1v1~1nodes~1{id}/get");
    expect(error.problem).toContain('path parameter "id"');
  });

  it("RPC method without result: points at the method", async () => {
    const error = await failure("method-without-result.openrpc.yaml");
    expect(error.message).toBe(
      'test/generate/fixtures/broken/method-without-result.openrpc.yaml#/methods/1: method "eth_blockNumber" has no result',
    );
  });

  // Stored as .txt so Biome, which parses YAML, does not trip over the deliberate syntax error.
  it("YAML syntax error: names the line and the pointer of the node it sits in", async () => {
    const error = await failure("yaml-syntax.openapi.txt");
    expect(error.pointer).toBe("/paths/~1v1~1nodes/get/responses/200/description");
    expect(error.problem).toMatch(/^YAML syntax error: .*line \d+, column \d+/);
  });

  it("a missing spec file is named", async () => {
    const error = await failure("no-such-spec.openapi.yaml");
    expect(error.message).toBe(
      "test/generate/fixtures/broken/no-such-spec.openapi.yaml#: spec file not found",
    );
  });
});
