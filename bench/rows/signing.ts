/**
 * Row 4, signing: a 20-modify batchModify signed with chainkit's `signL1Action` and a
 * `privateKeySigner`, next to @nktkas/hyperliquid's `signL1Action` with a viem
 * `privateKeyToAccount` wallet, both from the same private key.
 */
import { signL1Action as nktkasSign } from "@nktkas/hyperliquid/signing";
import { privateKeySigner, signL1Action } from "chainkit/exchange";
import { privateKeyToAccount } from "viem/accounts";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { batchModify20, PRIVATE_KEY } from "../lib/fixtures.js";
import { interleaved } from "../lib/measure.js";
import { type Figure, type RowResult, timed } from "../lib/report.js";

/**
 * Measures row 4.
 *
 * @param context - Quick mode.
 */
export async function signing(context: BenchContext): Promise<RowResult> {
  const action = batchModify20();
  const signer = privateKeySigner(PRIVATE_KEY);
  const wallet = privateKeyToAccount(PRIVATE_KEY);
  let nonce = 1_700_000_000_000;
  const ours = (n: number) => signL1Action({ signer, action, nonce: n, isMainnet: true });
  const theirs = (n: number) => nktkasSign({ wallet, action, nonce: n, isTestnet: false });

  // Same key, action and nonce: both must produce the same signature.
  const [a, b] = await Promise.all([ours(nonce), theirs(nonce)]);
  check(a.r === b.r && a.s === b.s && a.v === b.v, "chainkit and @nktkas/hyperliquid sign identically");

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
  chainkit.goal = { text: "≥ 1.5×", met: (chainkit.ratio as number) >= 1.5 };
  const usPerOp = figures
    .map((f) => `${f.label.split(" ")[0]} ${(1e6 / f.value).toFixed(0)} µs/op`)
    .join(", ");
  return {
    id: "signing",
    title: "4. Signing",
    tables: [
      {
        title: "batchModify × 20, action hash + EIP-712 Agent signature, same key and nonce sequence",
        ratioLabel: "× @nktkas/hyperliquid",
        figures,
        notes: [
          usPerOp,
          "steady state: chainkit widens noble's base-point table after its 16th signature, which the warm-ups pass (the one-off cost of the wide table is not in these figures; row 2b shows a first signature)",
          "peers on this kind of machine: @nktkas/hyperliquid 669 ops/s",
        ],
      },
    ],
  };
}
