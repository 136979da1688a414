/**
 * Row 7, size: each chainkit entry bundled and minified with esbuild (ESM, platform browser; grpc
 * for node with @grpc/grpc-js external), gzip -9, next to viem and openapi-fetch bundled the same
 * way. Whole entries inline everything, validators included. Each surface entry is also bundled
 * with code splitting, as an app bundler serves it: what a user downloads up front (the entry
 * chunk and its static imports) and what one first call adds (the chunk of that operation's
 * validators and the helpers it imports), which does not grow with the number of operations.
 */

import { join } from "node:path";
import { bundle } from "../lib/bundle.js";
import { bundleSplit, type ChunkSet } from "../lib/bundle-split.js";
import type { BenchContext } from "../lib/context.js";
import type { Figure, RowResult } from "../lib/report.js";

interface Entry {
  label: string;
  contents: string;
  platform?: "browser" | "node";
  external?: string[];
  goalKB?: number;
}

const ENTRIES: Entry[] = [
  { label: "chainkit/platform (whole entry)", contents: 'export * from "./src/platform.ts";' },
  { label: "chainkit/evm (whole entry)", contents: 'export * from "./src/evm.ts";' },
  {
    label: "chainkit/evm, createEvmClient only",
    contents: 'export { createEvmClient } from "./src/evm.ts";',
  },
  { label: "chainkit/exchange (whole entry)", contents: 'export * from "./src/exchange.ts";', goalKB: 25 },
  {
    label: "chainkit/exchange, signL1Action + privateKeySigner",
    contents: 'export { signL1Action, privateKeySigner } from "./src/exchange.ts";',
  },
  { label: "chainkit/wallet (whole entry)", contents: 'export * from "./src/wallet.ts";' },
  { label: "chainkit/indexer (whole entry)", contents: 'export * from "./src/indexer.ts";' },
  {
    label: "chainkit/grpc (node, @grpc/grpc-js external)",
    contents: 'export * from "./src/grpc.ts";',
    platform: "node",
    external: ["@grpc/grpc-js"],
  },
  { label: "viem createPublicClient + http", contents: 'export { createPublicClient, http } from "viem";' },
  { label: "viem createClient + http", contents: 'export { createClient, http } from "viem";' },
  {
    label: "openapi-fetch createClient",
    contents: 'export { default as createClient } from "openapi-fetch";',
  },
];

/** A surface entry bundled with code splitting, and the operation its first call uses. */
interface SplitEntry {
  surface: string;
  operation: string;
  goalKB?: number;
}

/** The same first calls as the import-time row (2b). */
const SPLIT: SplitEntry[] = [
  { surface: "platform", operation: "getOrganization" },
  // Issue 9's goal for the EVM client without its validators, which is what it loads up front now.
  { surface: "evm", operation: "eth_getBlockByHash", goalKB: 6 },
  { surface: "exchange", operation: "batchModify" },
  { surface: "wallet", operation: "getAssetIssueById" },
  { surface: "indexer", operation: "getActions" },
];

function figureOf(label: string, chunks: ChunkSet, goalKB?: number): Figure {
  const kb = chunks.gzip / 1000;
  const files = `${chunks.files.length} chunk${chunks.files.length === 1 ? "" : "s"}`;
  return {
    label,
    value: kb,
    unit: "KB gzip",
    note: `${(chunks.bytes / 1000).toFixed(1)} KB minified, ${files}`,
    ...(goalKB === undefined ? {} : { goal: { text: `< ${goalKB} KB`, met: kb < goalKB } }),
  };
}

/**
 * Measures row 7.
 *
 * @param context - The scratch directory for the code-split bundles.
 */
export async function size(context: BenchContext): Promise<RowResult> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  for (const entry of ENTRIES) {
    try {
      const { bytes, gzip, origins } = await bundle({
        contents: entry.contents,
        platform: entry.platform ?? "browser",
        minify: true,
        external: entry.external,
      });
      const kb = gzip / 1000;
      if (entry.goalKB !== undefined) {
        const top = origins
          .slice(0, 6)
          .map(([name, n]) => `${name} ${(n / 1000).toFixed(1)}`)
          .join(", ");
        notes.push(`${entry.label}, minified KB by origin: ${top}`);
      }
      figures.push({
        label: entry.label,
        value: kb,
        unit: "KB gzip",
        note: `${(bytes / 1000).toFixed(1)} KB minified`,
        ...(entry.goalKB === undefined
          ? {}
          : { goal: { text: `< ${entry.goalKB} KB`, met: kb < entry.goalKB } }),
      });
    } catch (error) {
      notes.push(`${entry.label}: not bundled (${firstLine(error)})`);
    }
  }
  const viem = figures.find((f) => f.label === "viem createClient + http");
  if (viem) for (const f of figures) f.ratio = f.value / viem.value;

  const split: Figure[] = [];
  const splitNotes: string[] = [];
  for (const { surface, operation, goalKB } of SPLIT) {
    const label = `chainkit/${surface}`;
    try {
      const bundled = await bundleSplit({
        contents: `export * from "./src/${surface}.ts";`,
        platform: "browser",
        minify: true,
        outdir: join(context.tmp, "size-split", surface),
        firstCall: [`generated/${surface}/validators/${operation}.js`],
      });
      split.push(figureOf(`${label}: up front (entry chunk + its static imports)`, bundled.upFront, goalKB));
      split.push(figureOf(`${label}: + first call ${operation} (its validators)`, bundled.firstCall));
      const total = bundled.upFront.gzip + bundled.firstCall.gzip;
      splitNotes.push(
        `${label}: ${bundled.chunks.length} chunks in all; up front + first call ${(total / 1000).toFixed(1)} KB gzip`,
      );
    } catch (error) {
      splitNotes.push(`${label}: not bundled with splitting (${firstLine(error)})`);
    }
  }
  if (viem) for (const f of split) f.ratio = f.value / viem.value;

  return {
    id: "size",
    title: "7. Size",
    tables: [
      {
        title:
          "esbuild --bundle --minify --format=esm (platform browser unless noted), gzip -9 (1 KB = 1000 B)",
        ratioLabel: "÷ viem createClient+http",
        figures,
        notes: [
          "whole entry = everything the entry exports, every operation's validators inlined; a bundler keeps only what an app imports",
          "each operation's validators module carries its own copy of the component schemas it checks, so a whole entry bundled without splitting holds a shared component once per operation using it",
          "peers on this kind of machine: viem createClient + http 7.3 KB, createPublicClient + http 110.9 KB, openapi-fetch 2.6 KB",
          ...notes,
        ],
      },
      {
        title:
          "the same entries with esbuild --splitting (whole entry): downloaded up front, and added by one first call; each chunk gzip -9 on its own",
        ratioLabel: "÷ viem createClient+http",
        figures: split,
        notes: [
          "each operation's validators are a module of their own (generated/<surface>/validators/<operation>.js), imported on its first call; the up-front download does not grow with the number of operations",
          "first call = that operation's validators chunk plus the chunks it imports that were not loaded up front (the surface's validator helpers, ajv-formats where used)",
          ...splitNotes,
        ],
      },
    ],
  };
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
}
