// tsc compiles the TypeScript sources. The generated standalone validators are plain ESM
// JavaScript with their own .d.ts, and the sandbox reads the bundled specs at run time, so
// those files are copied beside the compiled code unchanged.
import { copyFileSync, readdirSync } from "node:fs";

const ASSETS = ["validators.js", "validators.d.ts", "spec.json"];

const surfaces = readdirSync("generated", { withFileTypes: true }).filter((entry) => entry.isDirectory());
for (const surface of surfaces) {
  for (const file of ASSETS) {
    copyFileSync(`generated/${surface.name}/${file}`, `dist/generated/${surface.name}/${file}`);
  }
}
console.log(`copied ${ASSETS.join(", ")} of ${surfaces.length} surfaces into dist/generated/`);
