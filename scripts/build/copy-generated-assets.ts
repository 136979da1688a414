// tsc compiles the TypeScript sources. The generated standalone validators are plain ESM
// JavaScript with their own .d.ts (one module per operation, under validators/), and the sandbox
// reads the bundled specs at run time, so those files are copied beside the compiled code unchanged.
import { cpSync, readdirSync } from "node:fs";

const ASSETS = ["validators", "spec.json"];

const surfaces = readdirSync("generated", { withFileTypes: true }).filter((entry) => entry.isDirectory());
for (const surface of surfaces) {
  for (const asset of ASSETS) {
    cpSync(`generated/${surface.name}/${asset}`, `dist/generated/${surface.name}/${asset}`, {
      recursive: true,
    });
  }
}
console.log(`copied ${ASSETS.join(", ")} of ${surfaces.length} surfaces into dist/generated/`);
