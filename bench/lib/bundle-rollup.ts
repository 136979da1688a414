import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terserPlugin from "@rollup/plugin-terser";
import { transform } from "esbuild";
import { type OutputChunk, type Plugin, rollup } from "rollup";
import { ROOT } from "./fixtures.js";

/** What an app bundled with rollup downloads: up front, and everything when nothing is split. */
export interface RollupSize {
  /** The entry chunk and the chunks it imports statically (gzip -9 each, summed). */
  upFront: { bytes: number; gzip: number; files: number };
}

const ENTRY = "\0bench-entry";

// TypeScript reads the plugin's types as CommonJS (its package.json has no "type": "module"), so it
// sees the function under `.default`; the ESM build that Node loads exports the function itself.
const terser = terserPlugin as unknown as typeof terserPlugin.default;

/**
 * How rollup sees chainkit as installed: the sources are TypeScript importing `./x.js` for
 * `./x.ts`, so this resolves those and strips the types (esbuild's transform, no bundling), and it
 * marks chainkit's own modules side-effect free as its package.json says (`"sideEffects": false`).
 */
function chainkitSources(contents: string): Plugin {
  return {
    name: "chainkit-sources",
    resolveId(source, importer) {
      if (source === ENTRY) return ENTRY;
      if (importer === undefined || !(source.startsWith(".") || source.startsWith("/"))) return null;
      const base = importer === ENTRY ? ROOT : dirname(importer);
      const path = resolve(base, source);
      const ts = path.replace(/\.js$/, ".ts");
      const found = existsSync(ts) ? ts : existsSync(path) ? path : null;
      if (found === null || found.includes("/node_modules/")) return null;
      return { id: found, moduleSideEffects: false };
    },
    load(id) {
      return id === ENTRY ? contents.replaceAll('"./', `"${ROOT}`) : null;
    },
    async transform(code, id) {
      if (!id.endsWith(".ts")) return null;
      const result = await transform(code, { loader: "ts", target: "es2022", format: "esm" });
      return { code: result.code, map: null };
    },
  };
}

/**
 * Bundles an entry with rollup (ESM, @rollup/plugin-node-resolve for the browser, terser), as an
 * app built with rollup does: with `split`, `import()`s become chunks and the up-front figure is
 * the entry chunk with its static imports; without, every dynamic import is inlined.
 *
 * @param contents - ESM source of the entry, resolved from the repository root.
 * @param split - Whether dynamic imports become chunks of their own.
 * @param external - Packages the app has already (left out of the bundle).
 * @returns The up-front download.
 */
export async function bundleRollup(
  contents: string,
  split: boolean,
  external: readonly string[] = [],
): Promise<RollupSize> {
  const build = await rollup({
    input: ENTRY,
    external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
    plugins: [chainkitSources(contents), nodeResolve({ browser: true, preferBuiltins: false })],
    onwarn: () => {},
  });
  try {
    const { output } = await build.generate({
      format: "es",
      inlineDynamicImports: !split,
      plugins: [terser({ format: { comments: false } })],
    });
    const chunks = new Map(
      output
        .filter((item): item is OutputChunk => item.type === "chunk")
        .map((chunk) => [chunk.fileName, chunk]),
    );
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
    if (entry === undefined) throw new Error("rollup wrote no entry chunk");
    const seen = new Set<string>();
    const pending = [entry.fileName];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      pending.push(...(chunks.get(file)?.imports ?? []).filter((name) => chunks.has(name)));
    }
    let bytes = 0;
    let gzip = 0;
    for (const file of seen) {
      const code = Buffer.from(chunks.get(file)?.code ?? "");
      bytes += code.length;
      gzip += gzipSync(code, { level: 9 }).length;
    }
    return { upFront: { bytes, gzip, files: seen.size } };
  } finally {
    await build.close();
  }
}
