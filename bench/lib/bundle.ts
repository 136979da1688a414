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

/**
 * Bundles an entry with esbuild (ESM, tree-shaken).
 *
 * @returns The code, its byte length and its gzip -9 length.
 */
export async function bundle(options: BundleOptions): Promise<{ code: string; bytes: number; gzip: number }> {
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
    logLevel: "silent",
    // CommonJS dependencies (ajv, grpc-js) require Node built-ins; give the ESM bundle a `require`.
    banner:
      options.platform === "node"
        ? {
            js: 'import { createRequire as __benchRequire } from "node:module"; const require = __benchRequire(import.meta.url);',
          }
        : undefined,
    legalComments: "none",
  });
  const code =
    options.outfile !== undefined
      ? readFileSync(options.outfile, "utf8")
      : (result.outputFiles?.[0]?.text ?? "");
  const buffer = Buffer.from(code);
  return { code, bytes: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length };
}

/**
 * An esbuild plugin replacing a surface's generated validators by functions that accept
 * everything: the code size of a client without its validators (the validators are data the
 * generator emits per spec, not runtime code).
 *
 * @param surface - e.g. `"evm"`.
 */
export function withoutValidators(surface: string): Plugin {
  const declarations = readFileSync(`${ROOT}generated/${surface}/validators.d.ts`, "utf8");
  const names = [...declarations.matchAll(/export declare const (\w+)/g)].map((match) => match[1]);
  const stub = names.map((name) => `export const ${name} = () => true;`).join("\n");
  const target = new RegExp(`generated[\\\\/]${surface}[\\\\/]validators\\.js$`);
  return {
    name: "without-validators",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /validators\.js$/ }, (args) =>
        target.test(`${args.resolveDir}/${args.path}`.replace(/\\/g, "/").replace(/\/\.\//g, "/"))
          ? { path: "validators-stub", namespace: "stub" }
          : undefined,
      );
      pluginBuild.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: stub, loader: "js" }));
    },
  };
}
