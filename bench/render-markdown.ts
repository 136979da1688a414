/**
 * Renders a results file written by `npm run bench -- --json` as Markdown, without measuring again:
 *
 *   npx tsx bench/render-markdown.ts [results.json] [results.md]
 *
 * Defaults: bench/results.json to bench/results.md. `--json` already writes both; this is for a
 * results file whose Markdown is missing or was rendered by an older version of the bench. The goals
 * summary of docs/performance.md is written again from the same file.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { resultsMarkdown } from "./lib/markdown.js";
import { withGoalsSummary } from "./lib/performance-page.js";
import type { Results } from "./lib/report.js";

const [input, output] = process.argv.slice(2);
const from = input ? resolve(input) : new URL("./results.json", import.meta.url);
const to = output ? resolve(output) : new URL("./results.md", import.meta.url);
const results = JSON.parse(readFileSync(from, "utf8")) as Results;
writeFileSync(to, resultsMarkdown(results));
console.log(`wrote ${to instanceof URL ? to.pathname : to}`);
const page = new URL("../docs/performance.md", import.meta.url);
writeFileSync(page, withGoalsSummary(readFileSync(page, "utf8"), results));
console.log(`wrote the goals of ${page.pathname}`);
