/**
 * Row 4, signing: L1 actions signed with chainkit's `signL1Action` and a `privateKeySigner`, next to
 * @nktkas/hyperliquid's `signL1Action` with a viem `privateKeyToAccount` wallet, both from the same
 * private key: a 20-modify batchModify, an `order` of 20 orders and a `cancel` of 20 cancels.
 */
import { signL1Action as nktkasSign } from "@nktkas/hyperliquid/signing";
import { type L1Action, privateKeySigner, signL1Action } from "chainkit/exchange";
import { privateKeyToAccount } from "viem/accounts";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { batchModify20, cancel20, order20, PRIVATE_KEY } from "../lib/fixtures.js";
import { interleaved } from "../lib/measure.js";
import { type Figure, type RowResult, type Table, timed } from "../lib/report.js";

const ACTIONS: { title: string; action: () => L1Action; goal: boolean }[] = [
  { title: "batchModify × 20", action: batchModify20, goal: true },
  { title: "order × 20 orders", action: order20, goal: false },
  { title: "cancel × 20 cancels", action: cancel20, goal: false },
];

/** Measures one action signed by both, on the same nonce sequence. */
async function table(context: BenchContext, title: string, action: L1Action, goal: boolean): Promise<Table> {
  const signer = privateKeySigner(PRIVATE_KEY);
  const wallet = privateKeyToAccount(PRIVATE_KEY);
  let nonce = 1_700_000_000_000;
  const ours = (n: number) => signL1Action({ signer, action, nonce: n, isMainnet: true });
  const theirs = (n: number) => nktkasSign({ wallet, action: action as never, nonce: n, isTestnet: false });

  // Same key, action and nonce: both must produce the same signature.
  const [a, b] = await Promise.all([ours(nonce), theirs(nonce)]);
  check(
    a.r === b.r && a.s === b.s && a.v === b.v,
    `${title}: chainkit and @nktkas/hyperliquid sign identically`,
  );

  const repeat = (sign: (n: number) => Promise<unknown>) => async (ops: number) => {
    for (let i = 0; i < ops; i++) await sign(nonce++);
  };
  const samples = await interleaved(
    [
      { name: "@nktkas/hyperliquid signL1Action (viem privateKeyToAccount)", run: repeat(theirs) },
      { name: "chainkit signL1Action (privateKeySigner)", run: repeat(ours) },
    ],
    planFor(context, { warmups: 2, rounds: 9, ops: 200 }, 20),
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "ops/s"));
  const [peer, chainkit] = figures as [Figure, Figure];
  for (const f of figures) f.ratio = f.value / peer.value;
  if (goal) {
    chainkit.goal = {
      text: `≥ 1.5× @nktkas/hyperliquid (${(chainkit.ratio as number).toFixed(2)}×)`,
      met: (chainkit.ratio as number) >= 1.5,
      peer: `@nktkas/hyperliquid ${peer.value.toFixed(1)} ops/s`,
    };
  }
  const usPerOp = figures
    .map((f) => `${f.label.split(" ")[0]} ${(1e6 / f.value).toFixed(0)} µs/op`)
    .join(", ");
  return {
    title: `${title}, action hash + EIP-712 Agent signature, same key and nonce sequence`,
    ratioLabel: "× @nktkas/hyperliquid",
    figures,
    notes: [
      usPerOp,
      ...(goal
        ? [
            "steady state: chainkit widens noble's base-point table after its 16th signature, which the warm-ups pass (the one-off cost of the wide table is not in these figures; row 2b shows a first signature)",
            "peers on this kind of machine: @nktkas/hyperliquid 669 ops/s",
          ]
        : []),
    ],
  };
}

/**
 * Measures row 4.
 *
 * @param context - Quick mode.
 */
export async function signing(context: BenchContext): Promise<RowResult> {
  const tables: Table[] = [];
  for (const { title, action, goal } of ACTIONS) tables.push(await table(context, title, action(), goal));
  return { id: "signing", title: "4. Signing", tables };
}
