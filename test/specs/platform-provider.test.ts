import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { platformOperations } from "../../generated/platform/operations.js";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { fixture, followRef, loadSpec, validatorAt } from "./support.js";

/**
 * Our platform spec against the provider's own (test/fixtures/spec-corpus/platform-openapi.yml, OpenAPI
 * 3.0.3, from github.com/chainstack/dev-portal openapi/chainstack_platform.yml at b9b6cba2): the same
 * operations, the same success statuses, the same request fields and query parameters, and the
 * provider's example payloads accepted by our schemas. Every difference is listed with its reason.
 */

type Json = Record<string, unknown>;

const providerFile = fileURLToPath(new URL("../fixtures/spec-corpus/platform-openapi.yml", import.meta.url));
const provider = parse(readFileSync(providerFile, "utf8")) as Json;
const ours = loadSpec("platform");
const METHODS = ["get", "post", "patch", "put", "delete"];

/** Their operationId → ours: theirs has typos and version suffixes; ours reads as the client's methods. */
const NAMES: Record<string, string> = {
  getOrganizatonInfo: "getOrganization",
  updateOrganizationInfo: "updateOrganization",
  listAllProjects: "listProjects",
  createProject: "createProject",
  retrieveProject: "getProject",
  updateProject: "updateProject",
  deleteProject: "deleteProject",
  retrieveProjectMembers: "listProjectMembers",
  listAllNetworks: "listNetworks",
  createNetwork: "createNetwork",
  retrieveNetwork: "getNetwork",
  updateNetwork: "updateNetwork",
  deleteNetwork: "deleteNetwork",
  listAllNodes: "listNodes",
  createNode: "createNode",
  retrieveNode: "getNode",
  updateNode: "updateNode",
  deleteNode: "deleteNode",
  sepoliaGoerli: "requestSepoliaFaucet",
  listDeploymentOptions: "listDeploymentOptions",
  listAllProjectsV2: "listProjectsV2",
  createProjectV2: "createProjectV2",
  retrieveProjectV2: "getProjectV2",
  updateProjectV2: "updateProjectV2",
  deleteProjectV2: "deleteProjectV2",
  listAllNodesV2: "listNodesV2",
  createNodeV2: "createNodeV2",
  retrieveNodeV2: "getNodeV2",
  updateNodeV2: "updateNodeV2",
  deleteNodeV2: "deleteNodeV2",
  listNodeUsageV2: "listNodeUsage",
  exportNodeUsageV2: "exportNodeUsage",
};

/** Where our request fields differ from the provider's writable ones, and why. */
const BODY_DIFFERENCES: Record<string, { ours?: string[]; theirs?: string[]; why: string }> = {
  createNode: {
    ours: ["created_at", "creator", "details"],
    why: "the interface's node table lets a create body carry them (the service sets them); theirs marks them readOnly",
  },
};

/** Where our query parameters differ from the provider's, and why. */
const QUERY_DIFFERENCES: Record<string, { ours?: string[]; theirs?: string[]; why: string }> = {};

/** Their example payloads our schemas refuse, and why (each a documented provider quirk). */
const EXAMPLE_QUIRKS: Record<string, string> = {
  AvalancheNetworkCreate: "region eu1 on vzo: not in the provider's own Region enum (FACTS.md)",
  FantomNetworkCreate: "region eu1 on vzo: not in the provider's own Region enum",
  TezosNetworkCreate: "region eu1 on vzo: not in the provider's own Region enum",
  HarmonyNetworkCreate: "region eu1 on vzo: not in the provider's own Region enum",
  AvalancheNodeCreate: "region eu1 on vzo: not in the provider's own Region enum",
  FantomNodeCreate: "region eu1 on vzo: not in the provider's own Region enum",
  HarmonyNodeCreate: "region eu1 on vzo: not in the provider's own Region enum",
};

interface Operation {
  method: string;
  path: string;
  op: Json;
}

function operations(spec: Json): Operation[] {
  return Object.entries(spec.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, op: item[method] as Json })),
  );
}

/** Each property of an object schema, and whether it is readOnly: allOf merged, oneOf joined. */
function writable(spec: Json, node: unknown, readOnly = false): Map<string, boolean> {
  const schema = followRef(spec, node) as Json | undefined;
  const out = new Map<string, boolean>();
  if (!schema) return out;
  const hidden = readOnly || schema.readOnly === true;
  for (const part of [...((schema.allOf as unknown[]) ?? []), ...((schema.oneOf as unknown[]) ?? [])]) {
    // allOf parts add up: a field any part marks readOnly is readOnly.
    for (const [name, ro] of writable(spec, part, hidden)) out.set(name, (out.get(name) ?? false) || ro);
  }
  for (const [name, property] of Object.entries((schema.properties as Json) ?? {})) {
    // 3.0 specs mark a referenced field readOnly through an allOf wrapper around the $ref.
    const parts = [property, ...(((property as Json).allOf as unknown[]) ?? [])];
    const ro = hidden || parts.some((part) => (followRef(spec, part) as Json | undefined)?.readOnly === true);
    out.set(name, (out.get(name) ?? false) || ro);
  }
  return out;
}

function requestFields(spec: Json, op: Json): string[] {
  const schema = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"] as
    | Json
    | undefined;
  if (!schema) return [];
  return [...writable(spec, schema.schema)]
    .filter(([, ro]) => !ro)
    .map(([name]) => name)
    .sort();
}

function queryNames(spec: Json, path: string, op: Json): string[] {
  const item = (spec.paths as Record<string, Json>)[path] as Json;
  const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])];
  return params
    .map((param) => followRef(spec, param) as Json)
    .filter((param) => param.in === "query")
    .map((param) => String(param.name))
    .sort();
}

function ourOperation(theirs: Operation): Operation {
  const match = operations(ours).find((op) => op.method === theirs.method && op.path === theirs.path);
  if (!match) throw new Error(`ours has no ${theirs.method.toUpperCase()} ${theirs.path}`);
  return match;
}

describe("platform spec against the provider's own spec", () => {
  const theirOperations = operations(provider);

  test("the same operations at the same methods and paths", () => {
    expect(theirOperations.length).toBe(32);
    for (const theirs of theirOperations) {
      expect(ourOperation(theirs).op.operationId).toBe(NAMES[String(theirs.op.operationId)]);
    }
    expect(operations(ours)).toHaveLength(theirOperations.length);
  });

  test("the same success statuses", () => {
    for (const theirs of theirOperations) {
      const success = (op: Json) => Object.keys(op.responses as Json).filter((code) => code.startsWith("2"));
      expect(success(ourOperation(theirs).op), String(theirs.op.operationId)).toEqual(success(theirs.op));
    }
  });

  test("the same request fields, every difference explained", () => {
    for (const theirs of theirOperations) {
      const id = String(ourOperation(theirs).op.operationId);
      const mine = requestFields(ours, ourOperation(theirs).op);
      const their = requestFields(provider, theirs.op);
      const known = BODY_DIFFERENCES[id];
      expect(
        mine.filter((name) => !their.includes(name)),
        `${id}: only ours`,
      ).toEqual(known?.ours ?? []);
      expect(
        their.filter((name) => !mine.includes(name)),
        `${id}: only theirs`,
      ).toEqual(known?.theirs ?? []);
    }
  });

  test("the same query parameters", () => {
    for (const theirs of theirOperations) {
      const id = String(ourOperation(theirs).op.operationId);
      const mine = queryNames(ours, theirs.path, ourOperation(theirs).op);
      const their = queryNames(provider, theirs.path, theirs.op);
      const known = QUERY_DIFFERENCES[id];
      expect(
        mine.filter((name) => !their.includes(name)),
        `${id}: only ours`,
      ).toEqual(known?.ours ?? []);
      expect(
        their.filter((name) => !mine.includes(name)),
        `${id}: only theirs`,
      ).toEqual(known?.theirs ?? []);
    }
  });

  test("the provider's example payloads pass our schemas, but for its listed quirks", () => {
    const examples = fixture<{ examples: Record<string, unknown> }>(
      "platform/reference-examples.json",
    ).examples;
    const schemaOf = (name: string): string | undefined => {
      if (/NetworkCreate$/.test(name)) return "CreateNetworkRequest";
      if (/NodeCreate$/.test(name)) return "CreateNodeRequest";
      if (/ProjectCreate$/.test(name)) return "CreateProjectRequest";
      if (/Network$/.test(name)) return "Network";
      if (/Node$/.test(name)) return "Node";
      if (/Project$/.test(name)) return "Project";
      return undefined;
    };
    const refused: string[] = [];
    let checked = 0;
    for (const [name, value] of Object.entries(examples)) {
      const schema = schemaOf(name);
      if (!schema) continue;
      checked++;
      if (!validatorAt("platform", `/components/schemas/${schema}`)(value)) refused.push(name);
    }
    expect(checked).toBeGreaterThan(40);
    expect(refused.sort()).toEqual(Object.keys(EXAMPLE_QUIRKS).sort());
  });

  test("the provider's inline answers (deployment options, usage, faucet) pass our schemas", () => {
    const answer = (path: string, method: string) => {
      const op = ((provider.paths as Record<string, Json>)[path] as Json)[method] as Json;
      const ok = Object.entries(op.responses as Json).find(([code]) => code.startsWith("2"))?.[1] as Json;
      const media = (ok.content as Json)["application/json"] as Json;
      return Object.values(media.examples as Record<string, { value: unknown }>)[0]?.value;
    };
    const cases: [string, string, string][] = [
      ["/v2/deployment-options/", "get", "DeploymentOptions"],
      ["/v2/reporting/node-usage/", "get", "NodeUsagePage"],
    ];
    for (const [path, method, schema] of cases) {
      const validate = validatorAt("platform", `/components/schemas/${schema}`);
      expect(validate(answer(path, method)), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  test("their spec goes through our generator as published, into the same operations as ours", async () => {
    const out = mkdtempSync(join(tmpdir(), "provider-platform-"));
    try {
      await generateClient({ spec: providerFile, out, name: "provider" });
      const generated = (await import(join(out, "operations.ts"))) as {
        providerOperations: Record<string, { method: string; path: string; paging?: unknown }>;
      };
      const theirs = Object.values(generated.providerOperations).map((op) => `${op.method} ${op.path}`);
      const mine = Object.values(platformOperations).map((op) => `${op.method} ${op.path}`);
      expect(theirs.sort()).toEqual(mine.sort());
      // The same operation, named by each spec: ours adds paging, theirs has none.
      for (const [id, op] of Object.entries(generated.providerOperations)) {
        const ours = Object.values(platformOperations).find(
          (mineOp) => mineOp.method === op.method && mineOp.path === op.path,
        );
        expect(ours?.id, id).toBe(NAMES[id]);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
