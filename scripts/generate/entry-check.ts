/**
 * The hand-written pieces a declared surface needs besides its spec, and what to write when one is
 * missing: the generator makes `generated/<name>/`, but the entry users import, its export in
 * package.json and its guide are chainkit's own files.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { isObject } from "./json.js";
import { type Surface, surfaceEntry } from "./surfaces.js";

/**
 * Lists what a surface lacks under `root`, each naming the file and what to write there:
 * - `src/<name>.ts`, the entry, importing from `../generated/<name>/`;
 * - `"./<name>"` in package.json's `exports`, pointing at the built entry (Node's bundle and tsc's files);
 * - `examples/<name>.ts`, the guide the portal shows and `test/examples` runs.
 *
 * A root without a package.json is a bare folder of specs (`--root`, the bench), not a package:
 * nothing is checked there.
 *
 * @param root - The repository root.
 * @param surface - A declared surface.
 * @returns One sentence per missing piece; empty when the surface is complete.
 * @example await missingPieces(process.cwd(), SURFACES[0]) // []
 */
export async function missingPieces(root: string, surface: Surface): Promise<string[]> {
  if (!existsSync(join(root, "package.json"))) return [];
  const { name } = surface;
  const missing: string[] = [];
  const generatedIndex = `../generated/${name}/index.js`;
  const entryPath = `src/${name}.ts`;
  if (!existsSync(join(root, entryPath))) {
    missing.push(
      `${entryPath} is missing: write the ${surfaceEntry(surface)} entry, e.g. export * from "${generatedIndex}"; plus the surface's hand-written helpers`,
    );
  } else if (!(await readFile(join(root, entryPath), "utf8")).includes(`"../generated/${name}/`)) {
    missing.push(`${entryPath} does not export the generated client: add export * from "${generatedIndex}";`);
  }
  // node: the bundle Node loads (scripts/build/node-bundle.ts); import: tsc's files, for bundlers.
  const wanted = {
    types: `./dist/src/${name}.d.ts`,
    node: `./dist/node/${name}.js`,
    import: `./dist/src/${name}.js`,
  };
  const exported = await packageExport(root, `./${name}`);
  if (exported === undefined || JSON.stringify(exported) !== JSON.stringify(wanted)) {
    missing.push(
      `package.json ${exported === undefined ? "has no" : "has another"} export "./${name}": set "exports"["./${name}"] to ${JSON.stringify(wanted)}`,
    );
  }
  const example = `examples/${name}.ts`;
  if (!existsSync(join(root, example))) {
    missing.push(
      `${example} is missing: write the ${surface.title} guide, a runnable example of its client (the portal shows it; test/examples runs it against the sandbox)`,
    );
  }
  return missing;
}

/** `exports[key]` of the root's package.json, or `undefined` when there is none. */
async function packageExport(root: string, key: string): Promise<unknown> {
  const manifest: unknown = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
  if (!isObject(manifest) || !isObject(manifest.exports)) return undefined;
  return manifest.exports[key];
}
