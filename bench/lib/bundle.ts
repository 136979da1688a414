import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "esbuild";
import { ROOT } from "./fixtures.js";

/** How to bundle one entry. */
export interface BundleOptions {
  /** ESM source of the entry, resolved from the repository root. */
  contents: string;
  platform: "browser" | "neutral" | "node";
  minify: boolean;
  external?: string[];
  plugins?: Plugin[];
  /** Write here instead of returning the code only. */
  outfile?: string;
}

/** A bundle's size, and which sources its minified bytes come from. */
export interface Bundled {
  code: string;
  bytes: number;
  gzip: number;
  /** Minified bytes per package (`@noble/curves`) or source folder (`src/evm/verify`), largest first. */
  origins: [string, number][];
}

/**
 * CommonJS dependencies (ajv, grpc-js) require Node built-ins: an ESM bundle for Node gets a `require`.
 *
 * @param platform - The bundle's platform.
 * @returns esbuild's `banner` option.
 */
export function requireBanner(platform: string): { js: string } | undefined {
  return platform === "node"
    ? {
        js: 'import { createRequire as __benchRequire } from "node:module"; const require = __benchRequire(import.meta.url);',
      }
    : undefined;
}

/**
 * Groups an input path by package or by source folder two levels deep.
 *
 * @param path - An input path from esbuild's metafile.
 * @returns `@noble/curves`, `src/exchange/signing`, `generated/wallet`, …
 */
export function origin(path: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (pkg) return pkg[1] as string;
  const local = /^(src\/[^/]+\/[^/]+|generated\/[^/]+)/.exec(path);
  return local ? (local[1] as string).replace(/\.ts$/, "") : path;
}

/**
 * Bundles an entry with esbuild (ESM, tree-shaken).
 *
 * @returns The code, its byte length and its gzip -9 length.
 */
export async function bundle(options: BundleOptions): Promise<Bundled> {
  const result = await build({
    stdin: { contents: options.contents, resolveDir: ROOT, loader: "ts", sourcefile: "entry.ts" },
    bundle: true,
    format: "esm",
    platform: options.platform,
    // neutral resolves no main fields by default; packages here publish `module`/`main`.
    mainFields: options.platform === "neutral" ? ["module", "main"] : undefined,
    minify: options.minify,
    external: options.external,
    plugins: options.plugins,
    target: "es2022",
    write: options.outfile !== undefined,
    outfile: options.outfile ?? "out.mjs",
    metafile: true,
    logLevel: "silent",
    banner: requireBanner(options.platform),
    legalComments: "none",
  });
  const code =
    options.outfile !== undefined
      ? readFileSync(options.outfile, "utf8")
      : (result.outputFiles?.[0]?.text ?? "");
  const buffer = Buffer.from(code);
  const grouped = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      grouped.set(origin(path), (grouped.get(origin(path)) ?? 0) + input.bytesInOutput);
    }
  }
  const origins = [...grouped].sort((a, b) => b[1] - a[1]);
  return { code, bytes: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length, origins };
}
