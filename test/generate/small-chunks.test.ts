import { describe, expect, it } from "vitest";
import {
  PACKED_CHUNK_CHARACTERS,
  packSmallChunks,
  SMALL_CHUNK_CHARACTERS,
} from "../../scripts/generate/small-chunks.js";
import type { Chunk, ChunkPlan } from "../../scripts/generate/validator-chunks.js";

/** A plan of the given chunks, each function owned by its chunk. */
function planOf(chunks: Chunk[]): ChunkPlan {
  const owner = new Map<string, string>();
  for (const chunk of chunks) for (const fn of chunk.functions) owner.set(fn, chunk.name);
  return { chunks, owner };
}

const tiny = 100;
const big = SMALL_CHUNK_CHARACTERS;

describe("packSmallChunks", () => {
  it("packs small chunks that call no other chunk into one, named after its first; a large one stays", () => {
    const plan = planOf([
      { name: "Address", functions: ["validate1"] },
      { name: "Block", functions: ["validate2"] },
      { name: "Side", functions: ["validate3", "validate4"] },
    ]);
    const sizes: Record<string, number> = {
      validate1: tiny,
      validate2: big,
      validate3: tiny,
      validate4: tiny,
    };
    const packed = packSmallChunks(
      plan,
      (fn) => sizes[fn] ?? 0,
      () => [],
    );
    expect(packed.chunks).toEqual([
      { name: "Address", functions: ["validate1", "validate3", "validate4"] },
      { name: "Block", functions: ["validate2"] },
    ]);
    expect(packed.owner.get("validate4")).toBe("Address");
    expect(packed.owner.get("validate2")).toBe("Block");
  });

  it("packs a small chunk only when what it calls is packed too, callees first, so no two files import each other", () => {
    // Tag calls Quantity (small); Topic calls Log (large): Topic stays, and Log's own call to Quantity
    // goes to the pack, which imports nothing.
    const plan = planOf([
      { name: "Tag", functions: ["tag"] },
      { name: "Topic", functions: ["topic"] },
      { name: "Log", functions: ["log"] },
      { name: "Quantity", functions: ["quantity"] },
    ]);
    const calls: Record<string, string[]> = {
      tag: ["quantity"],
      topic: ["log", "quantity"],
      log: ["quantity"],
    };
    const packed = packSmallChunks(
      plan,
      (fn) => (fn === "log" ? big : tiny),
      (fn) => calls[fn] ?? [],
    );
    expect(packed.chunks).toEqual([
      { name: "Quantity", functions: ["quantity", "tag"] },
      { name: "Topic", functions: ["topic"] },
      { name: "Log", functions: ["log"] },
    ]);
  });

  it("starts a new pack past the most a first call may load beyond its own checks", () => {
    const size = SMALL_CHUNK_CHARACTERS - 1;
    const count = Math.floor(PACKED_CHUNK_CHARACTERS / size) + 1;
    const chunks = Array.from({ length: count }, (_, index) => ({
      name: `checks${index}`,
      functions: [`validate${index}`],
    }));
    const packed = packSmallChunks(
      planOf(chunks),
      () => size,
      () => [],
    );
    expect(packed.chunks.map((chunk) => chunk.functions.length)).toEqual([count - 1, 1]);
  });
});
