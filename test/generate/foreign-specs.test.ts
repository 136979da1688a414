/** How the generator reads specs as published (outside chainkit's strict mode). */
import { describe, expect, it } from "vitest";
import { generateSurface } from "../../scripts/generate/generate-surface.js";
import type { Json, JsonObject } from "../../scripts/generate/json.js";
import { assignOperationIds } from "../../scripts/generate/operation-ids.js";
import { unicodePattern } from "../../scripts/generate/unicode-pattern.js";
import { upgradeOpenApi30 } from "../../scripts/generate/upgrade-openapi-30.js";
import { repoRoot } from "./support.js";

describe("OpenAPI 3.0 is read as the 3.1 it means", () => {
  const doc = {
    openapi: "3.0.3",
    paths: {},
    components: {
      schemas: {
        Name: { type: "string", nullable: true, example: "Rex" },
        Status: { type: "string", enum: ["on", "off"], nullable: true },
        Age: { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 99, exclusiveMaximum: false },
        Owner: { $ref: "#/components/schemas/Name", nullable: true },
      },
    },
  };
  const upgraded = upgradeOpenApi30(doc) as JsonObject;
  const schemas = ((upgraded.components as JsonObject).schemas ?? {}) as Record<string, Json>;

  it("nullable adds null to the type and the enum; next to a $ref it becomes anyOf", () => {
    expect(upgraded.openapi).toBe("3.1.0");
    expect(schemas.Name).toEqual({ type: ["string", "null"], example: "Rex" });
    expect(schemas.Status).toEqual({ type: ["string", "null"], enum: ["on", "off", null] });
    expect(schemas.Owner).toEqual({ anyOf: [{ $ref: "#/components/schemas/Name" }, { type: "null" }] });
  });

  it("boolean exclusive bounds become numbers", () => {
    expect(schemas.Age).toEqual({ type: "integer", exclusiveMinimum: 0, maximum: 99 });
  });

  it("leaves the input alone", () => {
    expect(doc.components.schemas.Name.nullable).toBe(true);
  });
});

describe("operations get usable, stable identifiers", () => {
  it("keeps identifiers, camel-cases the rest, names missing ones from method and path, numbers clashes", () => {
    const doc: JsonObject = {
      paths: {
        "/stations": { get: { operationId: "get-stations" }, post: { operationId: "createStation" } },
        "/pets/{petId}/photos": { get: {}, head: {} },
        "/enterprise/{id}": { delete: { operationId: "enterprise-admin/list" } },
        "/a": { get: { operationId: "getStations" } },
        "/user": { get: { operationId: "getUser" } },
      },
      components: { schemas: { GetUserResponse: { type: "object" } } },
    };
    const made = assignOperationIds(doc);
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (item) => Object.values(item).map((op) => op.operationId),
    );
    expect(ids).toEqual([
      // `getStations` is the spec's own name of another operation: the made-up one gets a number.
      "getStations2",
      "createStation",
      "getPetsByPetIdPhotos",
      "headPetsByPetIdPhotos",
      "enterpriseAdminList",
      "getStations",
      // Its `GetUserResponse` type would clash with the component of that name.
      "getUser2",
    ]);
    expect(made.map((entry) => entry.pointer)).toEqual([
      "/paths/~1stations/get",
      "/paths/~1pets~1{petId}~1photos/get",
      "/paths/~1pets~1{petId}~1photos/head",
      "/paths/~1enterprise~1{id}/delete",
      "/paths/~1user/get",
    ]);
  });
});

describe("patterns", () => {
  it("drops needless escapes that the u flag refuses, keeping the meaning", () => {
    expect(unicodePattern("^[a-zA-Z0-9_\\-\\:]+$")).toBe("^[a-zA-Z0-9_\\-:]+$");
    expect(unicodePattern("^\\d{3}$")).toBe("^\\d{3}$");
    expect(unicodePattern("^(unclosed$")).toBeUndefined();
  });
});

describe("non-JSON operations", () => {
  it("carry their media in the descriptor and are typed by it", async () => {
    const spec = "test/fixtures/spec-corpus/readme-file-uploads.3.0.yaml";
    const files = await generateSurface(
      { name: "uploads", specFile: spec, kind: "openapi" },
      `${repoRoot}/${spec}`,
      {
        strict: false,
      },
    );
    const operations = files.get("operations.ts") ?? "";
    expect(operations).toContain('requestMedia: "multipart/form-data"');
    expect(operations).toContain('requestMedia: "image/png"');
    const types = files.get("types.ts") ?? "";
    expect(types).toMatch(/export type \w+Body = FormData;/);
    expect(types).toMatch(/export type \w+Body = Blob \| Uint8Array \| ArrayBuffer;/);
  });
});
