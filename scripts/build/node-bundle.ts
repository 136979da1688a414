// The entries Node loads, bundled by rollup from tsc's output (dist/src/) into dist/node/, for every
// export whose `node` condition points there.
//
// Why: without a bundler, Node loads one file per module, each for about 0.5-0.7 ms on the bench
// machine, and an entry's exports import 70 to 140 of tsc's files. rollup puts the entries in one
// build, so each class exists once whichever entry it is imported from (`instanceof ChainkitError`
// holds across chainkit/evm and chainkit/runtime), and merges chunks under 20 KB into the chunks
// they are loaded with wherever that runs no code earlier (`experimentalMinChunkSize`). Row 2b of
// the bench times both trees: import plus first call about 63 -> 28 ms for chainkit/platform and
// 131 -> 77 ms for chainkit/evm. 20 KB was best or tied against 0, 5 and 60 KB;
// `treeshake.moduleSideEffects: false` merged noble into the entries and was 4x slower.
// Lazy parts stay lazy: an operation's validators, signing and subscriptions are still chunks their
// first use imports. Dependencies stay in node_modules.
//
// Bundlers keep the `import` condition, tsc's files, which they split and tree-shake themselves.
// The sandbox stays on tsc's files too: it reads its specs beside them (import.meta.url).
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Plugin, rollup } from "rollup";

const repo = resolve(import.meta.dirname, "../..");
const NODE_DIR = "./dist/node/";
/** Chunks smaller than this merge into the chunks loaded with them, where that changes no evaluation order. */
const MIN_CHUNK_SIZE = 20_000;

type Conditions = { node?: string; import?: string; types?: string };

/**
 * Hands rollup tsc's source map with each file, so that the bundle's maps lead to the TypeScript
 * sources (tsc inlines them), as dist/src's maps do. Without maps (a scratch build) it reads nothing.
 */
const tscSourceMaps: Plugin = {
  name: "tsc-source-maps",
  load(id) {
    const map = `${id}.map`;
    if (!id.endsWith(".js") || !existsSync(map)) return null;
    return { code: readFileSync(id, "utf8"), map: readFileSync(map, "utf8") };
  },
};

/**
 * The entries built for Node, from package.json's exports: for each export whose `node` condition
 * is `./dist/node/<name>.js`, its name and the tsc output it is built from (`import`).
 *
 * @returns Entry name (`evm`) to its `import` condition (`./dist/src/evm.js`).
 * @throws {Error} when a `node` condition is not a file directly in dist/node/, or has no `import`.
 */
export function nodeEntries(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
    exports: Record<string, Conditions | string>;
  };
  const entries: Record<string, string> = {};
  for (const [path, conditions] of Object.entries(manifest.exports)) {
    if (typeof conditions === "string" || conditions.node === undefined) continue;
    const name = conditions.node.slice(NODE_DIR.length, -".js".length);
    if (!conditions.node.startsWith(NODE_DIR) || name.includes("/") || conditions.import === undefined)
      throw new Error(
        `package.json exports ${path}: node must be ${NODE_DIR}<name>.js, beside an import condition`,
      );
    entries[name] = conditions.import;
  }
  return entries;
}

/**
 * Bundles the Node entries from a compiled package directory.
 *
 * @param packageDir - Holds `dist/src/` (tsc's output, the generated validators copied beside it);
 *   the entries are written to its `dist/node/`.
 * @returns The JavaScript files written, relative to `dist/node/`.
 */
export async function buildNodeBundle(packageDir: string): Promise<string[]> {
  const input = Object.fromEntries(
    Object.entries(nodeEntries()).map(([name, file]) => [name, join(packageDir, file)]),
  );
  const bundle = await rollup({
    input,
    // Bare specifiers are dependencies (and chainkit's own entries): Node resolves them at run time.
    external: (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("\0"),
    logLevel: "warn",
    plugins: [tscSourceMaps],
  });
  try {
    const { output } = await bundle.write({
      dir: join(packageDir, "dist/node"),
      format: "es",
      entryFileNames: "[name].js",
      chunkFileNames: "chunks/[name]-[hash].js",
      experimentalMinChunkSize: MIN_CHUNK_SIZE,
      // The streaming REST caller is chainkit/runtime's and the indexer's: merged as a small chunk,
      // it landed in chainkit/indexer, which then exported it under an internal name for the
      // runtime entry to import (and loading chainkit/runtime loaded the indexer). Its own chunk.
      manualChunks: (id) => (id.includes("/runtime/rest/stream-items/") ? "stream-items" : undefined),
      sourcemap: true,
    });
    return output.filter((file) => file.type === "chunk").map((file) => file.fileName);
  } finally {
    await bundle.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await buildNodeBundle(repo);
  console.log(`node bundle: ${files.length} files in dist/node/ (${Object.keys(nodeEntries()).join(", ")})`);
}
