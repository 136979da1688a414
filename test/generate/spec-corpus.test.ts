/**
 * Public specs nobody here wrote (test/fixtures/spec-corpus/SOURCES.md), run through
 * `chainkit generate` as published: each generates, or is refused with a located error whose
 * reason is the spec's own; what generates compiles under the project's strict settings, and its
 * validators refuse a wrong value. The DigitalOcean spec (1 MB, ~290 operations) runs only with
 * CORPUS_LARGE=1, as it takes about a minute on a shared machine.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import type { RestOperationValidators, RpcMethodValidators } from "../../src/runtime/operation.js";
import { repoRoot } from "./support.js";

const corpus = join(repoRoot, "test/fixtures/spec-corpus");

/** Specs that generate as published. */
const GENERATES = [
  "platform-openapi.yml",
  "readme-petstore.3.0.yaml",
  "readme-petstore.3.1.yaml",
  "readme-parameters-style.3.0.yaml",
  "readme-parameters-cookies.3.0.yaml",
  "readme-file-uploads.3.0.yaml",
  "readme-response-multiple-mediatypes.3.0.yaml",
  "readme-schema-types.3.0.yaml",
  "readme-schema-encoding-style.3.1.yaml",
  "readme-webhooks.3.1.yaml",
  "readme-api.3.1.yaml",
  "blockfrost.openapi.yaml",
  "petstore-multi-file/openapi.yaml",
  "petstore-openrpc.json",
  "params-by-name-petstore-openrpc.json",
  "simple-math-openrpc.json",
  "link-example-openrpc.json",
  "metamask.openrpc.json",
  "metamask-multichain.openrpc.json",
  ...(process.env.CORPUS_LARGE === "1" ? ["digitalocean.openapi.json"] : []),
];

/** Specs with no JSON input to check: webhooks only, or multipart and byte bodies and cookies. */
const NOTHING_TO_CHECK = new Set([
  "readme-webhooks.3.1.yaml",
  "readme-file-uploads.3.0.yaml",
  "readme-schema-encoding-style.3.1.yaml",
]);

/** Specs refused, the pointer named, and why it is the spec's fault. */
const REFUSED: { spec: string; pointer: RegExp; reason: RegExp }[] = [
  // Swagger 2.0 is not OpenAPI 3.
  { spec: "toncenter-v3.swagger.json", pointer: /^\/swagger$/, reason: /not OpenAPI 3; convert it first/ },
  // A schema that declares draft-04, which chainkit does not validate.
  {
    spec: "readme-schema-validation-local.3.1.yaml",
    pointer: /\/\$schema$/,
    reason: /declares the dialect "http:\/\/json-schema.org\/draft-04\/schema#"/,
  },
];

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "chainkit-corpus-"));
  await symlink(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function outDir(spec: string): string {
  return join(root, "out", spec.replace(/[^A-Za-z0-9]+/g, "-"));
}

describe("public specs generate as published", () => {
  it.each(GENERATES)(
    "%s",
    async (spec) => {
      const notes: string[] = [];
      const result = await generateClient({
        spec: join(corpus, spec),
        out: outDir(spec),
        runtime: join(repoRoot, "src/runtime.js"),
        note: (line) => notes.push(line),
      });
      expect(result.files).toContain("create-client.ts");
      // A wrong value is refused by the first validator that takes an object or a tuple.
      const modules = result.files.filter((file) => file.startsWith("validators/") && file.endsWith(".js"));
      let refusedOne = false;
      for (const file of modules) {
        const module = (await import(pathToFileURL(join(outDir(spec), file)).href)) as Partial<
          RestOperationValidators & RpcMethodValidators
        >;
        const check =
          module.query ?? module.body ?? module.params ?? module.path ?? module.headers ?? module.cookies;
        if (check === undefined) continue;
        expect(check(Symbol("not JSON"))).toBe(false);
        refusedOne = true;
      }
      expect(refusedOne).toBe(!NOTHING_TO_CHECK.has(spec));
    },
    240_000,
  );
});

describe("invalid specs are refused with the file, the pointer and the fix", () => {
  it.each(REFUSED)("$spec", async ({ spec, pointer, reason }) => {
    const error = await generateClient({ spec: join(corpus, spec), out: outDir(spec) }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).file).toBe(join(corpus, spec));
    expect((error as SpecError).pointer).toMatch(pointer);
    expect((error as SpecError).problem).toMatch(reason);
  });
});

describe("what generates compiles", () => {
  it("tsc --strict on every generated client", async () => {
    const config = {
      extends: join(repoRoot, "tsconfig.json"),
      compilerOptions: {
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
        typeRoots: [join(repoRoot, "node_modules/@types")],
      },
      include: [join(root, "out")],
    };
    await writeFile(join(root, "tsconfig.json"), JSON.stringify(config));
    await writeFile(join(root, "package.json"), JSON.stringify({ type: "module" }));
    const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");
    const run = await promisify(execFile)(process.execPath, [tsc, "-p", join(root, "tsconfig.json")], {
      maxBuffer: 1 << 26,
    }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(run).toBe("");
  }, 300_000);
});
