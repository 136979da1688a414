/**
 * The apps row: what a user's whole app weighs. For each surface the same small app is written with
 * chainkit and with the peer a user would pick (`bench/apps/<surface>/`), bundled as it is shipped
 * (esbuild, minified, code splitting, gzip -9 per chunk). Issue 47's goals: chainkit's app weighs no
 * more than the peer's, and what it loads up front at most half of the peer's.
 */
import { join } from "node:path";
import { bundleApp } from "../lib/bundle-app.js";
import type { BenchContext } from "../lib/context.js";
import type { Figure, RowResult } from "../lib/report.js";

const APPS: { surface: string; work: string; peer: string }[] = [
  { surface: "evm", work: "head + balance, a signed transfer, an ERC-20 transfer", peer: "viem" },
  { surface: "wallet", work: "a TRX balance, a TRX transfer, a TRC-20 transfer", peer: "tronweb" },
  { surface: "exchange", work: "an order, a cancel, a USDC transfer", peer: "@nktkas/hyperliquid" },
  { surface: "indexer", work: "a transactions page", peer: "fetch" },
  { surface: "platform", work: "the organization, a new node", peer: "fetch" },
];

const kb = (bytes: number) => bytes / 1000;

/**
 * Measures the apps row.
 *
 * @param context - The scratch directory for the bundles.
 */
export async function apps(context: BenchContext): Promise<RowResult> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  for (const app of APPS) {
    try {
      const ours = await bundleApp(
        `bench/apps/${app.surface}/chainkit.ts`,
        join(context.tmp, "apps", `${app.surface}-chainkit`),
      );
      const theirs = await bundleApp(
        `bench/apps/${app.surface}/peer.ts`,
        join(context.tmp, "apps", `${app.surface}-peer`),
      );
      const peerWhole: Figure = {
        label: `${app.surface} app with ${app.peer}: whole`,
        value: kb(theirs.whole.gzip),
        unit: "KB gzip",
        note: `${theirs.whole.chunks} chunk(s)`,
        ratio: 1,
      };
      const peerUpFront: Figure = {
        label: `${app.surface} app with ${app.peer}: up front`,
        value: kb(theirs.upFront.gzip),
        unit: "KB gzip",
        note: `${theirs.upFront.chunks} chunk(s)`,
        ratio: 1,
      };
      const whole = kb(ours.whole.gzip);
      const upFront = kb(ours.upFront.gzip);
      figures.push(
        {
          label: `${app.surface} app with chainkit (${app.work}): whole`,
          value: whole,
          unit: "KB gzip",
          note: `${ours.whole.chunks} chunk(s)`,
          ratio: whole / peerWhole.value,
          goal: {
            text: `≤ the ${app.peer} app`,
            met: whole <= peerWhole.value,
            peer: `${peerWhole.value.toFixed(2)} KB gzip`,
          },
        },
        peerWhole,
        {
          label: `${app.surface} app with chainkit: up front`,
          value: upFront,
          unit: "KB gzip",
          note: `${ours.upFront.chunks} chunk(s)`,
          ratio: upFront / peerUpFront.value,
          goal: {
            text: `≤ half the ${app.peer} app's up front`,
            met: upFront <= peerUpFront.value / 2,
            peer: `${peerUpFront.value.toFixed(2)} KB gzip`,
          },
        },
        peerUpFront,
      );
    } catch (error) {
      notes.push(
        `${app.surface}: not bundled (${error instanceof Error ? error.message.split("\n")[0] : error})`,
      );
    }
  }
  return {
    id: "apps",
    title: "What an app weighs",
    tables: [
      {
        title:
          "the same app written twice (bench/apps/), esbuild --bundle --minify --splitting --format=esm, platform browser, gzip -9 per chunk (1 KB = 1000 B)",
        ratioLabel: "÷ the peer's app",
        figures,
        notes: [
          "whole = every chunk the build writes, what the app ships: for chainkit that includes the validators of every operation of the entry, packed a few operations to a chunk, which the app loads only if it calls one of them",
          "esbuild writes a chunk for every import() of every module it reads, also in code it then drops as unused (the exchange app gets the WebSocket feed's, 8.6 KB no code path of it loads); docs/performance.md breaks each app down",
          "up front = the app's chunk and the chunks it imports statically, what loads before its first call",
          "the apps do the same work; the fetch apps check nothing they receive",
          ...notes,
        ],
      },
    ],
  };
}
