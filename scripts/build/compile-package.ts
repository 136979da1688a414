// The package's code as `npm run build` publishes it, into any directory: tsc's output with the
// generated assets beside it (the `import` conditions), then the Node entries bundled from it (the
// `node` conditions). The bench and the tests build it into a scratch directory this way.
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { copyGeneratedAssets } from "./copy-generated-assets.js";
import { buildNodeBundle } from "./node-bundle.js";

const repo = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/**
 * Compiles the package into `<packageDir>/dist/`: `src/` and `generated/` from tsc (no declarations,
 * no source maps: nothing here reads them), the validators and specs copied, and `node/`.
 *
 * @param packageDir - A scratch directory; what package.json's exports name is written under it.
 * @throws {Error} when tsc or the bundle fails.
 */
export async function compilePackage(packageDir: string): Promise<void> {
  const distDir = join(packageDir, "dist");
  await run(
    process.execPath,
    [
      join(repo, "node_modules/typescript/bin/tsc"),
      "-p",
      "tsconfig.build.json",
      "--outDir",
      distDir,
      "--declaration",
      "false",
      "--sourceMap",
      "false",
      "--inlineSources",
      "false",
    ],
    { cwd: repo },
  );
  copyGeneratedAssets(distDir);
  await buildNodeBundle(packageDir);
}
