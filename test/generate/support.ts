import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Json } from "../../scripts/generate/json.js";
import { SURFACES, type Surface } from "../../scripts/generate/surfaces.js";
import { buildValidators } from "../../scripts/generate/validators.js";
import type { Validator } from "../../src/runtime/operation.js";

/** The repository root. */
export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

/** A fixture spec under `test/generate/fixtures/`. */
export function fixturePath(name: string): string {
  return join(repoRoot, "test/generate/fixtures", name);
}

/** A surface reading a fixture spec; errors name the spec as `test/generate/fixtures/<name>`. */
export function fixtureSurface(
  name: string,
  surfaceName = "mini",
): Pick<Surface, "name" | "specFile" | "kind"> {
  return {
    name: surfaceName,
    specFile: `test/generate/fixtures/${name}`,
    kind: name.includes(".openrpc.") ? "openrpc" : "openapi",
  };
}

/**
 * A scratch repository root in the system temp folder: `specs/` holds the mini fixtures under the five
 * surface names, each surface has its entry, export and guide (`src/<name>.ts`, package.json,
 * `examples/<name>.ts`), and `node_modules` links to this repository's, so generated validators can
 * import ajv.
 */
export async function scratchRoot(): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), "chainkit-generate-"));
  await mkdir(join(root, "specs"));
  await mkdir(join(root, "src"));
  await mkdir(join(root, "examples"));
  const exports: Record<string, { types: string; import: string }> = {};
  for (const { name: surface, kind, specFile } of SURFACES) {
    await cp(fixturePath(`mini.${kind}.yaml`), join(root, specFile));
    await writeFile(
      join(root, "src", `${surface}.ts`),
      `export * from "../generated/${surface}/index.js";\n`,
    );
    await writeFile(join(root, "examples", `${surface}.ts`), "");
    exports[`./${surface}`] = { types: `./dist/src/${surface}.d.ts`, import: `./dist/src/${surface}.js` };
  }
  await writeFile(join(root, "package.json"), JSON.stringify({ type: "module", exports }));
  await symlink(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** One module built by {@link buildOne}, and the chunks it imports (its helpers). */
export interface BuiltOne {
  js: string;
  chunks: { name: string; js: string }[];
}

/** The validators of one schema, built the way the generator builds an operation's module. */
export function buildOne(doc: Json, schema: Json): BuiltOne {
  const { modules, chunks } = buildValidators("mini.yaml", doc, [
    { name: "one", entries: [{ exportName: "validate", schema, pointer: "/x" }] },
  ]);
  return { js: modules[0]?.js ?? "", chunks };
}

/** Writes a module built by {@link buildOne} and its chunks to a scratch folder and imports it. */
export async function loadOne(built: BuiltOne): Promise<Validator> {
  const scratch = await scratchRoot();
  try {
    const path = join(scratch.root, "one.js");
    await mkdir(join(scratch.root, "components"));
    for (const chunk of built.chunks)
      await writeFile(join(scratch.root, "components", `${chunk.name}.js`), chunk.js);
    await writeFile(path, built.js);
    return ((await import(pathToFileURL(path).href)) as { validate: Validator }).validate;
  } finally {
    await scratch.remove();
  }
}
