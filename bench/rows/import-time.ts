/**
 * Row 2b, import and first call: each chainkit entry bundled with esbuild (ESM, platform node, not
 * minified, code splitting: an operation's validators are a chunk its first call imports) into the
 * scratch directory, then `import()` plus the first validated call (through an in-memory fetch)
 * timed inside fresh `node` processes; the standalone block validator next to ajv compiling the
 * same schema at start-up. A second table: the same first calls from the package as Node loads it
 * installed, without a bundler (see `scripts/build/installed-layout.ts`), next to viem and
 * @nktkas/hyperliquid from node_modules. Medians over several processes per variant, interleaved.
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { installedLayout } from "../../scripts/build/installed-layout.js";
import { bundle } from "../lib/bundle.js";
import { bundleSplit } from "../lib/bundle-split.js";
import { type BenchContext, planFor } from "../lib/context.js";
import { batchModify20, block58, organization, PRIVATE_KEY, ROOT } from "../lib/fixtures.js";
import { median } from "../lib/measure.js";
import type { Figure, RowResult } from "../lib/report.js";
import { validatorsModule } from "../lib/validators-module.js";
import { blockResultSchema } from "./validation.js";

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL("../cold/child.mjs", import.meta.url));

/** A variant ready to run: its module file and the table it belongs to. */
type Variant = {
  /** Tells apart variants with the same first call (`kind`). */
  id?: string;
  kind: string;
  label: string;
  file: string;
  table: "bundled" | "installed";
};

/** A first call of the row's bundled table: what the app imports, and how it is bundled. */
export interface Cold {
  kind: string;
  label: string;
  entry: string;
  /** Bundled with code splitting, as an app bundler serves the entry (the chainkit entries). */
  split?: boolean;
}

// The chainkit entries import what an app's first call needs, as an app does: a bundler keeps only
// that (and, with esbuild, the chunks the entry's other exports share with code loaded later).
export const COLD: Cold[] = [
  {
    kind: "platform",
    split: true,
    label: "chainkit/platform { createPlatformClient } → getOrganization",
    entry: 'export { createPlatformClient } from "./src/platform.ts";',
  },
  {
    kind: "evm",
    split: true,
    label: "chainkit/evm { createEvmClient } → eth_getBlockByHash (58 tx)",
    entry: 'export { createEvmClient } from "./src/evm.ts";',
  },
  {
    kind: "viem",
    label: "viem { createPublicClient, http } → eth_getBlockByHash (58 tx)",
    entry: 'export { createPublicClient, http } from "viem";',
  },
  {
    kind: "chainkit-viem",
    split: true,
    label: "chainkit/viem { chainkitTransport } + viem createPublicClient → eth_getBlockByHash (58 tx)",
    entry: 'export { chainkitTransport } from "./src/viem.ts"; export { createPublicClient } from "viem";',
  },
  {
    kind: "exchange",
    split: true,
    label: "chainkit/exchange { signL1Action } → first signature (20 modifies)",
    entry: 'export { signL1Action } from "./src/exchange.ts";',
  },
  {
    kind: "nktkas",
    label: "@nktkas/hyperliquid signL1Action + viem privateKeyToAccount → first signature (20 modifies)",
    entry:
      'export { signL1Action } from "@nktkas/hyperliquid/signing"; export { privateKeyToAccount } from "viem/accounts";',
  },
  {
    kind: "wallet",
    split: true,
    label: "chainkit/wallet { createWalletClient } → getAssetIssueById",
    entry: 'export { createWalletClient } from "./src/wallet.ts";',
  },
  {
    kind: "indexer",
    split: true,
    label: "chainkit/indexer { createIndexerClient } → getActions",
    entry: 'export { createIndexerClient } from "./src/indexer.ts";',
  },
  {
    kind: "grpc",
    label: "chainkit/grpc (+ @grpc/grpc-js) → xTokenInterceptor",
    entry: 'export * from "./src/grpc.ts";',
  },
  {
    kind: "standalone",
    label: "block validator, generated standalone → 1st validate",
    entry: `import { eth_getBlockByHash } from "./${validatorsModule("evm", "eth_getBlockByHash")}"; export const eth_getBlockByHashResult = eth_getBlockByHash.result;`,
  },
  {
    kind: "ajv",
    label: "block validator, ajv compiled at start-up → 1st validate",
    entry: "", // written below: it needs the schema file
  },
];

/**
 * The same first calls from the installed package, as a Node app without a bundler runs them
 * (`import "chainkit/evm"` through the package's exports: the `node` condition), next to the peers
 * as npm installs them; two lines load tsc's files instead (the `import` condition), as such an app
 * did before the Node entries were bundled.
 */
const INSTALLED: { id: string; kind: string; label: string; entry: string }[] = [
  {
    id: "platform",
    kind: "platform",
    label: "chainkit/platform → getOrganization",
    entry: 'export { createPlatformClient } from "chainkit/platform";',
  },
  {
    id: "platform-tsc",
    kind: "platform",
    label: "chainkit/platform, tsc's files (dist/src/) → getOrganization",
    entry: 'export { createPlatformClient } from "./node_modules/chainkit/dist/src/platform.js";',
  },
  {
    id: "evm",
    kind: "evm",
    label: "chainkit/evm → eth_getBlockByHash (58 tx)",
    entry: 'export { createEvmClient } from "chainkit/evm";',
  },
  {
    id: "evm-tsc",
    kind: "evm",
    label: "chainkit/evm, tsc's files (dist/src/) → eth_getBlockByHash (58 tx)",
    entry: 'export { createEvmClient } from "./node_modules/chainkit/dist/src/evm.js";',
  },
  {
    id: "viem",
    kind: "viem",
    label: "viem → eth_getBlockByHash (58 tx)",
    entry: 'export { createPublicClient, http } from "viem";',
  },
  {
    id: "exchange",
    kind: "exchange",
    label: "chainkit/exchange signL1Action → first signature (20 modifies)",
    entry: 'export { signL1Action } from "chainkit/exchange";',
  },
  {
    id: "nktkas",
    kind: "nktkas",
    label: "@nktkas/hyperliquid signL1Action + viem/accounts → first signature (20 modifies)",
    entry:
      'export { signL1Action } from "@nktkas/hyperliquid/signing"; export { privateKeyToAccount } from "viem/accounts";',
  },
  {
    id: "wallet",
    kind: "wallet",
    label: "chainkit/wallet → getAssetIssueById",
    entry: 'export { createWalletClient } from "chainkit/wallet";',
  },
  {
    id: "indexer",
    kind: "indexer",
    label: "chainkit/indexer → getActions",
    entry: 'export { createIndexerClient } from "chainkit/indexer";',
  },
];

/** The first example body of an operation's 200 answer in a bundled spec. */
async function exampleAnswer(surface: string, operationId: string): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  const spec = JSON.parse(await readFile(`${ROOT}generated/${surface}/spec.json`, "utf8"));
  type Content = { examples?: Record<string, { value: unknown }>; example?: unknown };
  type Operation = { operationId?: string; responses: Record<string, { content: Record<string, Content> }> };
  for (const item of Object.values(spec.paths as Record<string, Record<string, Operation>>)) {
    for (const operation of Object.values(item)) {
      if (operation?.operationId !== operationId) continue;
      const content = operation.responses["200"]?.content["application/json"] as Content;
      const first = Object.values(content.examples ?? {})[0];
      return JSON.stringify(first?.value ?? content.example);
    }
  }
  throw new Error(`${operationId} not found in generated/${surface}/spec.json`);
}

/**
 * Writes the answers `bench/cold/child.mjs` serves its first calls from (the 58-tx block, the REST
 * examples, the key and action to sign).
 *
 * @param file - Where to write them (JSON).
 */
export async function writeColdAnswers(file: string): Promise<void> {
  writeFileSync(
    file,
    JSON.stringify({
      block: JSON.stringify(block58),
      blockHash: block58.hash,
      privateKey: PRIVATE_KEY,
      action: batchModify20(),
      rest: {
        "/v1/organization/": JSON.stringify(organization),
        "/wallet/getassetissuebyid": await exampleAnswer("wallet", "getAssetIssueById"),
        "/api/v3/actions": await exampleAnswer("indexer", "getActions"),
      },
    }),
  );
}

/**
 * Bundles one first call as the row does: split into `dir/<kind>/` (the chainkit entries), or whole
 * into `dir/<kind>.mjs`.
 *
 * @param cold - The first call.
 * @param dir - The scratch directory.
 * @param contents - The entry's source (the ajv line writes its own).
 * @returns The file to import.
 */
export async function bundleCold(cold: Cold, dir: string, contents = cold.entry): Promise<string> {
  if (cold.split) {
    const outdir = join(dir, cold.kind);
    const split = await bundleSplit({ contents, platform: "node", minify: false, outdir, firstCall: [] });
    return join(outdir, split.entry);
  }
  const file = join(dir, `${cold.kind}.mjs`);
  await bundle({ contents, platform: "node", minify: false, outfile: file });
  return file;
}

/**
 * Measures row 2b.
 *
 * @param context - Quick mode and the scratch directory.
 */
export async function importTime(context: BenchContext): Promise<RowResult> {
  const dir = join(context.tmp, "cold");
  mkdirSync(dir, { recursive: true });
  const schemaFile = join(dir, "block-schema.json");
  writeFileSync(schemaFile, JSON.stringify(blockResultSchema()));
  const answersFile = join(dir, "answers.json");
  await writeColdAnswers(answersFile);
  const ajvEntry = [
    'import { Ajv2020 } from "ajv/dist/2020.js";',
    'import addFormats from "ajv-formats";',
    `import schema from ${JSON.stringify(schemaFile)};`,
    "export function compileBlockValidator() {",
    "  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });",
    "  addFormats(ajv);",
    "  return ajv.compile(schema);",
    "}",
  ].join("\n");

  const ready: Variant[] = [];
  const failures: string[] = [];
  for (const cold of COLD) {
    try {
      const file = await bundleCold(cold, dir, cold.kind === "ajv" ? ajvEntry : cold.entry);
      ready.push({ ...cold, file, table: "bundled" });
    } catch (error) {
      failures.push(
        `${cold.label}: not bundled (${error instanceof Error ? error.message.split("\n")[0] : error})`,
      );
    }
  }
  const installedFailures: string[] = [];
  try {
    const app = await installedLayout(join(context.tmp, "installed"));
    for (const variant of INSTALLED) {
      const file = join(app, `${variant.id}.mjs`);
      writeFileSync(file, variant.entry);
      ready.push({ ...variant, file, table: "installed" });
    }
  } catch (error) {
    installedFailures.push(`not compiled (${error instanceof Error ? error.message.split("\n")[0] : error})`);
  }

  // 15 processes per variant: on a shared 2-core machine one slow stretch can take several processes
  // in a row, which moved a median of 9 by a third (0.43× and 0.55× viem in two runs of one tree).
  const plan = planFor(context, { warmups: 1, rounds: 15, ops: 1 }, 1);
  const keyOf = (variant: Variant) => `${variant.table} ${variant.id ?? variant.kind}`;
  const times = new Map<string, { load: number[]; first: number[] }>(
    ready.map((c) => [keyOf(c), { load: [], first: [] }]),
  );
  const broken = new Set<string>();
  for (let round = -plan.warmups; round < plan.rounds; round++) {
    for (let k = 0; k < ready.length; k++) {
      const cold = ready[(k + Math.max(round, 0)) % ready.length] as Variant;
      if (broken.has(keyOf(cold))) continue;
      try {
        const { stdout } = await run(process.execPath, [CHILD, cold.kind, cold.file, answersFile], {
          cwd: ROOT,
        });
        if (round < 0) continue;
        const { load, first } = JSON.parse(stdout) as { load: number; first: number };
        times.get(keyOf(cold))?.load.push(load);
        times.get(keyOf(cold))?.first.push(first);
      } catch (error) {
        broken.add(keyOf(cold));
        const message =
          error instanceof Error ? (error as { stderr?: string }).stderr || error.message : String(error);
        (cold.table === "bundled" ? failures : installedFailures).push(
          `${cold.label}: child failed (${message.trim().split("\n").slice(-1)[0]})`,
        );
      }
    }
  }

  const figures: Figure[] = [];
  const installed: Figure[] = [];
  const bundledById = new Map<string, Figure>();
  const installedById = new Map<string, Figure>();
  for (const cold of ready) {
    const t = times.get(keyOf(cold));
    if (!t || t.load.length === 0) continue;
    const totals = t.load.map((load, i) => load + (t.first[i] as number));
    const total = median(totals);
    const figure: Figure = {
      label: cold.label,
      value: total,
      low: Math.min(...totals),
      high: Math.max(...totals),
      unit: "ms",
      note: `import ${median(t.load).toFixed(1)} + first call ${median(t.first).toFixed(1)}`,
    };
    if (cold.table === "bundled") {
      figures.push(figure);
      bundledById.set(cold.kind, figure);
    } else {
      installed.push(figure);
      installedById.set(cold.id ?? cold.kind, figure);
    }
  }
  const standalone = figures.find((f) => f.label.includes("standalone"));
  const ajv = figures.find((f) => f.label.includes("ajv compiled"));
  if (standalone && ajv) ajv.ratio = ajv.value / standalone.value;
  if (standalone) standalone.ratio = 1;
  // Each chainkit line against the peer an app would pick for the same first call. Issue 47's goal:
  // at most half the peer's time, bundled and installed alike, in the same run.
  for (const [ours, peer, name] of [
    ["evm", "viem", "viem"],
    ["exchange", "nktkas", "@nktkas/hyperliquid"],
  ] as const) {
    for (const [table, byId] of [
      ["bundled", bundledById],
      ["installed", installedById],
    ] as const) {
      const mine = byId.get(ours);
      const theirs = byId.get(peer);
      if (!mine || !theirs) continue;
      const share = mine.value / theirs.value;
      if (table === "installed") {
        mine.ratio = share;
        theirs.ratio = 1;
      }
      mine.goal = {
        text: `≤ 0.5× ${name} (${table}; ${share.toFixed(2)}×)`,
        met: share <= 0.5,
        peer: `${name} ${theirs.value.toFixed(1)} ms`,
      };
    }
  }

  return {
    id: "import-time",
    title: "2b. Import and first call (fresh node processes)",
    tables: [
      {
        title: `import() of the esbuild bundle + first call, in-process timing, ${plan.rounds} processes per variant (median)`,
        ratioLabel: "÷ standalone",
        figures,
        notes: [
          "bundles: esbuild --bundle --format=esm --platform=node, not minified; the chainkit entries with --splitting, so the first call imports its operation's validators chunk from disk; process start-up itself is not included",
          "calls go through an in-memory fetch with real answers; responses are validated (the default)",
          "the chainkit entries import only the names shown, as an app does; esbuild still loads the chunks the entry's other exports share with code loaded later, which the entries keep to small error and limit modules (see the size row)",
          "first signature: chainkit/exchange signs the digest with noble's table-free base-point multiply (no table is built; the wide table comes only after 16 signatures); @nktkas/hyperliquid signs through viem's account",
          "viem and @nktkas/hyperliquid are bundled whole the same way, without splitting; viem's http transport gets the same in-memory fetch (fetchFn), and viem does not validate the block",
          "peers on this kind of machine: ajv runtime compile 154.8 ms vs standalone 6.5 ms (58-tx block)",
          ...failures,
        ],
      },
      {
        title: `import() of the installed package, no bundler + first call, ${plan.rounds} processes per variant (median)`,
        ratioLabel: "÷ the peer",
        figures: installed,
        notes: [
          "chainkit: built as npm run build publishes it (scripts/build/compile-package.ts) into a scratch app's node_modules; each line imports the names shown from chainkit/<entry>, which Node resolves to dist/node/ (rollup's bundle of the entries, scripts/build/node-bundle.ts); the two tsc lines import dist/src/ (one file per module: an entry's exports import 70 to 140 of them)",
          "peers: viem and @nktkas/hyperliquid from node_modules, as npm installed them; ratios: chainkit/evm ÷ viem, chainkit/exchange ÷ @nktkas/hyperliquid",
          "same child, in-memory fetch, answers and first calls as the table above; issue 47's goal (at most half the peer's time) holds for both tables",
          ...installedFailures,
        ],
      },
    ],
  };
}
