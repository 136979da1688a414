import { fileSafe, uniqueName } from "./validator-chunks.js";

/**
 * The most characters of ajv's code (before the generator compacts its error pushes, which about
 * halves it) that the operations of one pack may reach together, shared checks included: what a
 * first call may load, whatever the number of operations (chainkit's largest: 8.5 KB gzip). An
 * operation that reaches more on its own gets a pack of its own. Measured on chainkit's apps
 * (docs/performance.md): 40,000 and 80,000 left more files, which compress worse and cost a cold
 * start more, for a first call a few kilobytes lighter.
 */
export const PACK_CHARACTERS = 160_000;

/** One pack: the operations whose validators share a module (`validators/<name>.js`). */
export interface OperationPack {
  /** File name under `validators/`, without `.js`. */
  name: string;
  /** Indexes of its operations in the list given, in that list's order. */
  members: number[];
}

/**
 * Packs operations into modules of several operations each: an app that bundles a surface writes
 * a few files where it wrote one per operation (each compressed on its own, so small files compress
 * badly), and a cold start reads fewer of them. A pack is filled with the operation that adds the
 * fewest characters to what the pack already reaches (the same block or order schema), so the
 * checks its operations share are written once, inside it, and operations that answer with the
 * same components (often those an app calls together) share a file; ties go to the spec's order.
 *
 * @param reached - Per operation, the functions its validators call (directly or not).
 * @param sizeOf - The characters of a function's generated code.
 * @param label - What a pack starting with an operation is named after (its first tag), if anything.
 * @param reserved - Names no pack may take (other modules of `validators/`).
 * @param bound - The most characters a pack's operations may reach together.
 * @returns The packs, in the order of their first operation.
 */
export function planPacks(
  reached: readonly (readonly string[])[],
  sizeOf: (fn: string) => number,
  label: (operation: number) => string | undefined,
  reserved: readonly string[],
  bound = PACK_CHARACTERS,
): OperationPack[] {
  const taken = new Set(reserved.map((name) => name.toLowerCase()));
  const left = new Set(reached.keys());
  const packs: OperationPack[] = [];
  for (const first of reached.keys()) {
    if (!left.has(first)) continue;
    left.delete(first);
    const members = [first];
    const inPack = new Set(reached[first]);
    let size = sumOf(inPack, sizeOf);
    for (;;) {
      let best: number | undefined;
      let bestAdded = Number.POSITIVE_INFINITY;
      for (const candidate of left) {
        const added = sumOf(
          (reached[candidate] ?? []).filter((fn) => !inPack.has(fn)),
          sizeOf,
        );
        if (added < bestAdded && (added === 0 || size + added <= bound)) {
          best = candidate;
          bestAdded = added;
        }
      }
      if (best === undefined) break;
      left.delete(best);
      members.push(best);
      for (const fn of reached[best] ?? []) inPack.add(fn);
      size += bestAdded;
    }
    members.sort((a, b) => a - b);
    const name = uniqueName(fileSafe(label(first) ?? "operations"), taken);
    packs.push({ name, members });
  }
  return packs;
}

function sumOf(functions: Iterable<string>, sizeOf: (fn: string) => number): number {
  let sum = 0;
  for (const fn of functions) sum += sizeOf(fn);
  return sum;
}
