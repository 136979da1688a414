import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { ROOT } from "./fixtures.js";

/** What an app bundled with code splitting weighs, gzip -9 per chunk (each one download). */
export interface AppWeight {
  /** Every chunk the build wrote: what the app ships, whatever it calls. */
  whole: { gzip: number; chunks: number };
  /** The app's chunk and the chunks it imports statically: what loads before its first call. */
  upFront: { gzip: number; chunks: number };
}

/**
 * Bundles an app file as it is shipped to a browser (esbuild, ESM, minified, code splitting) and
 * weighs its chunks.
 *
 * @param file - The app, repository-relative (`bench/apps/evm/peer.ts`).
 * @param outdir - A fresh folder for the chunks.
 * @example
 * const { whole, upFront } = await bundleApp("bench/apps/evm/chainkit.ts", "/tmp/apps/evm-chainkit");
 */
export async function bundleApp(file: string, outdir: string): Promise<AppWeight> {
  const result = await build({
    entryPoints: [join(ROOT, file)],
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    minify: true,
    target: "es2022",
    outdir,
    metafile: true,
    logLevel: "silent",
    legalComments: "none",
  });
  const outputs = result.metafile.outputs;
  const gzipOf = (chunk: string) => gzipSync(readFileSync(join(ROOT, chunk)), { level: 9 }).length;
  const chunks = Object.keys(outputs).filter((chunk) => chunk.endsWith(".js"));
  const entry = chunks.find((chunk) => outputs[chunk]?.entryPoint === file);
  if (entry === undefined) throw new Error(`esbuild wrote no chunk for ${file}`);
  const upFront = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const chunk = pending.pop() as string;
    if (upFront.has(chunk)) continue;
    upFront.add(chunk);
    for (const imported of outputs[chunk]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external) pending.push(imported.path);
    }
  }
  const weigh = (list: Iterable<string>) => {
    let gzip = 0;
    let count = 0;
    for (const chunk of list) {
      gzip += gzipOf(chunk);
      count++;
    }
    return { gzip, chunks: count };
  };
  return { whole: weigh(chunks), upFront: weigh(upFront) };
}
