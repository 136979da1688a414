import {
  type AccountProofInput,
  type BlockWithTransactionsInput,
  ProofError,
  type TransactionInput,
  type VerifiedAccount,
  verifyBlockHash,
  verifyProof,
  verifyTransactionHash,
  verifyTransactionsRoot,
} from "chainkit/evm";
import { describe, expect, it } from "vitest";
import { dataFlips, quantityFlips, type Tampered } from "./byte-flips.js";
import { derivedVectors, realVectors } from "./fixtures.js";

// Property test: change one byte anywhere a verifier reads (proof nodes, claimed values, keys, roots,
// signed transaction fields, header fields) and verification must fail with a ProofError.
// Every byte position is tried.

const flips = (hex: string) =>
  /^0x[0-9a-fA-F]{64}$|^0x[0-9a-fA-F]{40}$/.test(hex) ? dataFlips(hex) : quantityFlips(hex);

// Account cases carry no slots and slot cases carry only their slot: slots verify independently,
// and leaving the others out keeps thousands of cases fast without hiding any failure.
function* tamperedProofs(proof: AccountProofInput): Generator<Tampered<AccountProofInput>> {
  const account = { ...proof, storageProof: [] };
  for (const field of ["address", "nonce", "balance", "storageHash", "codeHash"] as const) {
    for (const flipped of flips(proof[field])) yield { what: field, value: { ...account, [field]: flipped } };
  }
  const nodeLists = (
    nodes: readonly string[],
    rebuild: (nodes: string[]) => AccountProofInput,
    name: string,
  ) => {
    const out: Tampered<AccountProofInput>[] = [];
    nodes.forEach((node, i) => {
      for (const flipped of dataFlips(node)) {
        out.push({ what: `${name}[${i}]`, value: rebuild(nodes.map((n, j) => (j === i ? flipped : n))) });
      }
      out.push({ what: `${name} without node ${i}`, value: rebuild(nodes.filter((_, j) => j !== i)) });
      if (i > 0) {
        const swapped = [...nodes];
        [swapped[i - 1], swapped[i]] = [nodes[i] as string, nodes[i - 1] as string];
        out.push({ what: `${name} nodes ${i - 1} and ${i} swapped`, value: rebuild(swapped) });
      }
    });
    out.push({ what: `${name} with an extra node`, value: rebuild([...nodes, nodes[0] ?? "0x80"]) });
    return out;
  };
  yield* nodeLists(proof.accountProof, (accountProof) => ({ ...account, accountProof }), "accountProof");
  for (const [s, slot] of proof.storageProof.entries()) {
    const withSlot = (changed: typeof slot) => ({ ...proof, storageProof: [changed] });
    for (const flipped of flips(slot.key))
      yield { what: `storageProof[${s}].key`, value: withSlot({ ...slot, key: flipped }) };
    for (const flipped of quantityFlips(slot.value)) {
      yield { what: `storageProof[${s}].value`, value: withSlot({ ...slot, value: flipped }) };
    }
    yield* nodeLists(slot.proof, (nodes) => withSlot({ ...slot, proof: nodes }), `storageProof[${s}].proof`);
  }
}

interface Survivor<T> {
  what: string;
  value: T;
  result: unknown;
}

function survivors<T>(
  cases: Iterable<Tampered<T>>,
  verify: (value: T) => unknown,
): { tried: number; passed: Survivor<T>[] } {
  let tried = 0;
  const passed: Survivor<T>[] = [];
  for (const { what, value } of cases) {
    tried++;
    try {
      passed.push({ what, value, result: verify(value) });
    } catch (err) {
      if (!(err instanceof ProofError)) throw err;
    }
  }
  return { tried, passed };
}

const names = <T>(list: Survivor<T>[]) => list.map((s) => s.what);

describe("tampered proofs never verify", () => {
  for (const { name, json } of realVectors("eth_getProof_")) {
    it(name, () => {
      const proof = json.result as AccountProofInput;
      const stateRoot = json.stateRoot as string;
      expect(() => verifyProof(proof, stateRoot)).not.toThrow();
      const roots = [...dataFlips(stateRoot)].map((root) => ({ what: "stateRoot", value: root }));
      const rootResult = survivors(roots, (root) => verifyProof(proof, root));
      expect([rootResult.tried, names(rootResult.passed)]).toEqual([32, []]);
      const result = survivors(tamperedProofs(proof), (tampered) => verifyProof(tampered, stateRoot));
      // Deliberately allowed: the nodes proving a slot empty can prove another key empty too. That
      // is a true answer about the other key, reported under it (getVerifiedProof refuses answers
      // for keys it did not ask for), so it is not a forgery.
      const forged = result.passed.filter(({ what, value, result: account }) => {
        const slot = /^storageProof\[(\d+)\]\.key$/.exec(what);
        if (!slot) return true;
        const index = Number(slot[1]);
        const reported = (account as VerifiedAccount).storage[0];
        const original = proof.storageProof[index];
        return !(
          BigInt(original?.value ?? "0x1") === 0n &&
          reported?.exists === false &&
          reported.value === 0n &&
          BigInt(reported.key) === BigInt(value.storageProof[0]?.key ?? "0x0") &&
          BigInt(reported.key) !== BigInt(original?.key ?? "0x0")
        );
      });
      expect(names(forged)).toEqual([]);
      expect(result.tried).toBeGreaterThan(1000);
    }, 180_000); // thousands of full verifications; generous for loaded machines
  }
});

const SIGNED_FIELDS: Record<string, readonly (keyof TransactionInput)[]> = {
  "0x0": ["nonce", "gasPrice", "gas", "to", "value", "input", "v", "r", "s", "chainId"],
  "0x1": ["chainId", "nonce", "gasPrice", "gas", "to", "value", "input", "yParity", "v", "r", "s"],
  "0x2": [
    "chainId",
    "nonce",
    "maxPriorityFeePerGas",
    "maxFeePerGas",
    "gas",
    "to",
    "value",
    "input",
    "yParity",
    "v",
    "r",
    "s",
  ],
  "0x3": [
    "chainId",
    "nonce",
    "maxPriorityFeePerGas",
    "maxFeePerGas",
    "maxFeePerBlobGas",
    "gas",
    "to",
    "value",
    "input",
    "yParity",
    "v",
    "r",
    "s",
  ],
  "0x4": [
    "chainId",
    "nonce",
    "maxPriorityFeePerGas",
    "maxFeePerGas",
    "gas",
    "to",
    "value",
    "input",
    "yParity",
    "v",
    "r",
    "s",
  ],
};

function* tamperedTransactions(tx: TransactionInput): Generator<Tampered<TransactionInput>> {
  const type = tx.type ?? "0x0";
  for (const field of SIGNED_FIELDS[type] ?? []) {
    const value = tx[field];
    if (typeof value !== "string") continue;
    const all = field === "input" || field === "to" ? dataFlips(value) : quantityFlips(value);
    for (const flipped of all) {
      // Deliberately skipped: some nodes write a typed transaction's v as yParity + 27, an equal form.
      if (field === "v" && tx.yParity != null && BigInt(flipped) === BigInt(tx.yParity) + 27n) continue;
      // Deliberately skipped: a pre-EIP-155 signature (v 27/28) carries no chain id to contradict.
      if (field === "chainId" && type === "0x0" && BigInt(tx.v ?? "0x0") < 35n) continue;
      yield { what: field, value: { ...tx, [field]: flipped } };
    }
  }
  for (const [i, entry] of (tx.accessList ?? []).entries()) {
    for (const flipped of dataFlips(entry.address)) {
      const accessList = tx.accessList?.map((e, j) => (j === i ? { ...e, address: flipped } : e));
      yield { what: `accessList[${i}].address`, value: { ...tx, accessList } };
    }
    for (const [k, key] of entry.storageKeys.entries()) {
      for (const flipped of dataFlips(key)) {
        const storageKeys = entry.storageKeys.map((other, j) => (j === k ? flipped : other));
        const accessList = tx.accessList?.map((e, j) => (j === i ? { ...e, storageKeys } : e));
        yield { what: `accessList[${i}].storageKeys[${k}]`, value: { ...tx, accessList } };
      }
    }
  }
  for (const [i, hash] of (tx.blobVersionedHashes ?? []).entries()) {
    for (const flipped of dataFlips(hash)) {
      const blobVersionedHashes = tx.blobVersionedHashes?.map((h, j) => (j === i ? flipped : h));
      yield { what: `blobVersionedHashes[${i}]`, value: { ...tx, blobVersionedHashes } };
    }
  }
  for (const [i, auth] of (tx.authorizationList ?? []).entries()) {
    for (const field of ["chainId", "address", "nonce", "yParity", "r", "s"] as const) {
      const value = auth[field] as string;
      for (const flipped of field === "address" ? dataFlips(value) : quantityFlips(value)) {
        const authorizationList = tx.authorizationList?.map((a, j) =>
          j === i ? { ...a, [field]: flipped } : a,
        );
        yield { what: `authorizationList[${i}].${field}`, value: { ...tx, authorizationList } };
      }
    }
  }
  for (const flipped of dataFlips(tx.hash as string)) yield { what: "hash", value: { ...tx, hash: flipped } };
}

const HEADER_FIELDS = [
  "parentHash",
  "sha3Uncles",
  "miner",
  "stateRoot",
  "transactionsRoot",
  "receiptsRoot",
  "logsBloom",
  "difficulty",
  "number",
  "gasLimit",
  "gasUsed",
  "timestamp",
  "extraData",
  "mixHash",
  "nonce",
  "baseFeePerGas",
  "withdrawalsRoot",
  "blobGasUsed",
  "excessBlobGas",
  "parentBeaconBlockRoot",
  "requestsHash",
  "hash",
] as const;
const QUANTITIES = new Set([
  "difficulty",
  "number",
  "gasLimit",
  "gasUsed",
  "timestamp",
  "baseFeePerGas",
  "blobGasUsed",
  "excessBlobGas",
]);

function* tamperedHeaders(
  block: BlockWithTransactionsInput,
): Generator<Tampered<BlockWithTransactionsInput>> {
  for (const field of HEADER_FIELDS) {
    const value = block[field];
    if (typeof value !== "string") continue;
    for (const flipped of QUANTITIES.has(field) ? quantityFlips(value) : dataFlips(value)) {
      yield { what: field, value: { ...block, [field]: flipped } };
    }
    if (field !== "hash") yield { what: `without ${field}`, value: { ...block, [field]: undefined } };
  }
}

describe("tampered blocks and transactions never verify", () => {
  const blocks = [...realVectors("eth_getBlockByHash_"), ...derivedVectors("derived_block_")];
  for (const { name, json } of blocks) {
    const block = json.result as BlockWithTransactionsInput;
    it(`${name}: header`, () => {
      const result = survivors(tamperedHeaders(block), verifyBlockHash);
      expect(names(result.passed)).toEqual([]);
      expect(result.tried).toBeGreaterThan(500);
    });
    const txs = (block.transactions ?? []).filter((tx): tx is TransactionInput => typeof tx === "object");
    if (txs.length === 0) continue;
    it(`${name}: every transaction and the transactions root`, () => {
      for (const tx of txs.slice(0, 12))
        expect(names(survivors(tamperedTransactions(tx), verifyTransactionHash).passed)).toEqual([]);
      const roots = [...dataFlips(block.transactionsRoot as string)].map((root) => ({
        what: "transactionsRoot",
        value: { ...block, transactionsRoot: root },
      }));
      const changed: Tampered<BlockWithTransactionsInput>[] = [
        ...roots,
        { what: "last transaction dropped", value: { ...block, transactions: txs.slice(0, -1) } },
      ];
      if (txs.length > 1) {
        const swapped = [txs[1] as TransactionInput, txs[0] as TransactionInput, ...txs.slice(2)];
        changed.push({ what: "first two transactions swapped", value: { ...block, transactions: swapped } });
      }
      expect(names(survivors(changed, (b) => verifyTransactionsRoot(b)).passed)).toEqual([]);
    });
  }

  for (const { name, json } of realVectors("eth_getTransactionByHash_")) {
    it(name, () => {
      const result = survivors(tamperedTransactions(json.result as TransactionInput), verifyTransactionHash);
      expect(names(result.passed)).toEqual([]);
      expect(result.tried).toBeGreaterThan(100);
    });
  }
});
