/**
 * Issue 41: valid specs whose names collide with JavaScript (`delete`, `new`, `default`, `eval`) or
 * with the names the generated code declares (`caller`, `<name>Operations`, ajv's `validate1`, the
 * helper `issueAt`) generate working clients, each rename printed as a note; and an int64 field
 * inside a property named `__proto__` arrives as a `bigint`.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { collidesWithGeneratedCode } from "../../scripts/generate/generated-names.js";
import type { JsonObject } from "../../scripts/generate/json.js";
import { readOpenApiOperations } from "../../scripts/generate/openapi-model.js";
import { restClientFile } from "../../scripts/generate/rest-client-file.js";
import { restOperationsFile } from "../../scripts/generate/rest-operations-file.js";
import { compileStrict, scratchProject, useInChild } from "./generated-clients.js";
import { repoRoot } from "./support.js";

const hostile = join(repoRoot, "test/fixtures/hostile-specs");
const runtime = join(repoRoot, "src/runtime.js");

let project: Awaited<ReturnType<typeof scratchProject>>;
const notes: string[] = [];

beforeAll(async () => {
  project = await scratchProject();
  for (const kind of ["openapi", "openrpc"]) {
    await generateClient({
      spec: join(hostile, `colliding-names.${kind}.yaml`),
      out: join(project.root, kind),
      runtime,
      note: (line) => notes.push(line),
    });
  }
}, 120_000);

afterAll(() => project.remove());

describe("names that collide with JavaScript or with the generated code", () => {
  it("are renamed with a trailing _, each printed as a note", () => {
    const renamed = notes.map((line) => line.replace(/^.*: (operationId|method) /, ""));
    expect(renamed).toEqual([
      '"new": named new_',
      '"default": named default_',
      '"delete": named delete_',
      '"validate1": named validate1_',
      '"issueAt": named issueAt_',
      '"delete": named delete_',
      '"new": named new_',
      '"__proto__": named proto',
    ]);
  });

  it("compile strictly and call the right operations; __proto__'s int64 field arrives as a bigint", async () => {
    const rest = join(project.root, "openapi");
    const rpc = join(project.root, "openrpc");
    expect(await compileStrict(project.root, [rest, rpc])).toBe("");
    const echo = { $echo: true };
    const restCall = (call: string, args: unknown[], answer: unknown = echo) => ({
      index: join(rest, "index.ts"),
      factory: "createCollidingNamesClient",
      kind: "openapi" as const,
      call,
      args,
      answer,
    });
    const { results, markers } = await useInChild(project.root, [
      restCall("delete_", ["t1"]),
      restCall("new_", ["t2"]),
      restCall("default_", ["t3"]),
      restCall("validate1_", ["v"]),
      restCall("issueAt_", ["i"]),
      restCall("getCaller", ["c", "o", "p", "e"]),
      restCall("getProto", [], { ["__proto__"]: { n: "9007199254740993" }, list: [{ ["__proto__"]: 7 }] }),
      {
        index: join(rpc, "index.ts"),
        factory: "createCollidingNamesClient",
        kind: "openrpc",
        call: "delete_",
        args: ["a", "b", "c"],
        answer: { method: "rpc", url: "delete" },
      },
      {
        index: join(rpc, "index.ts"),
        factory: "createCollidingNamesClient",
        kind: "openrpc",
        call: "proto",
        args: [],
        answer: { method: "rpc", url: "__proto__" },
      },
    ]);
    expect(markers).toEqual([]);
    expect(results.map((result) => result.error ?? result.value)).toEqual([
      { method: "DELETE", url: "/things/t1" },
      { method: "POST", url: "/things/t2" },
      { method: "PUT", url: "/things/t3" },
      { method: "GET", url: "/validate/v" },
      { method: "POST", url: "/validate/i" },
      { method: "GET", url: "/callers/c/o/p/e" },
      // The answer is written back with JSON.stringify, which keeps an own __proto__ key: bigints as "<digits>n".
      JSON.parse('{"__proto__":{"n":"9007199254740993n"},"list":[{"__proto__":"7n"}]}'),
      { method: "rpc", url: "delete" },
      { method: "rpc", url: "__proto__" },
    ]);
  }, 240_000);

  it("the rule covers every name a pack of validators declares besides its operations", async () => {
    // The spec has no tags: its operations fit one pack, named "operations".
    const shared = await readFile(join(project.root, "openapi/validators/operations.js"), "utf8");
    const operations = new Set([
      "new_",
      "default_",
      "delete_",
      "validate1_",
      "issueAt_",
      "getCaller",
      "getProto",
    ]);
    const declared = [
      ...shared.matchAll(/^(?:export )?(?:const|let|var|function) ([\w$]+)/gm),
      ...[...shared.matchAll(/^import \{([^}]*)\}/gm)].flatMap((match) =>
        (match[1] ?? "").split(",").map((name) => [undefined, name.trim()]),
      ),
    ].map((match) => match[1] as string);
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((name) => !operations.has(name) && !collidesWithGeneratedCode(name))).toEqual([]);
  });
});

describe("a parameter named __proto__", () => {
  it("keeps its own style in the descriptor and its value in the example call", async () => {
    const doc = JSON.parse(`{
      "openapi": "3.1.0",
      "info": { "title": "proto", "version": "1" },
      "paths": { "/p": { "get": {
        "operationId": "getP",
        "parameters": [{ "name": "__proto__", "in": "query", "required": true, "style": "form", "explode": false,
          "schema": { "type": "array", "items": { "type": "string" } }, "example": ["a", "b"] }],
        "responses": { "204": { "description": "none" } }
      } } }
    }`) as JsonObject;
    const operations = readOpenApiOperations("proto.json", doc);
    const names = { camel: "proto", pascal: "Proto", title: "proto" };
    expect(restOperationsFile(names, operations, new Map([["getP", "operations"]]))).toContain(
      'styles: {"query":{"__proto__":{"style":"form","explode":false}}}',
    );
    expect(restClientFile(doc, names, operations)).toContain(
      'await proto.getP({ ["__proto__"]: ["a", "b"] });',
    );
  });
});
