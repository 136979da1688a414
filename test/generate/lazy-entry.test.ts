import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type Metafile } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { generateSurface } from "../../scripts/generate/generate-surface.js";
import { repoRoot } from "./support.js";

/**
 * A spec with `count` operations, each with a body and an answer built from shared components, as
 * the surfaces are: what grows per operation is validators, which must not land in the entry.
 */
function specWith(count: number): object {
  const paths: Record<string, object> = {};
  for (let i = 0; i < count; i++) {
    paths[`/v1/things${i}`] = {
      post: {
        operationId: `createThing${i}`,
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/NewThing" } } },
        },
        responses: {
          "201": {
            description: "Created.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
        },
      },
    };
  }
  const text = { type: "string", minLength: 1, maxLength: 64, pattern: "^[a-z][a-z0-9-]*$" };
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
          properties: { name: text, kind: { enum: ["a", "b", "c"] }, tags: { type: "array", items: text } },
        },
        Thing: {
          allOf: [{ $ref: "#/components/schemas/NewThing" }],
          type: "object",
          required: ["id"],
          properties: { id: { type: "string", format: "uuid" }, owner: { oneOf: [text, { type: "null" }] } },
        },
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

/** Generates the spec with `count` operations and bundles a client of all of them. */
async function surfaceOf(count: number) {
  const root = join(scratch, `n${count}`);
  await mkdir(join(root, "specs"), { recursive: true });
  await symlink(join(scratch, "src"), join(root, "src"), "dir");
  await symlink(join(scratch, "node_modules"), join(root, "node_modules"), "dir");
  const specPath = join(root, "specs", "lazy.openapi.json");
  await writeFile(specPath, JSON.stringify(specWith(count)));
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
    upFrontBytes: bytesOf(split.upFront),
    validatorChunks,
    validatorBytes: bytesOf(validatorChunks),
  };
}

const small = await surfaceOf(4);
const large = await surfaceOf(12);

describe("an entry does not grow with the validators of its operations", () => {
  it("no chunk the entry imports statically holds a validators module; each operation's is a chunk of its own", () => {
    for (const { split, validatorChunks } of [small, large]) {
      for (const file of split.upFront) {
        expect(Object.keys(split.outputs[file]?.inputs ?? {}).filter(validatorInput), file).toEqual([]);
      }
      expect(validatorChunks.length).toBe(split === small.split ? 4 : 12);
    }
  });

  it("tripling the operations multiplies the validator chunks, while the entry grows only by their descriptors", () => {
    const addedOperations = 8;
    const entryGrowthPerOperation = (large.upFrontBytes - small.upFrontBytes) / addedOperations;
    const validatorsPerOperation = (large.validatorBytes - small.validatorBytes) / addedOperations;
    expect(validatorsPerOperation).toBeGreaterThan(2000);
    // A descriptor and its typed wrapper: a few hundred bytes minified, a tenth of its validators.
    expect(entryGrowthPerOperation).toBeLessThan(validatorsPerOperation / 10);
  });
});

describe("the real entries", () => {
  it("import no validators module statically", async () => {
    for (const surface of ["platform", "exchange", "evm", "wallet", "indexer"]) {
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
