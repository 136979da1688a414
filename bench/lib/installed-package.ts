/**
 * The package as `npm install chainkit` lays it out for Node, without a bundler: the TypeScript
 * compiled by `tsconfig.build.json` (what `npm run build` publishes under dist/), the generated
 * validators and specs copied beside it, and the repository's node_modules linked next to it so
 * that bare imports (`ajv`, `@noble/curves`, `viem`) resolve as they do in an app.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./fixtures.js";

const run = promisify(execFile);

/**
 * Compiles the package into `dir` and links node_modules there.
 *
 * @param dir - A scratch directory (created if missing).
 * @returns The compiled package's root: `<root>/src/evm.js` is what `import "chainkit/evm"` loads.
 */
export async function installedPackage(dir: string): Promise<string> {
  const root = join(dir, "dist");
  mkdirSync(dir, { recursive: true });
  await run(
    process.execPath,
    [
      join(ROOT, "node_modules/typescript/bin/tsc"),
      "-p",
      "tsconfig.build.json",
      "--outDir",
      root,
      "--sourceMap",
      "false",
      "--inlineSources",
      "false",
      "--declaration",
      "false",
    ],
    {
      cwd: ROOT,
    },
  );
  // As scripts/build/copy-generated-assets.ts does for dist/: tsc leaves the plain-JS validators and the specs out.
  for (const surface of readdirSync(join(ROOT, "generated"), { withFileTypes: true })) {
    if (!surface.isDirectory()) continue;
    for (const asset of ["validators", "spec.json"]) {
      cpSync(join(ROOT, "generated", surface.name, asset), join(root, "generated", surface.name, asset), {
        recursive: true,
      });
    }
  }
  const modules = join(dir, "node_modules");
  if (!existsSync(modules)) symlinkSync(join(ROOT, "node_modules"), modules, "dir");
  return root;
}
