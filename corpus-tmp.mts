import { readdirSync, statSync } from "node:fs";
import { generateClient } from "/work/wt-gen/scripts/generate/generate-client.ts";
const dir = "/work/wt-gen/test/fixtures/spec-corpus/";
const only = process.argv[2];
for (const entry of readdirSync(dir)) {
  if (entry.endsWith(".md")) continue;
  if (only && !entry.includes(only)) continue;
  const spec = statSync(dir + entry).isDirectory() ? `${dir}${entry}/openapi.yaml` : dir + entry;
  const t = performance.now();
  try {
    const r = await generateClient({ spec, out: `/tmp/gen-out/c/${entry}`, runtime: "chainkit/runtime" });
    console.log("OK  ", entry, Math.round(performance.now() - t), "ms", r.files.length);
  } catch (e) {
    console.log("FAIL", entry, Math.round(performance.now() - t), "ms", e instanceof Error ? (e.name === "SpecError" ? e.message : e.stack?.split("\n").slice(0,4).join(" | ")) : e);
  }
}
