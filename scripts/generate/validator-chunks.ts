/** One chunk: the functions that exactly the same modules call, written once and imported by each. */
export interface Chunk {
  /** File name under `validators/components/`, without `.js`. */
  name: string;
  /** The validate functions it holds, in compile order. */
  functions: string[];
}

/** Where each validate function is written: in its chunk, or (absent) in the one module that calls it. */
export interface ChunkPlan {
  chunks: Chunk[];
  /** Function name → its chunk's name. */
  owner: Map<string, string>;
}

/**
 * Splits the functions several modules call into chunks, one per set of calling modules: a
 * function that only one module calls stays in it, and the others go to the chunk of exactly the
 * modules that call them. A module then loads all it calls and nothing else (its first call grows
 * by no byte of another operation's checks), and each check is written once in the surface.
 *
 * @param reserved - A name no chunk may take (the helpers module's).
 * @param reached - Per module, in order, the functions it calls (directly or not).
 * @param label - A readable name for a function (its component's name), if it has one.
 * @returns The chunks, named after their first labelled function (else numbered), in the order
 *   their first function is reached.
 */
export function planChunks(
  reserved: string,
  reached: readonly (readonly string[])[],
  label: (fn: string) => string | undefined,
): ChunkPlan {
  const callers = new Map<string, number[]>();
  reached.forEach((functions, module) => {
    for (const fn of functions) {
      const list = callers.get(fn) ?? [];
      if (list.at(-1) !== module) list.push(module);
      callers.set(fn, list);
    }
  });
  const byCallers = new Map<string, string[]>();
  for (const [fn, modules] of callers) {
    if (modules.length < 2) continue;
    const key = modules.join(",");
    byCallers.set(key, [...(byCallers.get(key) ?? []), fn]);
  }
  const taken = new Set<string>([reserved.toLowerCase()]);
  const chunks: Chunk[] = [];
  const owner = new Map<string, string>();
  for (const functions of byCallers.values()) {
    const named = functions.map(label).find((name) => name !== undefined);
    const name = uniqueName(fileSafe(named ?? `checks${chunks.length + 1}`), taken);
    chunks.push({ name, functions });
    for (const fn of functions) owner.set(fn, name);
  }
  return { chunks, owner };
}

/** A name usable as a file name on every system (letters, digits, `_`, `-`, `.`). */
export function fileSafe(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_.-]+/g, "_").replace(/^[.-]+/, "_");
  return safe.slice(0, 80) || "_";
}

/** `name`, or `name-2`, `name-3`… when another chunk has it already (whatever the case). */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name}-${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
