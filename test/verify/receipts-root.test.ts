import { RLP } from "@ethereumjs/rlp";
import {
  type BlockWithTransactionsInput,
  EMPTY_TRIE_ROOT,
  encodeReceipt,
  indexKey,
  ProofError,
  type ReceiptInput,
  trieRoot,
  verifyBlockHash,
  verifyReceiptsRoot,
  walkProof,
} from "chainkit/evm";
import { describe, expect, it } from "vitest";
import { dataFlips, type Tampered } from "./byte-flips.js";
import { verifyFixture, verifyFixtures } from "./fixtures.js";
import { tamperedReceipt, tamperedReceipts } from "./receipt-tampering.js";

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.slice(2), "hex"));
const hex = (data: Uint8Array) => `0x${Buffer.from(data).toString("hex")}`;

/** Fields the header does not commit to: `evm.getVerifiedReceipt` ties them to the transaction instead. */
const NOT_IN_HEADER = new Set([
  "transactionHash",
  "from",
  "to",
  "contractAddress",
  "effectiveGasPrice",
  "blobGasPrice",
]);

interface BlockReceipts {
  block: BlockWithTransactionsInput;
  receipts: ReceiptInput[];
}

/** The tampered values that still verify (there must be none), and how many were tried. */
function survivors<T>(cases: Iterable<Tampered<T>>, verify: (value: T) => unknown) {
  let tried = 0;
  const passed: string[] = [];
  for (const { what, value } of cases) {
    tried++;
    try {
      verify(value);
      passed.push(what);
    } catch (error) {
      if (!(error instanceof ProofError)) throw error;
    }
  }
  return { tried, passed };
}

describe("verifyReceiptsRoot on the execution-apis chain (real client answers)", () => {
  const blocks = verifyFixtures("execution_apis_receipts_");
  it("has blocks with logs", () => {
    expect(blocks.map(({ name }) => name)).toEqual([
      "execution_apis_receipts_block_1.json",
      "execution_apis_receipts_block_54.json",
    ]);
    const logs = blocks.flatMap(({ json }) =>
      (json as unknown as BlockReceipts).receipts.flatMap((r) => r.logs),
    );
    expect(logs.length).toBeGreaterThan(10);
  });

  for (const { name, json } of blocks) {
    const { block, receipts } = json as unknown as BlockReceipts;

    it(`${name}: the receipts hash to the header's receiptsRoot, under a header whose hash holds`, () => {
      expect(verifyBlockHash(block)).toBe(block.hash);
      expect(verifyReceiptsRoot(receipts, block)).toBe(block.receiptsRoot);
      // A header without hash, number or timestamp (only the root) still checks the trie.
      expect(verifyReceiptsRoot(receipts, { receiptsRoot: block.receiptsRoot })).toBe(block.receiptsRoot);
    });

    it(`${name}: every tampered receipt, log, bloom or list is refused with a ProofError`, () => {
      const result = survivors(tamperedReceipts(receipts, NOT_IN_HEADER), (changed) =>
        verifyReceiptsRoot(changed, block),
      );
      expect(result.passed).toEqual([]);
      expect(result.tried).toBeGreaterThan(1000);
      const roots = [...dataFlips(block.receiptsRoot as string)].map((root) => ({ what: root, value: root }));
      expect(
        survivors(roots, (root) => verifyReceiptsRoot(receipts, { ...block, receiptsRoot: root })).passed,
      ).toEqual([]);
      for (const field of ["hash", "number", "timestamp"] as const) {
        const value = block[field] as string;
        const other = field === "hash" ? `0x${"11".repeat(32)}` : `0x${(BigInt(value) + 1n).toString(16)}`;
        if (field === "timestamp" && !receipts.some((r) => r.logs?.length)) continue; // only logs carry it
        expect(() => verifyReceiptsRoot(receipts, { ...block, [field]: other }), field).toThrow(ProofError);
      }
    });
  }
});

describe("a mainnet receipt (block 21,925,176) proven against the real receiptsRoot", () => {
  const { header, receipt, receiptProof } = verifyFixture<{
    header: BlockWithTransactionsInput;
    receipt: ReceiptInput;
    receiptProof: string[];
  }>("receipt_proof_mainnet_21925176");
  const provenLeaf = () =>
    walkProof(
      bytes(header.receiptsRoot as string),
      indexKey(Number(receipt.transactionIndex)),
      receiptProof.map(bytes),
      "receiptProof",
    );

  it("encodes the type-2 receipt exactly as the trie holds it", () => {
    expect(verifyBlockHash(header)).toBe(header.hash);
    expect(hex(provenLeaf() as Uint8Array)).toBe(hex(encodeReceipt(receipt)));
  });

  it("no tampering of a field the trie holds gives the proven encoding", () => {
    const leaf = hex(provenLeaf() as Uint8Array);
    const consensus =
      /^(type|status|cumulativeGasUsed|logsBloom|logs\[\d+\]\.(address|topics|data)|logs\[\d+\] (with|without|dropped)|a log|first two)/;
    let tried = 0;
    for (const { what, value } of tamperedReceipt(receipt)) {
      if (!consensus.test(what)) continue;
      tried++;
      let encoded: string | undefined;
      try {
        encoded = hex(encodeReceipt(value));
      } catch (error) {
        expect(error, what).toBeInstanceOf(ProofError);
      }
      expect(encoded, what).not.toBe(leaf);
    }
    expect(tried).toBeGreaterThan(700);
  });
});

describe("receipt encodings, next to an independent RLP encoder", () => {
  const receipt = verifyFixture<BlockReceipts>("execution_apis_receipts_block_54")
    .receipts[1] as ReceiptInput;
  const logs = (receipt.logs ?? []).map((log) => [
    bytes(log.address as string),
    (log.topics ?? []).map(bytes),
    bytes(log.data as string),
  ]);
  const fields = (outcome: Uint8Array) => [
    outcome,
    BigInt(receipt.cumulativeGasUsed as string),
    bytes(receipt.logsBloom as string),
    logs,
  ];

  for (const type of [0, 1, 2, 3, 4]) {
    it(`type ${type}`, () => {
      const body = RLP.encode(fields(Uint8Array.of(1)));
      const expected = type === 0 ? body : Uint8Array.from([type, ...body]);
      expect(hex(encodeReceipt({ ...receipt, type: `0x${type}` }))).toBe(hex(expected));
    });
  }

  it("a failed transaction (status 0) and a receipt without type", () => {
    const expected = RLP.encode(fields(new Uint8Array(0)));
    expect(hex(encodeReceipt({ ...receipt, type: undefined, status: "0x0" }))).toBe(hex(expected));
  });

  it("a pre-Byzantium receipt, which carries the post-state root instead of a status", () => {
    const root = `0x${"5d".repeat(32)}`;
    const expected = RLP.encode(fields(bytes(root)));
    expect(hex(encodeReceipt({ ...receipt, type: undefined, status: undefined, root }))).toBe(hex(expected));
  });
});

describe("what a failure names", () => {
  const { block, receipts } = verifyFixture<BlockReceipts>("execution_apis_receipts_block_54");
  const withReceipt = (i: number, change: (r: ReceiptInput) => ReceiptInput) =>
    receipts.map((r, k) => (k === i ? change(r) : r));
  const failure = (changed: ReceiptInput[], header: BlockWithTransactionsInput = block) => {
    try {
      verifyReceiptsRoot(changed, header);
    } catch (error) {
      return error as ProofError;
    }
    throw new Error("expected a ProofError");
  };

  it("the receipt, the log and the field", () => {
    const cases: [ReceiptInput[], string, string][] = [
      [withReceipt(1, (r) => ({ ...r, logsBloom: `0x${"00".repeat(256)}` })), "receipts[1]", "logsBloom"],
      [
        withReceipt(1, (r) => ({
          ...r,
          logs: r.logs?.map((log, j) => (j === 2 ? { ...log, topics: ["0x12"] } : log)),
        })),
        "receipts[1]",
        "logs[2].topics[0]",
      ],
      [
        withReceipt(1, (r) => ({
          ...r,
          logs: r.logs?.map((log, j) => (j === 1 ? { ...log, logIndex: "0x7" } : log)),
        })),
        "receipts[1]",
        "logs[1].logIndex",
      ],
      [withReceipt(2, (r) => ({ ...r, gasUsed: "0x1" })), "receipts[2]", "gasUsed"],
      [withReceipt(0, (r) => ({ ...r, transactionIndex: "0x1" })), "receipts[0]", "transactionIndex"],
      [withReceipt(3, (r) => ({ ...r, blockHash: `0x${"22".repeat(32)}` })), "receipts[3]", "blockHash"],
      [withReceipt(0, (r) => ({ ...r, type: "0x7e" })), "receipts[0]", "type"],
      [withReceipt(0, (r) => ({ ...r, status: "0x2" })), "receipts[0]", "status"],
      [withReceipt(0, (r) => ({ ...r, root: `0x${"33".repeat(32)}` })), "receipts[0]", "status"],
      [withReceipt(0, (r) => ({ ...r, status: "0x0" })), "receipts", "receiptsRoot"],
    ];
    for (const [changed, subject, field] of cases) {
      expect(failure(changed), `${subject} ${field}`).toMatchObject({ name: "ProofError", subject, field });
    }
    expect(failure(receipts, { ...block, receiptsRoot: undefined })).toMatchObject({
      subject: "header",
      field: "receiptsRoot",
    });
  });

  it("a failed status committed as RLP's empty string (Ethereum) or as a 0x00 byte (ganache 7)", () => {
    const failed = withReceipt(2, (r) => ({ ...r, status: "0x0" }));
    const rootWith = (failure: Uint8Array) => {
      const values = failed.map((r) =>
        RLP.encode([
          r.status === "0x0" ? failure : Uint8Array.of(1),
          BigInt(r.cumulativeGasUsed as string),
          bytes(r.logsBloom as string),
          (r.logs ?? []).map((log) => [
            bytes(log.address as string),
            (log.topics ?? []).map(bytes),
            bytes(log.data as string),
          ]),
        ]),
      );
      return hex(trieRoot(values.map((value, i) => ({ key: indexKey(i), value }))));
    };
    for (const receiptsRoot of [rootWith(new Uint8Array(0)), rootWith(Uint8Array.of(0))]) {
      expect(verifyReceiptsRoot(failed, { ...block, receiptsRoot })).toBe(receiptsRoot);
      expect(() => verifyReceiptsRoot(receipts, { ...block, receiptsRoot })).toThrow(
        expect.objectContaining({ field: "receiptsRoot" }),
      );
    }
  });

  it("an empty block has the empty root, and receipts claimed for it do not", () => {
    const empty = { receiptsRoot: hex(EMPTY_TRIE_ROOT) };
    expect(verifyReceiptsRoot([], empty)).toBe(hex(EMPTY_TRIE_ROOT));
    expect(() => verifyReceiptsRoot(receipts, empty)).toThrow(
      expect.objectContaining({ field: "receiptsRoot" }),
    );
    expect(() => verifyReceiptsRoot([], block)).toThrow(expect.objectContaining({ field: "receiptsRoot" }));
  });
});
