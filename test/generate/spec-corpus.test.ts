/**
 * Public specs nobody here wrote (test/fixtures/spec-corpus/SOURCES.md), run through
 * `chainkit generate` as published: each generates, or is refused with a located error whose
 * reason is the spec's own; what generates compiles under the project's strict settings, and its
 * validators refuse a wrong value. The DigitalOcean spec (1 MB, ~290 operations) runs only with
 * CORPUS_LARGE=1, as it takes about a minute on a shared machine.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClient } from "../../scripts/generate/generate-client.js";
import type { JsonObject } from "../../scripts/generate/json.js";
import { PACK_CHARACTERS } from "../../scripts/generate/operation-packs.js";
import { PACKED_CHUNK_CHARACTERS } from "../../scripts/generate/small-chunks.js";
import { SpecError } from "../../scripts/generate/spec-error.js";
import type { RestOperationValidators, RpcMethodValidators } from "../../src/runtime/operation.js";
import { corpusSlowPatterns } from "../support/corpus-slow-patterns.js";
import { firstLoadCharacters, partsOfModule } from "../support/spec-validators.js";
import { repoRoot } from "./support.js";

const corpus = join(repoRoot, "test/fixtures/spec-corpus");

/** Specs that generate as published, their slow patterns allowed (`corpusSlowPatterns`). */
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
  // Method names with dashes (`token-address-create`): their functions get made-up identifiers.
  "accumulate-openrpc.pattern-fixed.json",
  // Swagger 2.0, converted to OpenAPI 3.1 inside (`upgrade-swagger-2.ts`).
  "readme-petstore.2.0.yaml",
  "readme-petstore-expanded.2.0.yaml",
  "readme-schema-circular.2.0.yaml",
  "toncenter-v3.ref-fixed.swagger.json",
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
  // A `$ref` to a definition that does not exist (`TraceNode`; it is `index.TraceNode`), located in
  // the Swagger 2.0 file as written, not in its conversion.
  {
    spec: "toncenter-v3.swagger.json",
    pointer: /^\/definitions\/Trace\/properties\/trace\/\$ref$/,
    reason: /unknown \$ref "#\/definitions\/TraceNode"/,
  },
  // A schema that declares draft-04, which chainkit does not validate.
  {
    spec: "readme-schema-validation-local.3.1.yaml",
    pointer: /\/\$schema$/,
    reason: /declares the dialect "http:\/\/json-schema.org\/draft-04\/schema#"/,
  },
  // A pattern no JavaScript engine reads: `_-/` is a range from `_` down to `/`.
  {
    spec: "accumulate-openrpc.json",
    pointer: /^\/components\/schemas\/fullURL\/pattern$/,
    reason: /Range out of order in character class/,
  },
  // A quantity pattern whose `[1-9a-f]+` and `[0-9a-f]*` both take a run of digits: a long hex
  // number with a bad last character costs its length squared. Refused unless allowed.
  {
    spec: "metamask.openrpc.json",
    pointer: /\/pattern$/,
    reason: /can backtrack polynomially.*rewrite it as "\^0x\(\[1-9a-f\]\[0-9a-f\]\*\|0\)\$"/,
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
        allowSlowPatterns: corpusSlowPatterns(spec),
        note: (line) => notes.push(line),
      });
      expect(result.files).toContain("create-client.ts");
      // A wrong value is refused by every operation's validator of its input.
      let refusedOne = false;
      for (const module of (await operationModules(outDir(spec))).values()) {
        const check =
          module.query ?? module.body ?? module.params ?? module.path ?? module.headers ?? module.cookies;
        if (check === undefined) continue;
        expect(check(Symbol("not JSON"))).toBe(false);
        refusedOne = true;
      }
      expect(refusedOne).toBe(!NOTHING_TO_CHECK.has(spec));
      // A pack of several operations loads no more than the bound with what it imports.
      for (const [file, operations] of await packSizes(outDir(spec))) {
        if (operations.count > 1) {
          expect(operations.firstLoad, `${spec} ${file}`).toBeLessThanOrEqual(
            PACK_CHARACTERS + PACKED_CHUNK_CHARACTERS,
          );
        }
      }
    },
    240_000,
  );
});

/**
 * Specs whose own examples break their own schemas, with how many of their JSON examples do (of
 * how many). Every other spec's examples all pass.
 */
const EXAMPLES_THAT_BREAK_THEIR_SCHEMA: Record<string, string> = {
  // Examples missing required fields (`name` of createNetwork), and node configurations that match
  // two branches of a oneOf.
  "platform-openapi.yml": "106 of 134",
  // Example params named otherwise than their descriptors (`block` for `Block`), blocks with
  // `totalDifficulty` where the schema forbids extra fields, objects where arrays are declared.
  "metamask.openrpc.json": "23 of 111",
};

describe("each spec's own examples pass its generated validators", () => {
  it("every JSON example of a body, an answer, params or a result", async () => {
    const broken: Record<string, string> = {};
    for (const spec of GENERATES) {
      // Each distinct example once (a shared components/examples entry is named by many operations).
      const checked = new Set<string>();
      const failed = new Set<string>();
      const dir = outDir(spec);
      const doc = JSON.parse(await readFile(join(dir, "spec.json"), "utf8")) as JsonObject;
      const modules = await operationModules(dir);
      for (const example of specExamples(doc)) {
        const module = modules.get(example.id) ?? {};
        const validate =
          example.where === "body"
            ? module.body
            : example.where === "params"
              ? module.params
              : example.where === "result"
                ? module.result
                : module.responses?.[example.where]?.validate;
        if (!validate) continue;
        const key = `${example.id} ${example.where} ${JSON.stringify(example.value)}`;
        checked.add(key);
        if (!validate(example.value)) failed.add(key);
      }
      if (failed.size > 0) broken[spec] = `${failed.size} of ${checked.size}`;
    }
    expect(broken).toEqual(EXAMPLES_THAT_BREAK_THEIR_SCHEMA);
  }, 120_000);
});

type OperationModule = Partial<RestOperationValidators & RpcMethodValidators>;

/** Each operation's part of a generated client's validators packs, by operation id. */
async function operationModules(dir: string): Promise<Map<string, OperationModule>> {
  const modules = new Map<string, OperationModule>();
  const folder = join(dir, "validators");
  // A spec without operations (webhooks only) has no validators.
  if (!existsSync(folder)) return modules;
  for (const file of (await readdir(folder)).filter((name) => name.endsWith(".js"))) {
    const pack = (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>;
    for (const [name, part] of partsOfModule(file, pack)) {
      modules.set(name.slice(file.length + 1), part as OperationModule);
    }
  }
  return modules;
}

/** Per pack of a generated client: how many operations it holds, and what its first load reads. */
async function packSizes(dir: string): Promise<Map<string, { count: number; firstLoad: number }>> {
  const sizes = new Map<string, { count: number; firstLoad: number }>();
  const folder = join(dir, "validators");
  if (!existsSync(folder)) return sizes;
  for (const file of (await readdir(folder)).filter((name) => name.endsWith(".js"))) {
    const pack = (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>;
    sizes.set(file, {
      count: partsOfModule(file, pack).length,
      firstLoad: await firstLoadCharacters(join(folder, file)),
    });
  }
  return sizes;
}

/** One example of a spec and what it is an example of: `body`, a response status, `params` or `result`. */
interface SpecExample {
  id: string;
  where: string;
  value: unknown;
}

/** The JSON examples of a generated spec.json (operation ids assigned, `$ref`s kept). */
function specExamples(doc: JsonObject): SpecExample[] {
  const resolve = (node: unknown): JsonObject => {
    let current = node as JsonObject;
    for (let hops = 0; typeof current?.$ref === "string" && hops < 10; hops++) {
      current = current.$ref
        .slice(2)
        .split("/")
        .reduce<unknown>(
          (at, token) => (at as JsonObject)?.[token.replaceAll("~1", "/").replaceAll("~0", "~")],
          doc,
        ) as JsonObject;
    }
    return current ?? {};
  };
  const mediaExamples = (media: JsonObject): unknown[] => [
    ...(media.example !== undefined ? [media.example] : []),
    ...Object.values((media.examples ?? {}) as JsonObject)
      .map((entry) => resolve(entry).value)
      .filter((value) => value !== undefined),
  ];
  const jsonMedia = (content: unknown): JsonObject | undefined => {
    const entries = Object.entries((content ?? {}) as JsonObject);
    const found =
      entries.find(([type]) => type === "application/json") ?? entries.find(([type]) => /\+json$/.test(type));
    return found ? resolve(found[1]) : undefined;
  };
  const found: SpecExample[] = [];
  if (Array.isArray(doc.methods)) {
    for (const raw of doc.methods) {
      const method = resolve(raw);
      // A notification (no result) gets no client function, so no module.
      if (method.result === undefined) continue;
      const names = ((method.params ?? []) as unknown[]).map((param) => String(resolve(param).name));
      for (const pairing of (method.examples ?? []) as unknown[]) {
        const { params = [], result } = resolve(pairing) as { params?: unknown[]; result?: unknown };
        const byName = new Map(params.map((param) => [String(resolve(param).name), resolve(param).value]));
        const tuple: unknown[] = [];
        for (const name of names) {
          if (!byName.has(name)) break;
          tuple.push(byName.get(name));
        }
        found.push({ id: String(method.name), where: "params", value: tuple });
        if (result !== undefined && resolve(result).value !== undefined) {
          found.push({ id: String(method.name), where: "result", value: resolve(result).value });
        }
      }
    }
    return found;
  }
  for (const item of Object.values((doc.paths ?? {}) as JsonObject)) {
    for (const raw of Object.values(resolve(item))) {
      const op = raw as JsonObject;
      if (typeof op?.operationId !== "string") continue;
      const body = op.requestBody === undefined ? undefined : jsonMedia(resolve(op.requestBody).content);
      for (const value of body ? mediaExamples(body) : [])
        found.push({ id: op.operationId, where: "body", value });
      for (const [status, response] of Object.entries((op.responses ?? {}) as JsonObject)) {
        const media = jsonMedia(resolve(response).content);
        for (const value of media ? mediaExamples(media) : [])
          found.push({ id: op.operationId, where: status, value });
      }
    }
  }
  return found;
}

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
