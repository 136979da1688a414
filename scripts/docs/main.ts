/**
 * `npm run docs`: builds the docs portal into `site/` from the specs.
 */
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite } from "./build-site.js";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const outDir = resolve(root, process.argv[2] ?? "site");
const started = performance.now();
const cpuBefore = process.cpuUsage();
try {
  const { files } = buildSite({ root, outDir });
  const took = (performance.now() - started).toFixed(0);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = ((cpu.user + cpu.system) / 1000).toFixed(0);
  console.log(
    `docs: wrote ${files.length} files to ${relative(process.cwd(), outDir) || "."} in ${took} ms (${cpuMs} ms CPU)`,
  );
} catch (error) {
  console.error(`docs: ${(error as Error).message}`);
  process.exitCode = 1;
}
