/**
 * Receipts root: chainkit's `verifyReceiptsRoot` next to what a user of @ethereumjs writes for the
 * same check: decode the hex, recompute each logs bloom and compare it, RLP-encode each receipt
 * (type ‖ rlp for typed ones), put them into an @ethereumjs/mpt trie under rlp(index) and compare
 * its root with the header's. On the execution-apis chain's block 54 (real client answers) and on a
 * 200-receipt block made from its receipts.
 */
import { readFileSync } from "node:fs";
import { MerklePatriciaTrie } from "@ethereumjs/mpt";
import { RLP } from "@ethereumjs/rlp";
import { bytesToHex, equalsBytes, hexToBytes } from "@ethereumjs/util";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { type ReceiptInput, verifyReceiptsRoot } from "chainkit/evm";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { interleaved } from "../lib/measure.js";
import { type Figure, type RowResult, type Table, timed } from "../lib/report.js";

interface Header {
  hash: string;
  number: string;
  receiptsRoot: string;
}

interface Block {
  header: Header;
  receipts: ReceiptInput[];
}

const fixture = JSON.parse(
  readFileSync(
    new URL("../../test/fixtures/verify/execution_apis_receipts_block_54.json", import.meta.url),
    "utf8",
  ),
) as { block: Header; receipts: ReceiptInput[] };

const hex = (value: string | null | undefined) => hexToBytes((value ?? "0x") as `0x${string}`);

function bloomOf(logs: NonNullable<ReceiptInput["logs"]>): Uint8Array {
  const bloom = new Uint8Array(256);
  for (const log of logs) {
    for (const value of [log.address, ...(log.topics ?? [])]) {
      const digest = keccak_256(hex(value));
      for (let i = 0; i < 6; i += 2) {
        const bit = (((digest[i] as number) << 8) | (digest[i + 1] as number)) & 2047;
        const at = 255 - (bit >> 3);
        bloom[at] = (bloom[at] as number) | (1 << (bit & 7));
      }
    }
  }
  return bloom;
}

/** The receipts root check written with @ethereumjs/mpt and @ethereumjs/rlp. */
async function verifyWithMpt(receipts: readonly ReceiptInput[], header: Header): Promise<string> {
  const trie = new MerklePatriciaTrie();
  for (const [i, receipt] of receipts.entries()) {
    const logs = receipt.logs ?? [];
    const bloom = hex(receipt.logsBloom);
    if (!equalsBytes(bloom, bloomOf(logs)))
      throw new Error(`receipt ${i}: logsBloom does not match its logs`);
    const body = RLP.encode([
      receipt.root ? hex(receipt.root) : BigInt(receipt.status ?? "0x0"),
      BigInt(receipt.cumulativeGasUsed ?? "0x0"),
      bloom,
      logs.map((log) => [hex(log.address), (log.topics ?? []).map(hex), hex(log.data)]),
    ]);
    const type = Number(receipt.type ?? "0x0");
    await trie.put(RLP.encode(i), type === 0 ? body : Uint8Array.from([type, ...body]));
  }
  const root = bytesToHex(trie.root());
  if (root !== header.receiptsRoot) throw new Error("receiptsRoot does not match the receipts");
  return root;
}

/** `count` receipts made from block 54's, renumbered so they form one consistent block. */
async function syntheticBlock(count: number): Promise<Block> {
  let cumulative = 0n;
  let logIndex = 0;
  const receipts = Array.from({ length: count }, (_, i) => {
    const source = fixture.receipts[i % fixture.receipts.length] as ReceiptInput;
    const gasUsed = BigInt(source.gasUsed as string);
    cumulative += gasUsed;
    const transactionHash = `0x${i.toString(16).padStart(64, "0")}`;
    const transactionIndex = `0x${i.toString(16)}`;
    return {
      ...structuredClone(source),
      transactionHash,
      transactionIndex,
      cumulativeGasUsed: `0x${cumulative.toString(16)}`,
      logs: (source.logs ?? []).map((log) => ({
        ...log,
        transactionHash,
        transactionIndex,
        logIndex: `0x${(logIndex++).toString(16)}`,
      })),
    };
  });
  const { hash, number } = fixture.block;
  const header = { hash, number, receiptsRoot: "" };
  // The root comes from the peer, so both sides are checked against a root neither computed alone.
  const trie = new MerklePatriciaTrie();
  for (const [i, receipt] of receipts.entries()) {
    const body = RLP.encode([
      BigInt(receipt.status as string),
      BigInt(receipt.cumulativeGasUsed),
      hex(receipt.logsBloom),
      receipt.logs.map((log) => [hex(log.address), (log.topics ?? []).map(hex), hex(log.data)]),
    ]);
    await trie.put(RLP.encode(i), body);
  }
  header.receiptsRoot = bytesToHex(trie.root());
  return { header, receipts };
}

async function table(
  label: string,
  { header, receipts }: Block,
  context: BenchContext,
  ops: number,
): Promise<Table> {
  check(verifyReceiptsRoot(receipts, header) === header.receiptsRoot, `chainkit verifies ${label}`);
  check((await verifyWithMpt(receipts, header)) === header.receiptsRoot, `@ethereumjs verifies ${label}`);
  const forged = receipts.map((r, i) => (i === receipts.length - 1 ? { ...r, status: "0x0" } : r));
  let refused = 0;
  try {
    verifyReceiptsRoot(forged, header);
  } catch {
    refused++;
  }
  await verifyWithMpt(forged, header).catch(() => refused++);
  check(refused === 2, "both refuse a changed status");

  const samples = await interleaved(
    [
      {
        name: "@ethereumjs/mpt + rlp",
        run: async (n: number) => {
          for (let i = 0; i < n; i++) await verifyWithMpt(receipts, header);
        },
      },
      {
        name: "chainkit/evm verifyReceiptsRoot",
        run: (n: number) => {
          for (let i = 0; i < n; i++) verifyReceiptsRoot(receipts, header);
        },
      },
    ],
    planFor(context, { warmups: 2, rounds: 9, ops }, Math.max(1, Math.floor(ops / 10))),
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "µs"));
  const [peer] = figures as [Figure, Figure];
  for (const f of figures) f.ratio = peer.value / f.value;
  const logs = receipts.reduce((n, r) => n + (r.logs?.length ?? 0), 0);
  return {
    title: `${label}: ${receipts.length} receipts, ${logs} logs, per verification`,
    ratioLabel: "× faster than @ethereumjs/mpt",
    figures,
    notes: [],
  };
}

/**
 * Measures the receipts-root row.
 *
 * @param context - Quick mode.
 */
export async function receipts(context: BenchContext): Promise<RowResult> {
  const tables = [
    await table(
      "execution-apis block 54",
      { header: fixture.block, receipts: fixture.receipts },
      context,
      500,
    ),
    await table(
      "200-receipt block (block 54's receipts, renumbered)",
      await syntheticBlock(200),
      context,
      20,
    ),
  ];
  (tables[1] as Table).notes?.push(
    "both sides decode hex, recompute and compare every logs bloom, encode every receipt, build the trie and compare its root",
    "chainkit also checks each receipt's position, block, gasUsed and every log's index and copies (work the peer skips)",
    "chainkit hashes with @noble/hashes and builds the trie bottom-up from sorted keys (src/evm/verify/trie.ts), without a node database",
    "chainkit hashes each distinct log address and topic once per block for the blooms; this block repeats 4 receipts, so it gains more from that than a real block would",
  );
  return { id: "receipts", title: "Receipts root", tables };
}
