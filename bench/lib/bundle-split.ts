import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { origin, requireBanner } from "./bundle.js";
import { ROOT } from "./fixtures.js";

/** How to bundle one entry with code splitting. */
export interface SplitOptions {
  /** ESM source of the entry, resolved from the repository root. */
  contents: string;
  platform: "browser" | "node";
  minify: boolean;
  /** Where to write the entry and its chunks (a fresh folder). */
  outdir: string;
  /** Modules (repository-relative paths) whose chunks a first call loads, e.g. an operation's validators. */
  firstCall: readonly string[];
  /** Other modules loaded on first use (a transfer, a verification), each measured like `firstCall`. */
  lazy?: Readonly<Record<string, readonly string[]>>;
}

/** What a user of a code-split entry downloads: up front, and for the first call. */
export interface SplitBundle {
  /** The entry chunk and the chunks it imports statically. */
  upFront: ChunkSet;
  /** The chunks the first call imports (dynamically, with their static imports) beyond those. */
  firstCall: ChunkSet;
  /** Per `lazy` entry: the chunks its modules import beyond the up-front ones. */
  lazy: Record<string, ChunkSet>;
  /** Every chunk written, its file name relative to `outdir`. */
  chunks: string[];
  /** The entry chunk's file name relative to `outdir` (to import it). */
  entry: string;
}

/** Some chunks: their bytes and gzip -9 bytes, each file compressed on its own (one request each). */
export interface ChunkSet {
  files: string[];
  bytes: number;
  gzip: number;
  /** Source inputs bundled into these chunks, repository-relative. */
  inputs: string[];
  /** Minified bytes per package or source folder (see `origin`), largest first. */
  origins: [string, number][];
}

/**
 * Bundles an entry with esbuild code splitting (ESM): `import()`s become chunks of their own, as
 * a bundler serving the browser (or Node loading the files) does. Reports the up-front download
 * (the entry chunk and its static imports) and what the first call adds (the chunks of the
 * modules it imports, with their static imports).
 *
 * @throws {Error} When a first-call module is not a chunk of its own (it was bundled up front).
 */
export async function bundleSplit(options: SplitOptions): Promise<SplitBundle> {
  mkdirSync(options.outdir, { recursive: true });
  // The chunks are `.js` ES modules, as in an app whose package.json says `"type": "module"`;
  // without it Node 20.19+ first tries each chunk as CommonJS (and older Nodes refuse them), which
  // the peers' bundles, written as `.mjs`, are spared.
  writeFileSync(join(options.outdir, "package.json"), '{ "type": "module" }\n');
  const entryFile = join(options.outdir, "entry.ts");
  writeFileSync(entryFile, options.contents.replaceAll('"./', `"${ROOT}`));
  const result = await build({
    entryPoints: [entryFile],
    absWorkingDir: ROOT,
    // The entry file sits in the scratch folder: packages still resolve from the repository.
    nodePaths: [join(ROOT, "node_modules")],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: options.platform,
    minify: options.minify,
    target: "es2022",
    outdir: options.outdir,
    metafile: true,
    logLevel: "silent",
    banner: requireBanner(options.platform),
    legalComments: "none",
  });
  const outputs = result.metafile.outputs;
  const staticClosure = (start: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const pending = [...start];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const imported of outputs[file]?.imports ?? []) {
        if (imported.kind === "import-statement" && !imported.external) pending.push(imported.path);
      }
    }
    return seen;
  };
  const entryChunk = Object.keys(outputs).find(
    (file) => outputs[file]?.entryPoint !== undefined && /entry\.ts$/.test(outputs[file]?.entryPoint ?? ""),
  );
  if (entryChunk === undefined) throw new Error("esbuild wrote no entry chunk");
  const upFront = staticClosure([entryChunk]);
  const loadedBy = (modules: readonly string[]) => {
    const chunks = modules.map((module) => {
      const chunk = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === module);
      if (chunk === undefined) throw new Error(`${module} is not a chunk of its own`);
      return chunk;
    });
    return [...staticClosure(chunks)].filter((file) => !upFront.has(file));
  };
  const measure = (files: Iterable<string>): ChunkSet => {
    const list = [...files].sort();
    let bytes = 0;
    let gzip = 0;
    const grouped = new Map<string, number>();
    for (const file of list) {
      const code = readFileSync(join(ROOT, file));
      bytes += code.length;
      gzip += gzipSync(code, { level: 9 }).length;
      for (const [path, input] of Object.entries(outputs[file]?.inputs ?? {})) {
        grouped.set(origin(path), (grouped.get(origin(path)) ?? 0) + input.bytesInOutput);
      }
    }
    const inputs = list.flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
    return { files: list, bytes, gzip, inputs, origins: [...grouped].sort((a, b) => b[1] - a[1]) };
  };
  const relativeToOut = (file: string) => relative(options.outdir, join(ROOT, file));
  return {
    upFront: measure(upFront),
    firstCall: measure(loadedBy(options.firstCall)),
    lazy: Object.fromEntries(
      Object.entries(options.lazy ?? {}).map(([name, modules]) => [name, measure(loadedBy(modules))]),
    ),
    chunks: Object.keys(outputs)
      .filter((file) => file.endsWith(".js"))
      .map(relativeToOut),
    entry: relativeToOut(entryChunk),
  };
}
