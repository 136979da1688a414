// tsc compiles the TypeScript sources; the generated standalone validators are plain ESM
// JavaScript with their own .d.ts, so they are copied beside the compiled code unchanged.
import { copyFileSync, readdirSync } from "node:fs";

const surfaces = readdirSync("generated", { withFileTypes: true }).filter((entry) => entry.isDirectory());
for (const surface of surfaces) {
  for (const file of ["validators.js", "validators.d.ts"]) {
    copyFileSync(`generated/${surface.name}/${file}`, `dist/generated/${surface.name}/${file}`);
  }
}
console.log(`copied the validators of ${surfaces.length} surfaces into dist/generated/`);
