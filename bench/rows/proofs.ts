/**
 * Row 5, proofs: chainkit's `verifyProof` on real eth_getProof answers (the deposit contract with a
 * storage slot, and an EOA) next to @ethereumjs/mpt `verifyMerkleProof` doing the same work: hex
 * decoding, key hashing, the account walk to the state root, the account fields compared, and the
 * storage walk to the proven storage root with the slot value compared.
 */
import { verifyMerkleProof } from "@ethereumjs/mpt";
import { RLP } from "@ethereumjs/rlp";
import { bytesToBigInt, equalsBytes, hexToBytes } from "@ethereumjs/util";
import { verifyProof } from "chainkit/evm";
import { type BenchContext, check, planFor } from "../lib/context.js";
import { depositProof, eoaProof, type ProofAnswer } from "../lib/fixtures.js";
import { interleaved } from "../lib/measure.js";
import { type Figure, type RowResult, type Table, timed } from "../lib/report.js";

const EMPTY_CODE_HASH = hexToBytes("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
const EMPTY_TRIE_ROOT = hexToBytes("0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421");

const quantity = (hex: string) => BigInt(hex === "0x" ? "0x0" : hex);

/**
 * The same verification on @ethereumjs/mpt: what a user of that library writes to check an
 * eth_getProof answer against a state root.
 */
async function verifyWithMpt(proof: ProofAnswer, stateRoot: string): Promise<bigint[]> {
  const root = hexToBytes(stateRoot as `0x${string}`);
  const leaf = await verifyMerkleProof(
    hexToBytes(proof.address as `0x${string}`),
    proof.accountProof.map((node) => hexToBytes(node as `0x${string}`)),
    { root, useKeyHashing: true },
  );
  const [nonce, balance, storageRoot, codeHash] = leaf
    ? (RLP.decode(leaf) as Uint8Array[])
    : [new Uint8Array(), new Uint8Array(), EMPTY_TRIE_ROOT, EMPTY_CODE_HASH];
  if (
    bytesToBigInt(nonce as Uint8Array) !== quantity(proof.nonce) ||
    bytesToBigInt(balance as Uint8Array) !== quantity(proof.balance) ||
    !equalsBytes(storageRoot as Uint8Array, hexToBytes(proof.storageHash as `0x${string}`)) ||
    !equalsBytes(codeHash as Uint8Array, hexToBytes(proof.codeHash as `0x${string}`))
  ) {
    throw new Error("account fields do not match the proof");
  }
  const values: bigint[] = [];
  for (const slot of proof.storageProof) {
    const key = hexToBytes(`0x${slot.key.slice(2).padStart(64, "0")}`);
    const value = await verifyMerkleProof(
      key,
      slot.proof.map((node) => hexToBytes(node as `0x${string}`)),
      { root: storageRoot as Uint8Array, useKeyHashing: true },
    );
    const proven = value ? bytesToBigInt(RLP.decode(value) as Uint8Array) : 0n;
    if (proven !== quantity(slot.value)) throw new Error("slot value does not match the proof");
    values.push(proven);
  }
  return values;
}

async function table(
  label: string,
  proof: ProofAnswer,
  stateRoot: string,
  context: BenchContext,
): Promise<Table> {
  const ours = verifyProof(proof, stateRoot);
  const theirs = await verifyWithMpt(proof, stateRoot);
  check(ours.exists && ours.storage.every((slot, i) => slot.value === theirs[i]), `both verify the ${label}`);
  let refused = false;
  try {
    verifyProof(proof, `0x${"11".repeat(32)}`);
  } catch {
    refused = true;
  }
  check(refused, "a wrong state root is refused");

  const samples = await interleaved(
    [
      {
        name: "@ethereumjs/mpt verifyMerkleProof",
        run: async (ops: number) => {
          for (let i = 0; i < ops; i++) await verifyWithMpt(proof, stateRoot);
        },
      },
      {
        name: "chainkit/evm verifyProof",
        run: (ops: number) => {
          for (let i = 0; i < ops; i++) verifyProof(proof, stateRoot);
        },
      },
    ],
    planFor(context, { warmups: 2, rounds: 9, ops: 200 }, 20),
  );
  const figures: Figure[] = samples.map((sample) => timed(sample.name, sample, "µs"));
  const [peer, chainkit] = figures as [Figure, Figure];
  for (const f of figures) f.ratio = peer.value / f.value;
  chainkit.goal = { text: "≥ 2×", met: (chainkit.ratio as number) >= 2 };
  const nodes = proof.accountProof.length + proof.storageProof.reduce((n, s) => n + s.proof.length, 0);
  return {
    title: `${label}: ${nodes} proof nodes, per verification`,
    ratioLabel: "× faster than @ethereumjs/mpt",
    figures,
    notes: [],
  };
}

/**
 * Measures row 5.
 *
 * @param context - Quick mode.
 */
export async function proofs(context: BenchContext): Promise<RowResult> {
  const tables = [
    await table(
      "deposit contract, account + storage slot 0x1 (mainnet 21,925,176)",
      depositProof.result,
      depositProof.stateRoot,
      context,
    ),
    await table("EOA, account only (mainnet 21,925,176)", eoaProof.result, eoaProof.stateRoot, context),
  ];
  (tables[1] as Table).notes?.push(
    "both sides decode hex, hash keys, walk to the root, and compare every account field and slot value",
    "chainkit hashes with its unrolled keccak-256 (src/runtime/hashing/keccak-256.ts) and walks each node in place (src/evm/verify/trie.ts), without decoding it into arrays",
    "peers on this kind of machine: @ethereumjs/mpt 884 µs (account + storage, with hex decode and key hashing)",
  );
  return { id: "proofs", title: "5. Proofs", tables };
}
