// `chainkit docs` builds a team's portal from the installed package: its stylesheet and scripts are
// read from scripts/docs/assets/ beside the compiled builder, and the try-it checks are bundled from
// the compiled try-it-check.js (tsconfig.build.json names it, as nothing imports it). tsc copies no
// assets, so they are copied here.
import { cpSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(import.meta.dirname, "../..");

/**
 * Copies the portal's assets into `<distDir>/scripts/docs/assets/`.
 *
 * @param distDir - tsc's output directory (dist/ when published).
 */
export function copyPortalAssets(distDir: string): void {
  cpSync(join(repo, "scripts/docs/assets"), join(distDir, "scripts/docs/assets"), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  copyPortalAssets(join(repo, "dist"));
  console.log("copied the portal's assets into dist/scripts/docs/assets/");
}
