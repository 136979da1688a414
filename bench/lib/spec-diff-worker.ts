/**
 * Child process of the spec-diff row: loads two versions of a spec, diffs them `rounds` times and
 * prints one JSON line with the times and the memory, so nothing else the bench loaded counts.
 *
 * Usage: tsx bench/lib/spec-diff-worker.ts <old> <new> <rounds>
 */
import { diffSpecDocuments } from "../../src/toolkit/diff/index.js";
import { loadSpecSource } from "../../src/toolkit/diff/load-source.js";

const [oldSource = "", newSource = "", roundsText = "3"] = process.argv.slice(2);
const rssBefore = process.memoryUsage().rss;
const loadStarted = performance.now();
const [before, after] = await Promise.all([loadSpecSource(oldSource), loadSpecSource(newSource)]);
const loadMs = performance.now() - loadStarted;
const diffMs: number[] = [];
let changes = 0;
for (let round = 0; round < Number(roundsText); round++) {
  const started = performance.now();
  changes = diffSpecDocuments(before.kind, before.doc, after.doc).changes.length;
  diffMs.push(performance.now() - started);
}
const memory = process.memoryUsage();
console.log(
  JSON.stringify({
    loadMs,
    diffMs,
    changes,
    heapUsedMiB: memory.heapUsed / 2 ** 20,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    rssBeforeMiB: rssBefore / 2 ** 20,
  }),
);
