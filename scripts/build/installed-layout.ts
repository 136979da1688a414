/**
 * The package as `npm install chainkit` lays it out for a Node app without a bundler:
 * `<dir>/app/node_modules/chainkit/` holds package.json and the code `npm run build` publishes
 * (`compilePackage`), and the repository's node_modules is linked at `<dir>/node_modules`, so that
 * `import "chainkit/evm"` from `<dir>/app/` goes through the package's exports map and its bare
 * imports (`ajv`, `@noble/curves`, `viem`) resolve as they do in an app.
 */
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { compilePackage } from "./compile-package.js";

const repo = resolve(import.meta.dirname, "../..");

/**
 * Compiles and lays out the package under `dir`.
 *
 * @param dir - A scratch directory (created if missing).
 * @returns The app directory: a module written there imports `chainkit/<entry>` as an app does.
 */
export async function installedLayout(dir: string): Promise<string> {
  const app = join(dir, "app");
  const packageDir = join(app, "node_modules", "chainkit");
  mkdirSync(packageDir, { recursive: true });
  copyFileSync(join(repo, "package.json"), join(packageDir, "package.json"));
  await compilePackage(packageDir);
  const modules = join(dir, "node_modules");
  if (!existsSync(modules)) symlinkSync(join(repo, "node_modules"), modules, "dir");
  return app;
}
