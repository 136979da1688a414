/**
 * Row 7, size: each chainkit entry bundled and minified with esbuild (ESM, platform browser; grpc
 * for node with @grpc/grpc-js external), gzip -9, next to viem and openapi-fetch bundled the same
 * way. The EVM entry is also bundled without its generated validators (an esbuild plugin swaps
 * generated/evm/validators.js for accept-all stubs), which is its code alone.
 */

import { bundle, withoutValidators } from "../lib/bundle.js";
import type { BenchContext } from "../lib/context.js";
import type { Figure, RowResult } from "../lib/report.js";

interface Entry {
  label: string;
  contents: string;
  platform?: "browser" | "node";
  external?: string[];
  stubValidators?: string;
  goalKB?: number;
}

const ENTRIES: Entry[] = [
  { label: "chainkit/platform (whole entry)", contents: 'export * from "./src/platform.ts";' },
  { label: "chainkit/evm (whole entry)", contents: 'export * from "./src/evm.ts";' },
  {
    label: "chainkit/evm, createEvmClient only",
    contents: 'export { createEvmClient } from "./src/evm.ts";',
  },
  {
    label: "chainkit/evm (whole entry), without validators",
    contents: 'export * from "./src/evm.ts";',
    stubValidators: "evm",
    goalKB: 6,
  },
  {
    label: "chainkit/evm, createEvmClient only, without validators",
    contents: 'export { createEvmClient } from "./src/evm.ts";',
    stubValidators: "evm",
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

/**
 * Measures row 7.
 *
 * @param _context - Unused: sizes do not depend on the mode.
 */
export async function size(_context: BenchContext): Promise<RowResult> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const failures: string[] = [];
  for (const entry of ENTRIES) {
    try {
      const { bytes, gzip, origins } = await bundle({
        contents: entry.contents,
        platform: entry.platform ?? "browser",
        minify: true,
        external: entry.external,
        plugins: entry.stubValidators ? [withoutValidators(entry.stubValidators)] : [],
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
      notes.push(
        `${entry.label}: not bundled (${error instanceof Error ? error.message.split("\n")[0] : error})`,
      );
    }
  }
  const viem = figures.find((f) => f.label === "viem createClient + http");
  if (viem) for (const f of figures) f.ratio = f.value / viem.value;
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
          "whole entry = everything the entry exports; a bundler keeps only what an app imports",
          "without validators: generated/evm/validators.js replaced by accept-all stubs at bundle time (esbuild plugin in bench/lib/bundle.ts)",
          "peers on this kind of machine: viem createClient + http 7.3 KB, createPublicClient + http 110.9 KB, openapi-fetch 2.6 KB",
          ...notes,
          ...failures,
        ],
      },
    ],
  };
}
