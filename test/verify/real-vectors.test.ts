import {
  type AccountProofInput,
  type BlockWithTransactionsInput,
  type TransactionInput,
  verifyBlockHash,
  verifyProof,
  verifyTransactionHash,
  verifyTransactionsRoot,
} from "chainkit/evm";
import { describe, expect, it } from "vitest";
import { derivedVectors, realVector, realVectors } from "./fixtures.js";

const EMPTY_STORAGE = "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421";
const EMPTY_CODE = "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
const ABSENT_ACCOUNTS = new Set([
  "eth_getProof_mainnet_unknownblock_0xccafdd64.json",
  "eth_getProof_ropsten_nonexistentAccount.json",
]);

describe("verifyProof on real eth_getProof answers", () => {
  const proofs = realVectors("eth_getProof_");
  it("has the proof vectors", () => expect(proofs.length).toBeGreaterThanOrEqual(9));

  for (const { name, json } of proofs) {
    it(name, () => {
      const proof = json.result as AccountProofInput;
      const account = verifyProof(proof, json.stateRoot as string);
      expect(account.address).toBe(proof.address.toLowerCase());
      expect(account.exists).toBe(!ABSENT_ACCOUNTS.has(name));
      expect(account.nonce).toBe(BigInt(proof.nonce));
      expect(account.balance).toBe(BigInt(proof.balance));
      expect(account.storageHash).toBe(proof.storageHash.toLowerCase());
      expect(account.codeHash).toBe(proof.codeHash.toLowerCase());
      if (!account.exists) {
        expect([account.nonce, account.balance, account.storageHash, account.codeHash]).toEqual([
          0n,
          0n,
          EMPTY_STORAGE,
          EMPTY_CODE,
        ]);
      }
      expect(account.storage.map((slot) => slot.value)).toEqual(
        proof.storageProof.map((slot) => BigInt(slot.value)),
      );
      for (const slot of account.storage) expect(slot.exists).toBe(slot.value !== 0n);
      // When the vector carries its block, the header hash holds and commits to this state root.
      const block = (json.block ?? json.blockHeader) as BlockWithTransactionsInput | undefined;
      if (block) {
        expect(verifyBlockHash(block)).toBe(json.blockHash);
        expect(block.stateRoot).toBe(json.stateRoot);
      }
    });
  }

  it("reports a present slot and a proven-empty slot (Ropsten contract)", () => {
    const json = realVector<{ result: unknown; stateRoot: string }>(
      "eth_getProof_ropsten_contractWithStorage",
    );
    const { storage } = verifyProof(json.result as AccountProofInput, json.stateRoot);
    expect(storage.map(({ value, exists }) => ({ value, exists }))).toEqual([
      { value: 0x1e4ebdd7n, exists: true },
      { value: 0n, exists: false },
    ]);
    expect(storage[0]?.key).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("accepts quantities with leading zeros (compared as numbers)", () => {
    const json = realVector<{ result: AccountProofInput; stateRoot: string }>(
      "eth_getProof_mainnet_499999_eoa",
    );
    const padded = {
      ...json.result,
      nonce: `0x000${json.result.nonce.slice(2)}`,
      balance: `0x00${json.result.balance.slice(2)}`,
    };
    expect(verifyProof(padded, json.stateRoot).balance).toBe(BigInt(json.result.balance));
  });
});

describe("proof node hex spellings", () => {
  const json = realVector<{ result: AccountProofInput; stateRoot: string }>(
    "eth_getProof_ropsten_contractWithStorage",
  );
  const withNode = (i: number, spell: (hex: string) => string): AccountProofInput => ({
    ...json.result,
    accountProof: json.result.accountProof.map((node, j) => (j === i ? spell(node) : node)),
  });

  it("accepts upper-case digits and a 0X prefix", () => {
    const upper = verifyProof(
      withNode(1, (hex) => `0X${hex.slice(2).toUpperCase()}`),
      json.stateRoot,
    );
    expect(upper).toEqual(verifyProof(json.result, json.stateRoot));
  });

  it("names the node holding a non-hex character, an odd length or a missing prefix", () => {
    const spellings = [
      (hex: string) => `${hex.slice(0, 10)}zz${hex.slice(12)}`,
      (hex: string) => `${hex}0`,
      (hex: string) => hex.slice(2),
    ];
    for (const spell of spellings) {
      expect(() => verifyProof(withNode(2, spell), json.stateRoot)).toThrow(
        expect.objectContaining({ subject: "accountProof", field: "accountProof[2]" }),
      );
    }
  });
});

describe("block hashes, transaction hashes and transactions roots", () => {
  const blocks = [...realVectors("eth_getBlockByHash_"), ...derivedVectors("derived_block_")];
  it("has real blocks from several forks and the derived Prague block", () => {
    const fieldCounts = blocks
      .map(({ json }) => json.result as Record<string, unknown>)
      .map((b) =>
        b.requestsHash
          ? "prague"
          : b.parentBeaconBlockRoot
            ? "cancun"
            : b.withdrawalsRoot
              ? "shanghai"
              : b.baseFeePerGas
                ? "london"
                : "frontier",
      );
    expect(new Set(fieldCounts)).toEqual(new Set(["frontier", "london", "shanghai", "cancun", "prague"]));
  });

  for (const { name, json } of blocks) {
    const block = json.result as BlockWithTransactionsInput;
    it(`${name}: header hash`, () => {
      expect(verifyBlockHash(block)).toBe(block.hash);
    });
    const transactions = block.transactions ?? [];
    if (transactions.length > 0 && typeof transactions[0] === "object") {
      it(`${name}: every transaction hash and the transactions root`, () => {
        for (const tx of transactions as TransactionInput[]) expect(verifyTransactionHash(tx)).toBe(tx.hash);
        expect(verifyTransactionsRoot(block).transactionsRoot).toBe(block.transactionsRoot);
      });
    }
  }

  it("covers every transaction type across the vectors", () => {
    const types = new Set(
      blocks.flatMap(({ json }) =>
        ((json.result as BlockWithTransactionsInput).transactions ?? []).map((tx) =>
          typeof tx === "object" ? (tx.type ?? "0x0") : "hash",
        ),
      ),
    );
    for (const type of ["0x0", "0x1", "0x2", "0x3", "0x4"]) expect(types).toContain(type);
  });

  for (const { name, json } of realVectors("eth_getTransactionByHash_")) {
    it(`${name}: transaction hash`, () => {
      const tx = json.result as TransactionInput;
      expect(verifyTransactionHash(tx)).toBe(tx.hash);
    });
  }

  it("ots_getHeaderByNumber sample: header hash", () => {
    const json = realVector<{ derived_sample: { result: { hash: string } } }>("ots_getHeaderByNumber_");
    expect(verifyBlockHash(json.derived_sample.result)).toBe(json.derived_sample.result.hash);
  });

  it("pads a short header nonce to 8 bytes", () => {
    const json = realVector<{ result: BlockWithTransactionsInput }>("eth_getBlockByHash_mainnet_21925176");
    expect(verifyBlockHash({ ...json.result, nonce: "0x0" })).toBe(json.result.hash);
  });
});
