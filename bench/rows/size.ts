/**
 * Row 7, size: what each chainkit entry costs to download, next to the peers. Every entry is bundled
 * with esbuild (ESM, minified, platform browser; grpc for node with @grpc/grpc-js external), gzip -9.
 * Per entry: what an app that imports the client downloads up front (esbuild --splitting: the entry
 * chunk and its static imports), that plus one first call (its operation's validators chunk), and
 * the whole entry without splitting (everything inlined, every operation's validators included).
 * What loads on first use (a transfer, a verification, the WebSocket code) is measured the same way
 * as the first call, and the notes say what dominates each up-front figure.
 */

import { join } from "node:path";
import { SURFACES } from "../../scripts/generate/surfaces.js";
import { bundle } from "../lib/bundle.js";
import { bundleRollup } from "../lib/bundle-rollup.js";
import { bundleSplit, type ChunkSet } from "../lib/bundle-split.js";
import type { BenchContext } from "../lib/context.js";
import type { Figure, RowResult } from "../lib/report.js";
import { validatorsModule } from "../lib/validators-module.js";

/** One chainkit entry as an app uses it: what it imports, its first call, what it loads later. */
interface EntrySize {
  /** `platform`, `evm`, …: the entry `chainkit/<entry>` (`src/<entry>.ts`). */
  entry: string;
  /** What the app imports from the entry. */
  imports: string[];
  /** The same names imported from their own modules: what a bundler that drops unused re-exports keeps. */
  own: string;
  /** The first call and the module it imports (its operation's validators). */
  firstCall?: { label: string; module: string };
  /** Modules loaded on first use of a feature, by feature. */
  lazy?: Record<string, string[]>;
  /** Issue 30's goal for the up-front download (esbuild): KB gzip, or no more than viem createClient + http in the same run. */
  goalKB?: number | "viem";
  /** Bundled for node with these packages external (peers the app installs). */
  external?: string[];
}

const validators = validatorsModule;

const ENTRIES: EntrySize[] = [
  {
    entry: "platform",
    imports: ["createPlatformClient"],
    own: 'export { createPlatformClient } from "./src/platform/create-platform-client.ts";',
    firstCall: { label: "getOrganization", module: validators("platform", "getOrganization") },
  },
  {
    entry: "evm",
    imports: ["createEvmClient"],
    own: 'export { createEvmClient } from "./src/evm/client/create-evm-client.ts";',
    firstCall: { label: "eth_getBlockByHash", module: validators("evm", "eth_getBlockByHash") },
    lazy: {
      getVerifiedReceipt: ["src/evm/verify/verified-receipt.ts"],
      getVerifiedProof: ["src/evm/verify/verified-proof.ts"],
      "the WebSocket transport and subscriptions": [
        "src/runtime/websocket/websocket-transport.ts",
        "src/evm/live/live-subscriptions.ts",
        "src/evm/live/subscription-hub.ts",
      ],
    },
    // Issue 30: no more than viem's createClient + http in the same run.
    goalKB: "viem",
  },
  {
    entry: "exchange",
    imports: ["createExchangeClient", "privateKeySigner"],
    own: 'export { createExchangeClient } from "./src/exchange/client.ts"; export { privateKeySigner } from "./src/exchange/signing/signer.ts";',
    firstCall: { label: "batchModify", module: validators("exchange", "batchModify") },
    goalKB: 25,
  },
  {
    entry: "exchange",
    imports: ["signL1Action"],
    own: 'export { signL1Action } from "./src/exchange/signing/sign-l1-action.ts";',
    // Issue 26: a user who only signs downloads no more than before spot and money came (21.75 KB).
    goalKB: 21.75,
  },
  {
    entry: "wallet",
    imports: ["createWalletClient"],
    own: 'export { createWalletClient } from "./src/wallet/create-wallet-client.ts";',
    goalKB: 20,
    firstCall: { label: "getAssetIssueById", module: validators("wallet", "getAssetIssueById") },
    lazy: {
      transfer: ["src/wallet/transaction/transfer.ts"],
      trc20: ["src/wallet/trc20/trc20-contract.ts"],
      stake: ["src/wallet/stake/stake-writes.ts"],
      estimateFee: ["src/wallet/fees/estimate-fee.ts"],
      watchPayments: ["src/wallet/watch/watch-payments.ts"],
    },
  },
  {
    entry: "indexer",
    imports: ["createIndexerClient"],
    own: 'export { createIndexerClient } from "./src/indexer/create-indexer-client.ts";',
    firstCall: { label: "getActions", module: validators("indexer", "getActions") },
  },
  {
    entry: "viem",
    imports: ["chainkitTransport"],
    own: 'export { chainkitTransport } from "./src/viem/chainkit-transport.ts";',
    firstCall: { label: "eth_getBlockByHash", module: validators("evm", "eth_getBlockByHash") },
    external: ["viem"],
  },
];

/** The peers, bundled whole the same way (esbuild keeps only what the export list reaches). */
const PEERS: { label: string; contents: string }[] = [
  { label: "viem createClient + http", contents: 'export { createClient, http } from "viem";' },
  { label: "viem createPublicClient + http", contents: 'export { createPublicClient, http } from "viem";' },
  {
    label: "openapi-fetch createClient",
    contents: 'export { default as createClient } from "openapi-fetch";',
  },
  {
    label: "@nktkas/hyperliquid signL1Action + viem privateKeyToAccount",
    contents:
      'export { signL1Action } from "@nktkas/hyperliquid/signing"; export { privateKeyToAccount } from "viem/accounts";',
  },
  {
    label: "@nktkas/hyperliquid ExchangeClient + HttpTransport + viem privateKeyToAccount",
    contents:
      'export { ExchangeClient, HttpTransport } from "@nktkas/hyperliquid"; export { privateKeyToAccount } from "viem/accounts";',
  },
  { label: "tronweb TronWeb", contents: 'export { TronWeb } from "tronweb";' },
];

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** The largest origins of some chunks, e.g. `@noble/curves 32.8, generated/wallet 19.5` (minified KB). */
function dominant(chunks: ChunkSet, count = 4): string {
  return chunks.origins
    .slice(0, count)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(", ");
}

function goalOf(goalKB: number | undefined, value: number): Pick<Figure, "goal"> {
  return goalKB === undefined ? {} : { goal: { text: `≤ ${goalKB} KB`, met: value <= goalKB } };
}

/**
 * Measures row 7.
 *
 * @param context - The scratch directory for the code-split bundles.
 */
export async function size(context: BenchContext): Promise<RowResult> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  for (const spec of ENTRIES) {
    const name = `chainkit/${spec.entry} { ${spec.imports.join(", ")} }`;
    const platform = spec.external ? "node" : "browser";
    const outdir = join(context.tmp, "size", `${spec.entry}-${spec.imports[0]}`);
    try {
      const split = await bundleSplit({
        contents: `export { ${spec.imports.join(", ")} } from "./src/${spec.entry}.ts";`,
        platform,
        minify: true,
        outdir,
        firstCall: spec.firstCall ? [spec.firstCall.module] : [],
      });
      const upFront = split.upFront.gzip / 1000;
      figures.push({
        label: `${name}: up front`,
        value: upFront,
        unit: "KB gzip",
        note: `${kb(split.upFront.bytes)} KB minified, ${split.upFront.files.length} chunk(s)`,
        ...(typeof spec.goalKB === "number" ? goalOf(spec.goalKB, upFront) : {}),
      });
      if (spec.firstCall) {
        figures.push({
          label: `${name}: up front + first call ${spec.firstCall.label}`,
          value: upFront + split.firstCall.gzip / 1000,
          unit: "KB gzip",
          note: `its validators chunk(s): ${kb(split.firstCall.gzip)} KB gzip`,
        });
      }
      // esbuild keeps a bare import of the chunks that the entry's other exports share with code
      // loaded on first use (esbuild issues 2922, 3704); a bundler that drops unused re-exports
      // downloads what the app's names reach from their own modules. What loads on first use is
      // measured there, beyond that smaller up-front set.
      const own = await bundleSplit({
        contents: spec.own,
        platform,
        minify: true,
        outdir: `${outdir}-own`,
        firstCall: [],
        lazy: spec.lazy,
      });
      const lazy = Object.entries(own.lazy)
        .map(([feature, chunks]) => `${feature} +${kb(chunks.gzip)} KB gzip (${dominant(chunks, 2)})`)
        .join("; ");
      notes.push(
        `${name}: up front is mostly ${dominant(split.upFront)} (minified KB)` +
          (own.upFront.gzip < split.upFront.gzip - 100
            ? `; ${kb(own.upFront.gzip)} KB gzip when the bundler drops the entry's unused re-exports (esbuild keeps them)`
            : "") +
          (lazy ? `; on first use: ${lazy}` : ""),
      );
    } catch (error) {
      notes.push(`${name}: not bundled with splitting (${firstLine(error)})`);
    }
  }

  for (const { name: entry } of SURFACES) {
    // Information since issue 47: what an app weighs is the apps row.
    await whole(`chainkit/${entry}: whole entry, no splitting`, `export * from "./src/${entry}.ts";`);
  }
  await whole("chainkit/grpc: whole entry (node, @grpc/grpc-js external)", 'export * from "./src/grpc.ts";', {
    platform: "node",
    external: ["@grpc/grpc-js"],
  });
  for (const peer of PEERS) await whole(peer.label, peer.contents);

  async function whole(
    label: string,
    contents: string,
    how: { platform?: "node"; external?: string[] } = {},
  ) {
    try {
      const bundled = await bundle({
        contents,
        platform: how.platform ?? "browser",
        minify: true,
        external: how.external,
      });
      figures.push({
        label,
        value: bundled.gzip / 1000,
        unit: "KB gzip",
        note: `${kb(bundled.bytes)} KB minified`,
      });
    } catch (error) {
      notes.push(`${label}: not bundled (${firstLine(error)})`);
    }
  }

  const viem = figures.find((f) => f.label === "viem createClient + http");
  if (viem) for (const f of figures) f.ratio = f.value / viem.value;
  for (const spec of ENTRIES) {
    const upFront = figures.find(
      (f) => f.label === `chainkit/${spec.entry} { ${spec.imports.join(", ")} }: up front`,
    );
    if (spec.goalKB === "viem" && upFront && viem) {
      upFront.goal = {
        text: "≤ viem createClient + http",
        met: upFront.value <= viem.value,
        peer: `viem ${viem.value.toFixed(2)} KB gzip`,
      };
    }
  }

  const rollupFigures = await rollupSizes(notes);

  return {
    id: "size",
    title: "7. Size",
    tables: [
      {
        title:
          "esbuild --bundle --minify --format=esm (platform browser unless noted), gzip -9, each chunk on its own (1 KB = 1000 B)",
        ratioLabel: "÷ viem createClient+http",
        figures,
        notes: [
          "up front = the app imports the names shown from the entry; esbuild --splitting; the entry chunk and the chunks it imports statically",
          "first call = up front plus the chunks that operation's first call imports (its validators module and the helpers it shares); an operation's validators are a module of their own, so neither figure grows with the number of operations",
          "whole entry = export * from the entry without splitting: every import() is inlined, so every operation's validators are in it (each shared check once)",
          "chainkit/viem is bundled for node with viem external (the app has viem already)",
          "peers on this kind of machine: viem createClient + http 7.3 KB, createPublicClient + http 110.9 KB, openapi-fetch 2.6 KB",
          ...notes,
        ],
      },
      {
        title:
          "rollup (@rollup/plugin-node-resolve for the browser, @rollup/plugin-terser), ESM, gzip -9, each chunk on its own: the same entries as a rollup user builds them",
        ratioLabel: "÷ viem createClient+http (rollup)",
        figures: rollupFigures,
        notes: [
          "up front = the entry chunk and the chunks it imports statically, dynamic imports as chunks; whole entry = export * with every dynamic import inlined",
          "rollup drops an entry's unused re-exports and the modules only they reach, so its up-front figure is the app's names alone",
          "the goals are set on esbuild's figures (the table above)",
        ],
      },
    ],
  };
}

/**
 * The same up-front and whole-entry figures with rollup, next to viem's, so a rollup user sees theirs.
 *
 * @param notes - Where a bundle that fails is reported.
 */
async function rollupSizes(notes: string[]): Promise<Figure[]> {
  const figures: Figure[] = [];
  const add = async (label: string, contents: string, split: boolean, external: string[] = []) => {
    try {
      const { upFront } = await bundleRollup(contents, split, external);
      figures.push({
        label,
        value: upFront.gzip / 1000,
        unit: "KB gzip",
        note: `${kb(upFront.bytes)} KB minified, ${upFront.files} chunk(s)`,
      });
    } catch (error) {
      notes.push(`${label} (rollup): not bundled (${firstLine(error)})`);
    }
  };
  for (const spec of ENTRIES) {
    await add(
      `chainkit/${spec.entry} { ${spec.imports.join(", ")} }: up front`,
      `export { ${spec.imports.join(", ")} } from "./src/${spec.entry}.ts";`,
      true,
      spec.external,
    );
  }
  for (const { name: entry } of SURFACES) {
    await add(`chainkit/${entry}: whole entry, no splitting`, `export * from "./src/${entry}.ts";`, false);
  }
  await add("viem createClient + http", 'export { createClient, http } from "viem";', false);
  const viem = figures.find((f) => f.label === "viem createClient + http");
  if (viem) for (const f of figures) f.ratio = f.value / viem.value;
  return figures;
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
}
