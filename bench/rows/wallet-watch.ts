/**
 * Row wallet-watch: following payments block by block. The sandbox's wallet node (a real socket on
 * 127.0.0.1) holds 1,000 blocks shaped as java-tron answers them, each with one payment to a
 * watched address (TRX, TRC-10 and TRC-20 in turn). chainkit's `watchPayments` reads them all
 * against a hand loop a user would write: `getblockbynum` and `gettransactioninfobyblocknum` for
 * every height with fetch + JSON.parse, picking the payments out by hand.
 */
import { createWalletClient, type Payment, privateKeySigner, toBase58Address } from "chainkit/wallet";
import { serveSurface } from "../../src/sandbox/http-server.js";
import { NodeAuthRegistry } from "../../src/sandbox/node-auth.js";
import { createWalletSurface } from "../../src/sandbox/wallet/wallet-surface.js";
import { type BenchContext, check } from "../lib/context.js";
import type { Figure, RowResult } from "../lib/report.js";

const BLOCKS = 1_000;
const TOKEN = "bench-watch-token";
const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** The parts of java-tron's answers the hand loop reads. */
interface HandBlock {
  transactions?: {
    ret?: { contractRet?: string }[];
    raw_data: { contract: { parameter: { value: { to_address?: string } } }[] };
  }[];
}
type HandInfos = { log?: { topics?: string[] }[] }[];

/** The hand loop: two requests per height, payments picked out of the JSON by hand. */
async function handLoop(base: string, watched: Set<string>, first: number, last: number): Promise<number> {
  const post = async (path: string, body: object): Promise<unknown> =>
    (await fetch(`${base}/wallet/${path}`, { method: "POST", body: JSON.stringify(body) })).json();
  let found = 0;
  for (let num = first; num <= last; num++) {
    const [block, infos] = (await Promise.all([
      post("getblockbynum", { num, visible: true }),
      post("gettransactioninfobyblocknum", { num, visible: true }),
    ])) as [HandBlock, HandInfos];
    for (const transaction of block.transactions ?? []) {
      const to = transaction.raw_data.contract[0]?.parameter.value.to_address ?? "";
      if (transaction.ret?.[0]?.contractRet === "SUCCESS" && watched.has(to)) found++;
    }
    for (const info of infos) {
      for (const log of info.log ?? []) {
        const to = toBase58Address(`41${String(log.topics?.[2]).slice(24)}`);
        if (log.topics?.[0] === TRANSFER_TOPIC && watched.has(to)) found++;
      }
    }
  }
  return found;
}

/**
 * Measures the row.
 *
 * @param context - Quick mode: one round instead of three.
 */
export async function walletWatch(context: BenchContext): Promise<RowResult> {
  const watched = [privateKeySigner("a7".repeat(32)).address, privateKeySigner("b8".repeat(32)).address];
  const surface = await createWalletSurface({ blockIntervalMs: 0, paymentsTo: watched });
  const nodeAuth = new NodeAuthRegistry();
  nodeAuth.add({ token: TOKEN, username: "bench", password: "bench-watch" });
  const server = await serveSurface({ name: "wallet", auth: "node", nodeAuth, handler: surface.handler });
  try {
    const first = Number(surface.producePaymentBlock().number);
    for (let i = 1; i < BLOCKS; i++) surface.producePaymentBlock();
    const base = `${server.url}/${TOKEN}`;
    const watchedSet = new Set(watched);
    const contenders = [
      {
        name: "hand loop: getblockbynum + gettransactioninfobyblocknum, fetch + JSON.parse",
        run: () => handLoop(base, watchedSet, first, first + BLOCKS - 1),
      },
      ...[true, false].map((validateResponse) => ({
        name: `chainkit/wallet watchPayments, validation ${validateResponse ? "on" : "off"}`,
        run: async () => {
          const wallet = createWalletClient({
            url: server.url,
            credentials: { token: TOKEN },
            validateResponse,
          });
          const seen: Payment[] = [];
          for await (const payment of wallet.watchPayments({
            addresses: watched,
            fromBlock: first,
            pollIntervalMs: 1,
          })) {
            seen.push(payment);
            if (seen.length === BLOCKS) break;
          }
          return seen.length;
        },
      })),
    ];
    const rounds = context.quick ? 1 : 3;
    const best = new Map<string, number>();
    for (let round = 0; round < rounds; round++) {
      for (const contender of contenders) {
        const start = performance.now();
        const found = await contender.run();
        const ms = performance.now() - start;
        check(found === BLOCKS, `${contender.name} finds all ${BLOCKS} payments (found ${found})`);
        best.set(contender.name, Math.min(best.get(contender.name) ?? Number.POSITIVE_INFINITY, ms));
      }
    }
    const figures: Figure[] = contenders.map((contender) => ({
      label: contender.name,
      value: (best.get(contender.name) as number) / BLOCKS,
      unit: "ms/block",
    }));
    const base0 = figures[0] as Figure;
    for (const figure of figures) figure.ratio = figure.value / base0.value;
    return {
      id: "wallet-watch",
      title: "Wallet payment watcher",
      tables: [
        {
          title: `${BLOCKS} sandbox blocks with one payment each (TRX, TRC-10, TRC-20 in turn), loopback HTTP, best of ${rounds}`,
          ratioLabel: "÷ hand loop",
          figures,
          notes: [
            "the watcher reads a block's receipts only when it holds a contract call (a third of these blocks), and checks each block follows the one before",
            "validation on checks every block and receipt against the spec and reads int64s as bigint; the hand loop does neither",
          ],
        },
      ],
    };
  } finally {
    await server.close();
    await surface.close();
  }
}
