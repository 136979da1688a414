import { createMerkleProof, createMPT } from "@ethereumjs/mpt";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { EMPTY_TRIE_ROOT, ProofError, trieRoot, walkProof } from "chainkit/evm";
import { describe, expect, it } from "vitest";
import { decodeRlp, encodeBytes, encodeList, encodeRlp } from "../../src/evm/verify/rlp.js";

// @ethereumjs/mpt (a dev dependency) is the reference: same entries, same root, and our walker must
// accept its proofs, which include nodes under 32 bytes both embedded and as their own entries.

let seed = 7;
function randomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    out[i] = seed >>> 24;
  }
  return out;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** Entry sets that produce every node shape: embedded leaves, extensions, branch values, odd paths. */
function entrySets(): { name: string; entries: { key: Uint8Array; value: Uint8Array }[] }[] {
  const sets: { name: string; entries: { key: Uint8Array; value: Uint8Array }[] }[] = [
    { name: "one short entry", entries: [{ key: Uint8Array.of(1), value: Uint8Array.of(2) }] },
    {
      name: "keys that are prefixes of other keys (branch values)",
      entries: [
        { key: Uint8Array.of(0x12), value: Uint8Array.of(1) },
        { key: Uint8Array.of(0x12, 0x34), value: Uint8Array.of(2) },
        { key: Uint8Array.of(0x12, 0x34, 0x56), value: randomBytes(40) },
        { key: Uint8Array.of(0x13), value: Uint8Array.of(3) },
      ],
    },
    {
      name: "long shared prefix (extension nodes, odd-length paths)",
      entries: Array.from({ length: 9 }, (_, i) => ({
        key: Uint8Array.of(0xab, 0xcd, 0xe0 | i, i * 17),
        value: i % 2 ? randomBytes(3) : randomBytes(50),
      })),
    },
    {
      name: "transaction-style keys rlp(0..299) with small values",
      entries: Array.from({ length: 300 }, (_, i) => ({
        key: encodeBytes(
          i === 0
            ? new Uint8Array(0)
            : Uint8Array.from(Buffer.from(i.toString(16).padStart(i > 255 ? 4 : 2, "0"), "hex")),
        ),
        value: randomBytes(1 + (i % 40)),
      })),
    },
  ];
  for (const count of [2, 17, 64, 257]) {
    sets.push({
      name: `${count} random 32-byte keys`,
      entries: Array.from({ length: count }, () => ({
        key: randomBytes(32),
        value: randomBytes(31),
      })),
    });
  }
  return sets;
}

describe("trieRoot and walkProof agree with @ethereumjs/mpt", () => {
  it("the empty trie", () => {
    expect(hex(trieRoot([]))).toBe("56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421");
    expect(walkProof(EMPTY_TRIE_ROOT, randomBytes(32), [], "p")).toBeUndefined();
    expect(walkProof(EMPTY_TRIE_ROOT, randomBytes(32), [Uint8Array.of(0x80)], "p")).toBeUndefined();
  });

  for (const { name, entries } of entrySets()) {
    it(name, async () => {
      const trie = await createMPT();
      for (const { key, value } of entries) await trie.put(key, value);
      const root = trie.root();
      expect(hex(trieRoot(entries))).toBe(hex(root));

      for (const { key, value } of entries) {
        const proof = await createMerkleProof(trie, key);
        expect(hex(walkProof(root, key, proof, "p") ?? new Uint8Array(0))).toBe(hex(value));
      }
      // Keys not in the trie: the reference's proof must prove them absent.
      for (let i = 0; i < 20; i++) {
        const key = i < 10 ? randomBytes(entries[0]?.key.length ?? 32) : keccak_256(Uint8Array.of(i));
        if (entries.some((e) => hex(e.key) === hex(key))) continue;
        const proof = await createMerkleProof(trie, key);
        expect(walkProof(root, key, proof, "p")).toBeUndefined();
      }
    });
  }
});

describe("walkProof rejects", () => {
  const entries = Array.from({ length: 40 }, () => ({ key: randomBytes(32), value: randomBytes(40) }));
  const build = async () => {
    const trie = await createMPT();
    for (const { key, value } of entries) await trie.put(key, value);
    return trie;
  };

  it("a proof that stops early, naming the missing node", async () => {
    const trie = await build();
    const key = entries[0]?.key as Uint8Array;
    const proof = await createMerkleProof(trie, key);
    expect(() => walkProof(trie.root(), key, proof.slice(0, -1), "storageProof[0]")).toThrow(
      expect.objectContaining({ subject: "storageProof[0]", nodeIndex: proof.length - 1 }),
    );
  });

  it("an empty proof for a non-empty root", async () => {
    const trie = await build();
    expect(() => walkProof(trie.root(), randomBytes(32), [], "p")).toThrow(ProofError);
  });

  it("a node that is a byte string, or a list of the wrong size", () => {
    for (const node of [encodeBytes(randomBytes(40)), encodeList([encodeBytes(Uint8Array.of(1))])]) {
      expect(() => walkProof(keccak_256(node), randomBytes(32), [node], "p")).toThrow(
        expect.objectContaining({ nodeIndex: 0 }),
      );
    }
  });

  it("a branch holding a reference that is neither a hash nor an embedded node", () => {
    const slots = Array.from({ length: 17 }, () => encodeBytes(randomBytes(5)));
    const node = encodeList(slots);
    expect(() => walkProof(keccak_256(node), randomBytes(32), [node], "p")).toThrow(/5-byte reference/);
  });

  it("a node with non-canonical RLP or trailing bytes, even off the key's path", () => {
    // Slot 0 holds "8100" (a one-byte string below 0x80 not encoded as itself); the key goes to slot 15.
    const slots = Array.from({ length: 17 }, (_, i) =>
      i === 0 ? Uint8Array.of(0x81, 0x00) : encodeBytes(new Uint8Array(0)),
    );
    const key = Uint8Array.of(0xff);
    const sloppy = encodeList(slots);
    expect(() => walkProof(keccak_256(sloppy), key, [sloppy], "p")).toThrow(/malformed RLP in node 0/);
    // The same inside an embedded child in slot 0: nested lists are checked too.
    const nested = encodeList([encodeList([Uint8Array.of(0x81, 0x00)]), ...slots.slice(1)]);
    expect(() => walkProof(keccak_256(nested), key, [nested], "p")).toThrow(/malformed RLP in node 0/);
    const trailing = Uint8Array.of(
      ...encodeList(slots.slice(1).concat([encodeBytes(new Uint8Array(0))])),
      0x80,
    );
    expect(() => walkProof(keccak_256(trailing), key, [trailing], "p")).toThrow(/trailing bytes/);
  });

  it("an embedded node of 32 bytes or more", () => {
    const big = encodeList([encodeBytes(Uint8Array.of(0x20)), encodeBytes(randomBytes(40))]);
    const branch = encodeList([...Array.from({ length: 16 }, () => big), encodeBytes(new Uint8Array(0))]);
    expect(() => walkProof(keccak_256(branch), randomBytes(32), [branch], "p")).toThrow(/embeds a child/);
  });
});

describe("RLP codec", () => {
  it("round-trips nested values and matches known encodings", () => {
    const value = [
      Uint8Array.of(),
      Uint8Array.of(0x7f),
      Uint8Array.of(0x80),
      randomBytes(55),
      randomBytes(56),
      [[randomBytes(300)]],
    ];
    expect(decodeRlp(encodeRlp(value), { subject: "t" })).toEqual(value);
    expect(hex(encodeRlp([]))).toBe("c0");
    expect(hex(encodeRlp(Uint8Array.of(0x80)))).toBe("8180");
  });

  it("rejects non-canonical and truncated encodings", () => {
    for (const bad of ["8100", "b80100", "c2", "8201", "f800", "0000", "b900ff"]) {
      expect(
        () => decodeRlp(Uint8Array.from(Buffer.from(bad, "hex")), { subject: "t", field: "f" }),
        bad,
      ).toThrow(ProofError);
    }
  });
});
