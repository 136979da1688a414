import type { Chunk, ChunkPlan } from "./validator-chunks.js";

/**
 * Below this many characters of ajv's code (before the generator compacts its error pushes, which
 * about halves it), a chunk of shared checks (an address, a timestamp, a side) is smaller than what
 * a download of its own costs: each file is compressed on its own, so a 300-byte file gains little
 * from gzip, and it adds an import line to every module that calls it.
 */
export const SMALL_CHUNK_CHARACTERS = 4_000;

/**
 * The most characters of ajv's code packed into one chunk (about 15 KB written, 3 KB gzip): what a
 * first call may load beyond the checks it runs.
 */
export const PACKED_CHUNK_CHARACTERS = 40_000;

/**
 * Packs the small chunks of a plan into fewer files: a module that calls one small check then loads
 * the others of its pack too (a few kilobytes of code at most), and an app that bundles the surface
 * writes one file where it wrote a dozen of a few hundred bytes each. A small chunk is packed when
 * every chunk it calls is packed too; packs are filled callees first, so a pack imports only the
 * packs before it (and the helpers), and no two files import each other.
 *
 * @param plan - The chunks, one per set of calling modules (`planChunks`).
 * @param sizeOf - The characters of a function's generated code.
 * @param calls - The functions a function calls, directly or not (itself included or not).
 * @returns The same plan with each pack of small chunks one chunk, named after its first.
 * @example
 * const plan = packSmallChunks(planChunks(HELPERS_CHUNK, reached, label), sizeOf, calls);
 */
export function packSmallChunks(
  plan: ChunkPlan,
  sizeOf: (fn: string) => number,
  calls: (fn: string) => readonly string[],
): ChunkPlan {
  const sizes = new Map<Chunk, number>();
  const callees = new Map<Chunk, Set<Chunk>>();
  const byName = new Map(plan.chunks.map((chunk) => [chunk.name, chunk]));
  for (const chunk of plan.chunks) {
    sizes.set(
      chunk,
      chunk.functions.reduce((sum, fn) => sum + sizeOf(fn), 0),
    );
    const called = new Set<Chunk>();
    for (const fn of chunk.functions) {
      for (const callee of calls(fn)) {
        const owner = byName.get(plan.owner.get(callee) ?? "");
        if (owner !== undefined && owner !== chunk) called.add(owner);
      }
    }
    callees.set(chunk, called);
  }
  // Small, and calling only chunks that are packable themselves (found callees first).
  const packable = new Set<Chunk>();
  const ordered: Chunk[] = [];
  const visiting = new Set<Chunk>();
  const visit = (chunk: Chunk): boolean => {
    if (packable.has(chunk)) return true;
    if (visiting.has(chunk) || (sizes.get(chunk) ?? 0) >= SMALL_CHUNK_CHARACTERS) return false;
    visiting.add(chunk);
    const ok = [...(callees.get(chunk) ?? [])].every(visit);
    visiting.delete(chunk);
    if (ok) {
      packable.add(chunk);
      ordered.push(chunk);
    }
    return ok;
  };
  for (const chunk of plan.chunks) visit(chunk);

  const packOf = new Map<Chunk, Chunk>();
  let pack: Chunk | undefined;
  let packed = 0;
  for (const chunk of ordered) {
    const size = sizes.get(chunk) ?? 0;
    if (pack === undefined || packed + size > PACKED_CHUNK_CHARACTERS) {
      pack = { name: chunk.name, functions: [] };
      packed = 0;
    }
    pack.functions.push(...chunk.functions);
    packed += size;
    packOf.set(chunk, pack);
  }
  const chunks: Chunk[] = [];
  for (const chunk of plan.chunks) {
    const kept = packOf.get(chunk) ?? chunk;
    if (!chunks.includes(kept)) chunks.push(kept);
  }
  const owner = new Map<string, string>();
  for (const chunk of chunks) for (const fn of chunk.functions) owner.set(fn, chunk.name);
  return { chunks, owner };
}
