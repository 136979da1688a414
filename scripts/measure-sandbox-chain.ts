/**
 * Start-up time and blocks per second of the sandbox's EVM chain, as one JSON line:
 * `npx tsx scripts/measure-sandbox-chain.ts [root]` (root: a checkout of chainkit, default this one, so
 * two engines can be compared on the same machine, one run after the other).
 *
 * - sandboxColdMs: the first `startSandbox({ seed: 1 })` of the process (loading the engine included);
 * - surfaceMs: a second EVM surface alone, the engine loaded;
 * - emptyBlocksPerS: `mine()` of empty blocks, 500 in a row;
 * - oneTxBlocksPerS: `fund()` (a transfer, mined in its own block), 200 in a row.
 */
import { resolve } from "node:path";

const root = resolve(process.argv[2] ?? ".");
const { createEvmSurface } = await import(`${root}/src/sandbox/evm/evm-surface.ts`);
const { startSandbox } = await import(`${root}/src/sandbox/index.ts`);

const startedSandbox = performance.now();
await (await startSandbox({ seed: 1 })).close();
const sandboxColdMs = performance.now() - startedSandbox;

const startedSurface = performance.now();
const evm = await createEvmSurface();
const surfaceMs = performance.now() - startedSurface;

const perSecond = async (count: number, step: () => Promise<unknown>) => {
  const started = performance.now();
  for (let i = 0; i < count; i++) await step();
  return count / ((performance.now() - started) / 1000);
};
const emptyBlocksPerS = await perSecond(500, () => evm.mine());
const oneTxBlocksPerS = await perSecond(200, () =>
  evm.fund("0x000000000000000000000000000000000000dEaD", 1n),
);
await evm.close();

console.log(
  JSON.stringify({
    sandboxColdMs: Math.round(sandboxColdMs),
    surfaceMs: Math.round(surfaceMs),
    emptyBlocksPerS: Math.round(emptyBlocksPerS),
    oneTxBlocksPerS: Math.round(oneTxBlocksPerS),
  }),
);
