import { readFileSync } from "node:fs";
import { Address, beginCell, external, storeMessage, Cell as TheirCell } from "@ton/core";
import { describe, expect, test } from "vitest";
import { parseBoc, serializeBoc } from "../../src/sandbox/indexer/boc/boc.js";
import { BocError } from "../../src/sandbox/indexer/boc/boc-error.js";
import type { Cell } from "../../src/sandbox/indexer/boc/cell.js";
import { addressCell, CellBuilder, textCommentCell } from "../../src/sandbox/indexer/boc/cell-builder.js";
import { readExternalMessage } from "../../src/sandbox/indexer/boc/external-message.js";
import { SeededRandom } from "../../src/sandbox/seeded-random.js";

const WALLET = "0:237E5119FFA2A028CC4F95C9CA37566852F1DD4D3EA15704D6F791065507DE4A";

/** A random cell tree of our own, and the same tree built with @ton/core. */
function randomTree(random: SeededRandom, depth: number): { ours: Cell; theirs: TheirCell } {
  const ours = new CellBuilder();
  const theirs = beginCell();
  const bits = random.int(0, depth === 0 ? 1023 : 300);
  for (let i = 0; i < bits; i++) {
    const bit = random.next() < 0.5;
    ours.bit(bit);
    theirs.storeBit(bit);
  }
  const refs = depth === 0 ? 0 : random.int(0, 4);
  for (let r = 0; r < refs; r++) {
    const child = randomTree(random, depth - 1);
    ours.ref(child.ours);
    theirs.storeRef(child.theirs);
  }
  return { ours: ours.build(), theirs: theirs.endCell() };
}

describe("sandbox BoC codec, against @ton/core", () => {
  test("200 random cell trees hash alike and survive a round trip through either library", () => {
    const random = new SeededRandom(99);
    for (let i = 0; i < 200; i++) {
      const { ours, theirs } = randomTree(random, 3);
      expect(ours.hashBase64()).toBe(theirs.hash().toString("base64"));
      const boc = serializeBoc(ours);
      expect(TheirCell.fromBase64(boc).hash().toString("base64")).toBe(ours.hashBase64());
      const back = parseBoc(theirs.toBoc({ idx: i % 2 === 0, crc32: i % 3 !== 0 }).toString("base64"));
      expect(back[0]?.hashBase64()).toBe(ours.hashBase64());
    }
  });

  test("TL-B helpers write what @ton/core writes", () => {
    expect(addressCell(WALLET).hashBase64()).toBe(
      beginCell().storeAddress(Address.parse(WALLET)).endCell().hash().toString("base64"),
    );
    expect(new CellBuilder().coins(1234567890123n).int(-5, 8).build().hashBase64()).toBe(
      beginCell().storeCoins(1234567890123n).storeInt(-5, 8).endCell().hash().toString("base64"),
    );
    const long = "x".repeat(300);
    const theirs = beginCell().storeUint(0, 32).storeStringTail(long).endCell();
    expect(textCommentCell(long).hashBase64()).toBe(theirs.hash().toString("base64"));
  });

  test("an external message: its hash, and the normalized hash whatever the envelope", () => {
    const body = beginCell().storeUint(0x7369676e, 32).storeUint(42, 64).endCell();
    const to = Address.parse(WALLET);
    const normalized = beginCell()
      .storeUint(2, 2)
      .storeUint(0, 2)
      .storeAddress(to)
      .storeCoins(0)
      .storeBit(0)
      .storeBit(1)
      .storeRef(body)
      .endCell()
      .hash()
      .toString("base64");
    for (const init of [
      undefined,
      { code: beginCell().storeUint(1, 8).endCell(), data: beginCell().endCell() },
    ]) {
      const message = beginCell()
        .store(storeMessage(external({ to, body, init })))
        .endCell();
      const read = readExternalMessage(parseBoc(message.toBoc().toString("base64"))[0] as Cell);
      expect(read.destination).toBe(WALLET);
      expect(read.hash).toBe(message.hash().toString("base64"));
      expect(read.hashNorm).toBe(normalized);
      expect(read.body.hashBase64()).toBe(body.hash().toString("base64"));
    }
  });

  test("broken input is a BocError", () => {
    const good = serializeBoc(textCommentCell("hi"));
    const bytes = Buffer.from(good, "base64");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    for (const bad of ["not base64!", "AAAA", bytes.toString("base64"), good.slice(0, 12)]) {
      expect(() => parseBoc(bad), bad).toThrow(BocError);
    }
    expect(() => readExternalMessage(textCommentCell("hi"))).toThrow(BocError);
  });
});

describe("the normalized hash, against a recorded answer", () => {
  test("an external message rebuilt from a recorded trace normalizes to the hash_norm the indexer recorded", () => {
    const path = new URL("../fixtures/indexer/ton_v3_traces.json", import.meta.url);
    const { examples } = JSON.parse(readFileSync(path, "utf8")) as {
      examples: {
        response: { traces: { transactions: Record<string, { in_msg: Record<string, unknown> }> }[] };
      }[];
    };
    const withNorm = examples
      .flatMap((example) => example.response.traces)
      .flatMap((trace) => Object.values(trace.transactions))
      .map((transaction) => transaction.in_msg)
      .filter((message) => typeof message.hash_norm === "string");
    expect(withNorm.length).toBeGreaterThan(0);
    for (const message of withNorm) {
      const body = (message.message_content as { body: string }).body;
      const to = Address.parse(message.destination as string);
      // As sent, and with a state init attached: both normalize to the recorded hash.
      for (const init of [
        undefined,
        { code: beginCell().storeUint(7, 8).endCell(), data: beginCell().endCell() },
      ]) {
        const sent = beginCell()
          .store(storeMessage(external({ to, body: TheirCell.fromBase64(body), init })))
          .endCell();
        const read = readExternalMessage(parseBoc(sent.toBoc().toString("base64"))[0] as Cell);
        expect(read.hashNorm).toBe(message.hash_norm);
      }
    }
  });
});
