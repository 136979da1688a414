/**
 * Builds a team portal (`chainkit docs <spec> --out <dir>`) for every spec of the public corpus, one
 * at a time, and prints a Markdown row per spec: its reference pages, files and build time (reading
 * through the generator included), or why it was refused. `CORPUS_LARGE=1` adds the DigitalOcean spec.
 *
 * Run: npx tsx scripts/docs/measure-team-portals.ts
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildTeamSite } from "./team-site.js";

const corpus = resolve(fileURLToPath(new URL("../../test/fixtures/spec-corpus", import.meta.url)));
/** Every spec of the corpus: its files, and the multi-file one by its root. */
const SPECS = [
  ...readdirSync(corpus).filter(
    (name) =>
      /\.(ya?ml|json)$/.test(name) && name !== "digitalocean.openapi.json" && name !== "slow-patterns.json",
  ),
  "petstore-multi-file/openapi.yaml",
  ...(process.env.CORPUS_LARGE === "1" ? ["digitalocean.openapi.json"] : []),
].sort();
/** Each spec's patterns that can backtrack super-linearly, allowed as a user of the spec would. */
const SLOW_PATTERNS = JSON.parse(readFileSync(join(corpus, "slow-patterns.json"), "utf8")) as Record<
  string,
  string[]
>;

console.log("| spec | reference pages | files | portal built in |");
console.log("|---|---|---|---|");
for (const spec of SPECS) {
  const out = mkdtempSync(join(tmpdir(), "chainkit-portal-time-"));
  try {
    const result = await buildTeamSite([join(corpus, spec)], out, undefined, undefined, {
      allowSlowPatterns: SLOW_PATTERNS[spec] ?? [],
    });
    const [timing] = result.specs;
    console.log(`| \`${spec}\` | ${timing?.pages} | ${result.files.length} | ${timing?.milliseconds} ms |`);
  } catch (error) {
    // A spec the generator refuses gets no portal: the row says why, in one line.
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    console.log(`| \`${spec}\` | refused: ${reason?.replaceAll("|", "\\|")} | – | – |`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
