/**
 * What published specs write and the generator used to refuse: two component names that make the
 * same type name, and `openapi: "3.0"` without a patch number.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { componentTypeNames } from "../../scripts/generate/component-type-names.js";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { repoRoot } from "./support.js";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "chainkit-public-names-"));
  await symlink(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
  await writeFile(join(root, "package.json"), JSON.stringify({ type: "module" }));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const slashings = {
  "Phase0.AttesterSlashing": { type: "object", required: ["a"], properties: { a: { type: "string" } } },
  Phase0AttesterSlashing: { type: "object", required: ["b"], properties: { b: { type: "integer" } } },
  Phase0AttesterSlashing2: { type: "object", required: ["c"], properties: { c: { type: "boolean" } } },
};

/** Generates `spec` (written as JSON) into `<root>/<name>/`, returning the notes printed. */
async function generate(name: string, spec: object): Promise<string[]> {
  const file = join(root, `${name}.json`);
  await writeFile(file, JSON.stringify(spec));
  const notes: string[] = [];
  await generateClient({ spec: file, out: join(root, name), note: (line) => notes.push(line) });
  return notes;
}

/** `tsc` of the given TypeScript (`typescript` 5.9 or `typescript7`) over `files` with the project's strict settings. */
async function compile(compiler: "typescript" | "typescript7", files: string[]): Promise<string> {
  const config = join(root, `tsconfig.${compiler}.json`);
  await writeFile(
    config,
    JSON.stringify({
      extends: join(repoRoot, "tsconfig.json"),
      compilerOptions: { noEmit: true, types: ["node"], typeRoots: [join(repoRoot, "node_modules/@types")] },
      include: files.map((file) => join(root, file)),
    }),
  );
  const tsc = join(repoRoot, "node_modules", compiler, "bin/tsc");
  return promisify(execFile)(process.execPath, [tsc, "-p", config], { maxBuffer: 1 << 24 }).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
}

describe("component names that make the same type name", () => {
  it("keep the spec's identifiers and give a made-up name the first free number", () => {
    expect([...componentTypeNames(Object.keys(slashings))]).toEqual([
      ["Phase0.AttesterSlashing", "Phase0AttesterSlashing3"],
      ["Phase0AttesterSlashing", "Phase0AttesterSlashing"],
      ["Phase0AttesterSlashing2", "Phase0AttesterSlashing2"],
    ]);
    expect([...componentTypeNames(["a.b", "a-b", "AB"])]).toEqual([
      ["a.b", "AB2"],
      ["a-b", "AB3"],
      ["AB", "AB"],
    ]);
  });

  it("generate an OpenAPI client and an OpenRPC one whose types tell them apart", async () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const openapiNotes = await generate("beacon", {
      openapi: "3.1.0",
      info: { title: "Beacon", version: "1" },
      paths: {
        "/slashings": {
          get: {
            operationId: "getSlashings",
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { type: "array", items: { anyOf: Object.keys(slashings).map(ref) } },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: slashings },
    });
    const openrpcNotes = await generate("beaconRpc", {
      openrpc: "1.2.6",
      info: { title: "Beacon RPC", version: "1" },
      methods: [
        {
          name: "slashing",
          params: [{ name: "which", required: true, schema: ref("Phase0.AttesterSlashing") }],
          result: { name: "plain", schema: ref("Phase0AttesterSlashing") },
        },
      ],
      components: { schemas: slashings },
    });
    for (const notes of [openapiNotes, openrpcNotes]) {
      expect(notes).toContainEqual(
        expect.stringMatching(
          /#\/components\/schemas\/Phase0\.AttesterSlashing: its type name Phase0AttesterSlashing is another component's: named Phase0AttesterSlashing3$/,
        ),
      );
    }
    expect(await readFile(join(root, "beacon/types.ts"), "utf8")).toContain(
      'export type Phase0AttesterSlashing3 = components["schemas"]["Phase0.AttesterSlashing"];',
    );
    const rpcTypes = await readFile(join(root, "beaconRpc/types.ts"), "utf8");
    expect(rpcTypes).toMatch(/export interface Phase0AttesterSlashing3 \{\s+a: string;/);
    await writeFile(
      join(root, "use.ts"),
      [
        'import type { Phase0AttesterSlashing, Phase0AttesterSlashing3 } from "./beacon/index.js";',
        'import type { SlashingResult, Phase0AttesterSlashing3 as Rpc3 } from "./beaconRpc/index.js";',
        'export const dotted: Phase0AttesterSlashing3 = { a: "x" };',
        "export const plain: Phase0AttesterSlashing = { b: 1 };",
        'export const rpcDotted: Rpc3 = { a: "x" };',
        "export const result: SlashingResult = { b: 1 };",
        "// @ts-expect-error the dotted name's type is not the plain one's",
        'export const swapped: Phase0AttesterSlashing = { a: "x" };',
        "",
      ].join("\n"),
    );
    expect(await compile("typescript", ["use.ts", "beacon", "beaconRpc"])).toBe("");
    expect(await compile("typescript7", ["use.ts", "beacon", "beaconRpc"])).toBe("");
  }, 240_000);
});

describe('openapi: "3.0" without a patch number', () => {
  it("is read as 3.0.x, saying so in a note", async () => {
    const notes = await generate("short", {
      openapi: "3.0",
      info: { title: "Short", version: "1" },
      paths: {
        "/name": {
          get: {
            operationId: "getName",
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: { type: "string", nullable: true } } },
              },
            },
          },
        },
      },
    });
    expect(notes).toContainEqual(
      expect.stringMatching(/short\.json#\/openapi: "3\.0" has no patch number: read as OpenAPI 3\.0\.x$/),
    );
    // Read as 3.0: `nullable` is 3.0's, and the answer's type admits null.
    expect(await readFile(join(root, "short/types.ts"), "utf8")).toContain(
      '"application/json": string | null;',
    );
  });
});
