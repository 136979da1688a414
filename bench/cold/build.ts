// Bundles first calls of row 2b as the row does, with its answers, to compare trees or variants
// outside the bench (see rounds.mjs):
//   npx tsx bench/cold/build.ts <outdir> <kind>…     e.g. /tmp/after evm viem
// Prints one `<kind>=<kind>:<file>` argument per first call, ready for rounds.mjs.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { bundleCold, COLD, writeColdAnswers } from "../rows/import-time.js";

const [outdir, ...kinds] = process.argv.slice(2);
if (outdir === undefined || kinds.length === 0) {
  throw new Error(
    "usage: npx tsx bench/cold/build.ts <outdir> <kind>… (kinds: see COLD in bench/rows/import-time.ts)",
  );
}
const dir = resolve(outdir);
mkdirSync(dir, { recursive: true });
await writeColdAnswers(join(dir, "answers.json"));
for (const kind of kinds) {
  const cold = COLD.find((candidate) => candidate.kind === kind && candidate.kind !== "ajv");
  if (cold === undefined) throw new Error(`${kind} is not a bundled first call of row 2b`);
  process.stdout.write(`${kind}=${kind}:${await bundleCold(cold, dir)}\n`);
}
