/**
 * Builds a team portal (`chainkit docs <spec> --out <dir>`) for each spec of the public corpus, one
 * at a time, and prints a Markdown row per spec: its reference pages, files and build time (reading
 * through the generator included). `CORPUS_LARGE=1` adds the DigitalOcean spec.
 *
 * Run: npx tsx scripts/docs/measure-team-portals.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildTeamSite } from "./team-site.js";

const corpus = resolve(fileURLToPath(new URL("../../test/fixtures/spec-corpus", import.meta.url)));
const SPECS = [
  "readme-petstore.2.0.yaml",
  "readme-petstore-expanded.2.0.yaml",
  "toncenter-v3.ref-fixed.swagger.json",
  "readme-petstore.3.0.yaml",
  "petstore-multi-file/openapi.yaml",
  "readme-petstore.3.1.yaml",
  "platform-openapi.yml",
  "blockfrost.openapi.yaml",
  "petstore-openrpc.json",
  "metamask.openrpc.json",
  ...(process.env.CORPUS_LARGE === "1" ? ["digitalocean.openapi.json"] : []),
];

console.log("| spec | reference pages | files | portal built in |");
console.log("|---|---|---|---|");
for (const spec of SPECS) {
  const out = mkdtempSync(join(tmpdir(), "chainkit-portal-time-"));
  try {
    const result = await buildTeamSite([join(corpus, spec)], out);
    const [timing] = result.specs;
    console.log(`| \`${spec}\` | ${timing?.pages} | ${result.files.length} | ${timing?.milliseconds} ms |`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
