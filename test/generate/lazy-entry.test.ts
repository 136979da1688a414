import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type Metafile } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { generateSurface } from "../../scripts/generate/generate-surface.js";
import { SURFACES } from "../../scripts/generate/surfaces.js";
import { repoRoot } from "./support.js";

/**
 * What each operation's schemas hold: `plain` ones, or `heavy` ones like the wallet's and the
 * indexer's, whose answers have dozens of int64 fields, whose requests carry a secret and an int64,
 * and which list error statuses beside their answer.
 */
type Weight = "plain" | "heavy";

/** Forty int64 fields, half of them inside an array of items, as a TRON block or a TON trace has. */
function int64Fields(): Record<string, object> {
  const int64 = { type: "integer", format: "int64" };
  const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`amount_${i}`, int64]));
  const item = { type: "object", properties: { ...fields } };
  return { ...fields, history: { type: "array", items: item } };
}

/**
 * A spec with `count` operations, each with a body and an answer built from shared components, as
 * the surfaces are: what grows per operation is validators, int64 and secret positions and
 * response statuses, none of which may land in the entry.
 */
function specWith(count: number, weight: Weight): object {
  const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
  const errors =
    weight === "heavy"
      ? {
          "400": { description: "Refused.", content: json("Problem") },
          "401": { description: "No credentials." },
          "404": { description: "Not found.", content: json("Problem") },
          "429": { description: "Too many requests." },
          default: { description: "Failed.", content: json("Problem") },
        }
      : {};
  const paths: Record<string, object> = {};
  for (let i = 0; i < count; i++) {
    paths[`/v1/things${i}`] = {
      post: {
        operationId: `createThing${i}`,
        requestBody: { required: true, content: json("NewThing") },
        responses: { "201": { description: "Created.", content: json("Thing") }, ...errors },
      },
    };
  }
  const text = { type: "string", minLength: 1, maxLength: 64, pattern: "^[a-z][a-z0-9-]*$" };
  const heavyRequest = {
    owner_key: { type: "string", "x-secret": true },
    nonce: { type: "integer", format: "int64" },
  };
  return {
    openapi: "3.1.0",
    info: { title: "lazy API", version: "1.0.0" },
    paths,
    components: {
      schemas: {
        NewThing: {
          type: "object",
          additionalProperties: false,
          required: ["name", "kind"],
          properties: {
            name: text,
            kind: { enum: ["a", "b", "c"] },
            tags: { type: "array", items: text },
            ...(weight === "heavy" && heavyRequest),
          },
        },
        Thing: {
          allOf: [{ $ref: "#/components/schemas/NewThing" }],
          type: "object",
          required: ["id"],
          properties: {
            id: { type: "string", format: "uuid" },
            owner: { oneOf: [text, { type: "null" }] },
            ...(weight === "heavy" && int64Fields()),
          },
        },
        Problem: { type: "object", required: ["error"], properties: { error: { type: "string" } } },
      },
    },
  };
}

const scratch = await mkdtemp(join(tmpdir(), "chainkit-lazy-"));
await symlink(join(repoRoot, "src"), join(scratch, "src"), "dir");
await symlink(join(repoRoot, "node_modules"), join(scratch, "node_modules"), "dir");
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The outputs of a code-split bundle: the entry's static closure, and every chunk with its inputs. */
interface Split {
  upFront: Set<string>;
  outputs: Metafile["outputs"];
}

async function bundleSplit(root: string, entry: string): Promise<Split> {
  const result = await build({
    entryPoints: [join(root, entry)],
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    minify: true,
    outdir: join(root, "out"),
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs;
  const entryChunk = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith(entry));
  const upFront = new Set<string>();
  const pending = entryChunk === undefined ? [] : [entryChunk];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (upFront.has(file)) continue;
    upFront.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind === "import-statement") pending.push(imported.path);
    }
  }
  return { upFront, outputs };
}

const validatorInput = (input: string) => /generated\/[^/]+\/validators\//.test(input);
/** An operation's own module, not a chunk of checks several share (`validators/components/`). */
const operationModuleInput = (input: string) => /generated\/[^/]+\/validators\/[^/]+\.js$/.test(input);

/** Generates the spec with `count` operations and bundles a client of all of them. */
async function surfaceOf(count: number, weight: Weight) {
  const root = join(scratch, `${weight}${count}`);
  await mkdir(join(root, "specs"), { recursive: true });
  await symlink(join(scratch, "src"), join(root, "src"), "dir");
  await symlink(join(scratch, "node_modules"), join(root, "node_modules"), "dir");
  const specPath = join(root, "specs", "lazy.openapi.json");
  await writeFile(specPath, JSON.stringify(specWith(count, weight)));
  const files = await generateSurface(
    { name: "lazy", specFile: "specs/lazy.openapi.json", kind: "openapi" },
    specPath,
  );
  for (const [name, content] of files) {
    await mkdir(join(root, "generated/lazy", name, ".."), { recursive: true });
    await writeFile(join(root, "generated/lazy", name), content);
  }
  await writeFile(
    join(root, "entry.ts"),
    [
      'import { createLazyOperations } from "./generated/lazy/client.js";',
      'import { createRestCaller } from "./src/runtime/rest/create-rest-caller.js";',
      'export const lazy = createLazyOperations(createRestCaller({ baseUrl: "https://api.example.com" }));',
    ].join("\n"),
  );
  const split = await bundleSplit(root, "entry.ts");
  const bytesOf = (files: Iterable<string>) =>
    [...files].reduce((sum, file) => sum + (split.outputs[file]?.bytes ?? 0), 0);
  const validatorChunks = Object.keys(split.outputs).filter((file) =>
    Object.keys(split.outputs[file]?.inputs ?? {}).some(validatorInput),
  );
  return {
    split,
    packs: [...files.keys()].filter((name) => /^validators\/[^/]+\.js$/.test(name)).length,
    upFrontBytes: bytesOf(split.upFront),
    validatorChunks,
    validatorBytes: bytesOf(validatorChunks),
  };
}

const FEW = 4;
const MANY = 12;
const [plainFew, plainMany, heavyFew, heavyMany] = await Promise.all([
  surfaceOf(FEW, "plain"),
  surfaceOf(MANY, "plain"),
  surfaceOf(FEW, "heavy"),
  surfaceOf(MANY, "heavy"),
]);
/** Minified bytes one more operation adds: to what the entry imports up front, and to its modules. */
const perOperation = (few: typeof plainFew, many: typeof plainFew) => ({
  upFront: (many.upFrontBytes - few.upFrontBytes) / (MANY - FEW),
  modules: (many.validatorBytes - few.validatorBytes) / (MANY - FEW),
});
const plain = perOperation(plainFew, plainMany);
const heavy = perOperation(heavyFew, heavyMany);

/**
 * The most one operation may add to an entry, minified: its descriptor and its typed wrapper, about
 * 200 B for `createThing10` at `/v1/things10`. The descriptor is its key, id, method, path and retry
 * flag (about 85 B as written, the name twice) and its module's import
 * (`()=>import("./lazy-HASH.js").then(e=>e.createThing10)`, about 60 B); the wrapper is one arrow function handing
 * its arguments and descriptor to the caller (about 55 B). A list of int64 positions (a few hundred
 * bytes for a TRON block) or a table of response statuses (about 15 B a status) would not fit.
 */
const MAX_UP_FRONT_PER_OPERATION = 256;

describe("an entry does not grow with what its operations' schemas hold", () => {
  it("no chunk the entry imports statically holds an operation's pack; each pack is a chunk of its own", () => {
    for (const [count, surface] of [
      [FEW, plainFew],
      [MANY, plainMany],
      [FEW, heavyFew],
      [MANY, heavyMany],
    ] as const) {
      for (const file of surface.split.upFront) {
        expect(Object.keys(surface.split.outputs[file]?.inputs ?? {}).filter(validatorInput), file).toEqual(
          [],
        );
      }
      const operationChunks = surface.validatorChunks.filter((file) =>
        Object.keys(surface.split.outputs[file]?.inputs ?? {}).some(operationModuleInput),
      );
      expect(operationChunks.length).toBe(surface.packs);
      expect(surface.packs).toBeGreaterThan(0);
      expect(surface.packs).toBeLessThanOrEqual(count);
    }
  });

  it("one more operation adds the same few bytes up front however heavy its schemas, and the rest to its own module", () => {
    // The heavy operations carry more per operation: forty int64 positions, a secret, five more
    // statuses (their components' checks are written once, in a chunk all of them import). Were
    // any of it in the descriptor, the two figures below would differ.
    expect(heavy.modules - plain.modules).toBeGreaterThan(500);
    expect(heavy.upFront).toBe(plain.upFront);
    expect(plain.upFront).toBeLessThanOrEqual(MAX_UP_FRONT_PER_OPERATION);
  });
});
describe("the real entries", () => {
  it("import no validators module statically", async () => {
    for (const { name: surface } of SURFACES) {
      const root = join(scratch, `real-${surface}`);
      await mkdir(root, { recursive: true });
      await writeFile(
        join(root, "entry.ts"),
        `export * from ${JSON.stringify(join(repoRoot, `src/${surface}.ts`))};`,
      );
      const split = await bundleSplit(root, "entry.ts");
      const upFrontInputs = [...split.upFront].flatMap((file) =>
        Object.keys(split.outputs[file]?.inputs ?? {}),
      );
      expect(upFrontInputs.filter(validatorInput), surface).toEqual([]);
      expect(
        upFrontInputs.some((input) => input.includes(`generated/${surface}/operations.ts`)),
        surface,
      ).toBe(true);
    }
  });
});
