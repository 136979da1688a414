// tsc compiles the TypeScript sources. The generated standalone validators are plain ESM
// JavaScript with their own .d.ts (one module per operation, under validators/), and the sandbox
// reads the bundled specs at run time, so those files are copied beside the compiled code unchanged.
import { cpSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(import.meta.dirname, "../..");
const ASSETS = ["validators", "spec.json"];

/**
 * Copies every surface's validators and bundled spec into `<distDir>/generated/<surface>/`.
 *
 * @param distDir - tsc's output directory (dist/ when published).
 * @returns How many surfaces were copied.
 */
export function copyGeneratedAssets(distDir: string): number {
  const surfaces = readdirSync(join(repo, "generated"), { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  );
  for (const surface of surfaces) {
    for (const asset of ASSETS) {
      cpSync(join(repo, "generated", surface.name, asset), join(distDir, "generated", surface.name, asset), {
        recursive: true,
      });
    }
  }
  return surfaces.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = copyGeneratedAssets(join(repo, "dist"));
  console.log(`copied ${ASSETS.join(", ")} of ${count} surfaces into dist/generated/`);
}
