/**
 * `npm run bench` (`tsx bench/main.ts`): chainkit next to the peers users would pick, in one run on
 * one machine. Prints one table per row with ratios to the baseline measured in the same run and
 * the goal beside each figure (reported, never asserted).
 *
 * Options:
 * - `--quick`: every row once with small counts (CI).
 * - `--json`: also write the figures to bench/results.json and, as Markdown, to bench/results.md
 *   (the figures bench/README.md points to), and the goals table into docs/performance.md.
 * - `--markdown <file>`: also write the Markdown to `<file>` (relative to the directory npm was run from).
 * - `--only <id,...>`: run only these rows (call-overhead, validation, batching, signing, proofs,
 *   receipts, viem-transport, generation, size, import-time, wallet, wallet-watch, logs-receipts, indexer-page,
 *   websocket, exchange-feed, evm-write, spec-diff, mock, drift-proxy, apps).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { BenchContext } from "./lib/context.js";
import { resultsMarkdown } from "./lib/markdown.js";
import { withGoalsSummary } from "./lib/performance-page.js";
import { machineFacts, printGoals, printRow, type Results, type RowResult } from "./lib/report.js";
import { killServers, startServer } from "./lib/server-process.js";
import { apps } from "./rows/apps.js";
import { batching } from "./rows/batching.js";
import { callOverhead } from "./rows/call-overhead.js";
import { driftProxy } from "./rows/drift-proxy.js";
import { evmWrite } from "./rows/evm-write.js";
import { exchangeFeed } from "./rows/exchange-feed.js";
import { generation } from "./rows/generation.js";
import { importTime } from "./rows/import-time.js";
import { indexerPage } from "./rows/indexer-page.js";
import { logsReceipts } from "./rows/logs-receipts.js";
import { mock } from "./rows/mock.js";
import { proofs } from "./rows/proofs.js";
import { receipts } from "./rows/receipts.js";
import { signing } from "./rows/signing.js";
import { size } from "./rows/size.js";
import { specDiff } from "./rows/spec-diff.js";
import { validation } from "./rows/validation.js";
import { viemTransport } from "./rows/viem-transport.js";
import { wallet } from "./rows/wallet.js";
import { walletWatch } from "./rows/wallet-watch.js";
import { websocket } from "./rows/websocket.js";

const ROWS: Record<string, (context: BenchContext) => Promise<RowResult>> = {
  "call-overhead": callOverhead,
  validation,
  "import-time": importTime,
  batching,
  signing,
  proofs,
  receipts,
  "viem-transport": viemTransport,
  generation,
  size,
  wallet,
  "wallet-watch": walletWatch,
  "logs-receipts": logsReceipts,
  "indexer-page": indexerPage,
  websocket,
  "evm-write": evmWrite,
  "exchange-feed": exchangeFeed,
  "spec-diff": specDiff,
  mock,
  "drift-proxy": driftProxy,
  apps,
};

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    markdown: { type: "string" },
    only: { type: "string" },
  },
  strict: true,
});
const quick = values.quick ?? false;
const selected = values.only ? values.only.split(",").map((id) => id.trim()) : Object.keys(ROWS);
for (const id of selected) {
  if (!(id in ROWS)) {
    console.error(`unknown row "${id}"; rows: ${Object.keys(ROWS).join(", ")}`);
    process.exit(2);
  }
}

const tmp = mkdtempSync(join(tmpdir(), "chainkit-bench-"));
const cleanUp = () => {
  killServers();
  rmSync(tmp, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const machine = machineFacts();
// The command line as typed (npm passes everything after `--` through), so the figures say how to get them again.
const args = process.argv.slice(2);
const command = args.length === 0 ? "npm run bench" : `npm run bench -- ${args.join(" ")}`;
console.log(`chainkit bench: ${command}`);
console.log(
  `machine: ${machine.nproc} CPUs (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}, load ${machine.loadAverage}`,
);

const started = performance.now();
const rows: RowResult[] = [];
let failed = false;
const server = await startServer();
try {
  const context: BenchContext = { quick, server, tmp };
  for (const id of selected) {
    const run = ROWS[id] as (context: BenchContext) => Promise<RowResult>;
    try {
      const row = await run(context);
      printRow(row);
      rows.push(row);
    } catch (error) {
      failed = true;
      console.error(`\nrow ${id} failed:`, error);
    }
  }
} finally {
  await server.stop();
  cleanUp();
}

printGoals(rows);
const seconds = Math.round((performance.now() - started) / 100) / 10;
console.log(`\nbench finished in ${seconds.toFixed(1)} s`);
const results: Results = { command, date: new Date().toISOString(), quick, machine, rows, seconds };
if (values.json) {
  writeFileSync(new URL("./results.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(new URL("./results.md", import.meta.url), resultsMarkdown(results));
  const page = new URL("../docs/performance.md", import.meta.url);
  writeFileSync(page, withGoalsSummary(readFileSync(page, "utf8"), results));
  console.log("wrote bench/results.json, bench/results.md and the goals of docs/performance.md");
}
if (values.markdown) {
  // npm runs scripts from the package root; INIT_CWD is where the command was typed.
  writeFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), values.markdown), resultsMarkdown(results));
  console.log(`wrote ${values.markdown}`);
}
if (failed) process.exitCode = 1;
