import { describe, expect, test } from "vitest";
import { exampleCases, fixture, loadSpec, rejections, resolvePointer, validatorAt } from "./support.js";

type Json = Record<string, unknown>;

const NODES = "/paths/~1v1~1nodes~1";
const NODE = "/paths/~1v1~1nodes~1{id}~1";
const JSON_BODY = "content/application~1json/schema";

const createRequest = validatorAt("platform", "/components/schemas/CreateNodeRequest");
const updateRequest = validatorAt("platform", "/components/schemas/UpdateNodeRequest");
const node = validatorAt("platform", "/components/schemas/Node");
const errorBody = validatorAt("platform", "/components/schemas/ErrorResponse");

const validCreate = {
  name: "My Ethereum node",
  network: "NW-123-456-7",
  type: "dedicated",
  role: "peer",
  provider: "gcloud",
  region: "asia-southeast1",
  configuration: { archive: true },
};

const reference = fixture<{ examples: Record<string, Json> }>("platform/reference-examples.json").examples;

describe("platform spec: schemas and examples", () => {
  const spec = loadSpec("platform");

  test("every component schema compiles", () => {
    const names = Object.keys((spec.components as Json).schemas as Json);
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const name of names) {
      expect(typeof validatorAt("platform", `/components/schemas/${name}`)).toBe("function");
    }
  });

  test("every example validates against its schema", () => {
    const cases = exampleCases(spec);
    expect(cases.length).toBeGreaterThanOrEqual(25);
    const failures = cases.flatMap(({ where, schema, value }) => {
      const validate = validatorAt("platform", schema);
      return validate(value) ? [] : [`${where}: ${JSON.stringify(validate.errors)}`];
    });
    expect(failures).toEqual([]);
  });

  test("every operation has an example request (when it has a body) and a success response example", () => {
    for (const [path, ops] of Object.entries(spec.paths as Record<string, Json>)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method === "parameters") continue;
        const operation = op as Json;
        const where = `${method.toUpperCase()} ${path}`;
        const body = operation.requestBody as Json | undefined;
        if (body) expect(resolvePointer(body, "/content/application~1json/examples"), where).toBeTruthy();
        const responses = operation.responses as Record<string, Json>;
        const success = Object.keys(responses).find((code) => code.startsWith("2")) as string;
        if (success !== "204") {
          // The CSV export answers text/csv; every other success answers JSON.
          const [media] = Object.keys((responses[success] as { content: Json }).content);
          expect(media, where).toBe(
            operation.operationId === "exportNodeUsage" ? "text/csv" : "application/json",
          );
          const pointer = `/content/${String(media).replace("/", "~1")}/examples`;
          expect(resolvePointer(responses[success], pointer), where).toBeTruthy();
        }
      }
    }
  });

  test("operation ids, status codes, retry marks and bearer security", () => {
    expect(resolvePointer(spec, "/paths/~1v1~1organization~1/get")).toMatchObject({
      operationId: "getOrganization",
      "x-idempotent": true,
    });
    const create = resolvePointer(spec, `${NODES}/post`) as Json;
    expect(create.operationId).toBe("createNode");
    expect(create).not.toHaveProperty("x-idempotent");
    expect(Object.keys(create.responses as Json)).toContain("201");
    expect(resolvePointer(spec, `${NODES}/get`)).toMatchObject({
      operationId: "listNodes",
      "x-idempotent": true,
      "x-beyond-interface": true,
    });
    expect(resolvePointer(spec, `${NODE}/get`)).toMatchObject({
      operationId: "getNode",
      "x-idempotent": true,
    });
    expect(resolvePointer(spec, `${NODE}/patch`)).toMatchObject({ operationId: "updateNode" });
    expect(resolvePointer(spec, `${NODE}/delete`)).toMatchObject({ operationId: "deleteNode" });
    expect(Object.keys(resolvePointer(spec, `${NODE}/delete/responses`) as Json)).toContain("204");
    expect(resolvePointer(spec, "/components/securitySchemes/bearerAuth")).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(spec.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe("platform spec: bad requests are rejected where they are wrong", () => {
  test("a region the provider does not offer is rejected at /region", () => {
    expect(rejections(createRequest, { ...validCreate, provider: "aws", region: "uksouth" })).toContain(
      "/region enum",
    );
    expect(rejections(createRequest, { ...validCreate, provider: "azure", region: "us-east-1" })).toContain(
      "/region enum",
    );
    expect(rejections(createRequest, { ...validCreate, provider: "vzo", region: "eu1" })).toContain(
      "/region enum",
    );
  });

  test("every provider accepts exactly its own regions", () => {
    const regions: Record<string, string[]> = {
      gcloud: ["asia-southeast1"],
      aws: ["ap-southeast-1", "us-west-2", "us-east-1"],
      azure: ["uksouth"],
      vzo: ["eu3"],
    };
    const all = Object.values(regions).flat();
    for (const [provider, own] of Object.entries(regions)) {
      for (const region of all) {
        expect(createRequest({ ...validCreate, provider, region }), `${provider} ${region}`).toBe(
          own.includes(region),
        );
      }
    }
  });

  test('role "validator" is rejected at /role', () => {
    expect(rejections(createRequest, { ...validCreate, role: "validator" })).toEqual(["/role enum"]);
  });

  test('the interface\'s generic name "provider_a" is rejected at /provider', () => {
    expect(rejections(createRequest, { ...validCreate, provider: "provider_a" })).toEqual(["/provider enum"]);
  });

  test("type is shared or dedicated, configuration is an object with a boolean archive", () => {
    expect(rejections(createRequest, { ...validCreate, type: "elastic" })).toEqual(["/type enum"]);
    expect(rejections(createRequest, { ...validCreate, configuration: { archive: "yes" } })).toEqual([
      "/configuration/archive type",
    ]);
    expect(rejections(createRequest, { ...validCreate, configuration: null })).toEqual([
      "/configuration type",
    ]);
    expect(createRequest({ ...validCreate, configuration: {} })).toBe(true);
  });

  test("each of the seven body fields is required", () => {
    for (const field of ["name", "network", "type", "provider", "region", "role", "configuration"]) {
      const body: Json = { ...validCreate };
      delete body[field];
      expect(rejections(createRequest, body), field).toEqual([" required"]);
      expect(createRequest.errors?.[0]?.params).toEqual({ missingProperty: field });
    }
  });

  test("unknown properties are refused on create and update; details, creator, created_at are allowed", () => {
    expect(rejections(createRequest, { ...validCreate, project: "PR-123-456" })).toEqual([
      " additionalProperties",
    ]);
    expect(createRequest.errors?.[0]?.params).toEqual({ additionalProperty: "project" });
    expect(rejections(updateRequest, { name: "renamed", region: "us-east-1" })).toEqual([
      " additionalProperties",
    ]);
    const withOptional = {
      ...validCreate,
      details: {},
      creator: { id: "UR-111-111-111", email: "john.smith@example.com" },
      created_at: "2020-06-15T07:38:00.747Z",
    };
    expect(createRequest(withOptional)).toBe(true);
    expect(rejections(createRequest, { ...withOptional, created_at: "yesterday" })).toEqual([
      "/created_at format",
    ]);
  });
});

describe("platform spec: real payloads are accepted", () => {
  const createExamples = Object.entries(reference).filter(([name]) => name.endsWith("NodeCreate"));
  const nodeExamples = Object.entries(reference).filter(([name]) => name.endsWith("Node"));

  test("the provider's create-node examples pass, except the ones with region eu1 (not a vzo region)", () => {
    expect(createExamples.length).toBe(10);
    for (const [name, body] of createExamples) {
      if (body.region === "eu1") {
        expect(rejections(createRequest, body), name).toContain("/region enum");
      } else {
        expect(createRequest(body), `${name}: ${JSON.stringify(createRequest.errors)}`).toBe(true);
      }
    }
    expect(createExamples.filter(([, body]) => body.region === "eu1").map(([name]) => name)).toEqual([
      "AvalancheNodeCreate",
      "FantomNodeCreate",
      "HarmonyNodeCreate",
    ]);
  });

  test("every node the provider shows is a valid Node response, eu1 included (responses are tolerant)", () => {
    expect(nodeExamples.length).toBe(10);
    for (const [name, body] of nodeExamples) {
      expect(node(body), `${name}: ${JSON.stringify(node.errors)}`).toBe(true);
    }
  });

  test("the creator record of a project validates as Creator", () => {
    const creator = validatorAt("platform", "/components/schemas/Creator");
    expect(creator((reference.PublicProject as Json).creator)).toBe(true);
  });

  test("a list page wraps nodes in {count, next, previous, results}", () => {
    const page = validatorAt("platform", `${NODES}/get/responses/200/${JSON_BODY}`);
    const results = nodeExamples.map(([, body]) => body);
    expect(
      page({ count: 25, next: "https://api.chainstack.com/v1/nodes/?page=2", previous: null, results }),
    ).toBe(true);
    expect(rejections(page, { results })).toContain(" required");
  });

  test("both error forms are accepted, anything else is not", () => {
    expect(errorBody({ error: { code: "not_found", message: "Not found." } })).toBe(true);
    expect(
      errorBody({
        error: {
          code: "validation_error",
          message: "Invalid input.",
          fields: { region: ["Not a valid choice."] },
        },
      }),
    ).toBe(true);
    expect(errorBody({ detail: "Invalid token." })).toBe(true);
    expect(errorBody({ message: "nope" })).toBe(false);
    expect(errorBody({ error: { code: "x", message: "y", fields: { region: "not a list" } } })).toBe(false);
  });
});
