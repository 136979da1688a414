import { followRef, locate, resolvePointer, type Surface } from "./support.js";

/**
 * One element of the interface (a table row, a rule, an enum, a default, a limit, an error) and
 * where the spec states it. Every key but `id`, `source` and `pointer` is optional.
 */
export interface ChecklistEntry {
  id: string;
  /** Where in the interface document the element comes from. */
  source: string;
  /** JSON pointer into the spec; array segments may be element names. */
  pointer: string;
  type?: string;
  required?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  /** Case-insensitive substrings of the element's description (rules a schema cannot say). */
  mentions?: string[];
}

export interface Checklist {
  surface: Surface;
  entries: ChecklistEntry[];
}

type Node = Record<string, unknown>;

function isRecord(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** OpenAPI parameters and OpenRPC content descriptors hold their schema under `schema`. */
function isDescriptor(node: Node): boolean {
  return isRecord(node.schema) && typeof node.name === "string";
}

/** Every schema reachable through anyOf/oneOf/allOf branches, the schema itself first. */
function branches(spec: unknown, schema: unknown, seen = new Set<unknown>()): Node[] {
  const resolved = followRef(spec, schema);
  if (!isRecord(resolved) || seen.has(resolved)) return [];
  seen.add(resolved);
  const out = [resolved];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const list = resolved[key];
    if (Array.isArray(list)) for (const branch of list) out.push(...branches(spec, branch, seen));
  }
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether the element the pointer names is required by its parent object or descriptor. */
function isRequired(spec: unknown, entry: ChecklistEntry, node: Node): boolean {
  if (isDescriptor(node) || typeof node.in === "string") return node.required === true;
  const segments = entry.pointer.split("/");
  const name = segments.at(-1)?.replaceAll("~1", "/").replaceAll("~0", "~");
  if (segments.at(-2) !== "properties" || name === undefined) {
    throw new Error(`${entry.id}: "required" needs a pointer to a property, parameter or content descriptor`);
  }
  const owner = resolvePointer(spec, segments.slice(0, -2).join("/"));
  return branches(spec, owner).some(
    (schema) => Array.isArray(schema.required) && schema.required.includes(name),
  );
}

/**
 * Checks one entry against a spec and returns what does not hold (empty when all holds).
 */
export function checkEntry(spec: unknown, entry: ChecklistEntry): string[] {
  let node: unknown;
  try {
    locate(spec, entry.pointer);
    node = resolvePointer(spec, entry.pointer);
  } catch (error) {
    return [`${entry.id}: ${(error as Error).message}`];
  }
  if (!isRecord(node)) return [`${entry.id}: ${entry.pointer} is not an object`];
  const problems: string[] = [];
  const schema = isDescriptor(node) || typeof node.in === "string" ? followRef(spec, node.schema) : node;
  const all = branches(spec, schema);
  const has = (test: (s: Node) => boolean) => all.some(test);

  if (entry.type !== undefined) {
    const ok = has((s) => s.type === entry.type || (Array.isArray(s.type) && s.type.includes(entry.type)));
    if (!ok) problems.push(`type ${entry.type} not found`);
  }
  if (entry.enum !== undefined) {
    for (const value of entry.enum) {
      const ok = has(
        (s) => (Array.isArray(s.enum) && s.enum.some((v) => sameJson(v, value))) || sameJson(s.const, value),
      );
      if (!ok) problems.push(`enum value ${JSON.stringify(value)} missing`);
    }
  }
  if (entry.const !== undefined && !has((s) => sameJson(s.const, entry.const))) {
    const single = has(
      (s) => Array.isArray(s.enum) && s.enum.length === 1 && sameJson(s.enum[0], entry.const),
    );
    if (!single) problems.push(`const ${JSON.stringify(entry.const)} missing`);
  }
  if (entry.default !== undefined && !has((s) => sameJson(s.default, entry.default))) {
    problems.push(`default ${JSON.stringify(entry.default)} missing`);
  }
  if (entry.pattern !== undefined && !has((s) => s.pattern === entry.pattern)) {
    problems.push(`pattern ${entry.pattern} missing`);
  }
  if (entry.format !== undefined && !has((s) => s.format === entry.format)) {
    problems.push(`format ${entry.format} missing`);
  }
  if (entry.required !== undefined) {
    try {
      if (isRequired(spec, entry, node) !== entry.required)
        problems.push(`required is not ${entry.required}`);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (entry.mentions !== undefined) {
    const text = [node.description, node.summary, isRecord(schema) ? schema.description : undefined]
      .filter((t) => typeof t === "string")
      .join("\n")
      .toLowerCase();
    for (const word of entry.mentions) {
      if (!text.includes(word.toLowerCase())) problems.push(`description does not mention "${word}"`);
    }
  }
  return problems.map((p) => `${entry.id} (${entry.pointer}): ${p}`);
}

/** A copy of the spec with one aspect of an entry removed, or undefined when the entry has no such aspect. */
export type Mutation = (spec: unknown, entry: ChecklistEntry) => unknown | undefined;

function removeFromRequired(spec: unknown, entry: ChecklistEntry): unknown | undefined {
  if (entry.required !== true) return undefined;
  const copy = structuredClone(spec);
  const node = resolvePointer(copy, entry.pointer);
  if (isRecord(node) && (isDescriptor(node) || typeof node.in === "string")) {
    delete node.required;
    return copy;
  }
  const segments = entry.pointer.split("/");
  const name = segments.at(-1)?.replaceAll("~1", "/").replaceAll("~0", "~");
  const owner = resolvePointer(copy, segments.slice(0, -2).join("/"));
  for (const schema of branches(copy, owner)) {
    if (Array.isArray(schema.required)) schema.required = schema.required.filter((r) => r !== name);
  }
  return copy;
}

function dropEnumValue(spec: unknown, entry: ChecklistEntry): unknown | undefined {
  const value = entry.enum?.at(-1);
  if (value === undefined) return undefined;
  const copy = structuredClone(spec);
  const node = resolvePointer(copy, entry.pointer);
  const schema = isRecord(node) && isRecord(node.schema) ? node.schema : node;
  for (const s of branches(copy, schema)) {
    if (Array.isArray(s.enum)) s.enum = s.enum.filter((v) => !sameJson(v, value));
    if (sameJson(s.const, value)) delete s.const;
  }
  return copy;
}

function dropDefault(spec: unknown, entry: ChecklistEntry): unknown | undefined {
  if (entry.default === undefined) return undefined;
  const copy = structuredClone(spec);
  const node = resolvePointer(copy, entry.pointer);
  const schema = isRecord(node) && isRecord(node.schema) ? node.schema : node;
  for (const s of branches(copy, schema)) delete s.default;
  return copy;
}

function deleteElement(spec: unknown, entry: ChecklistEntry): unknown {
  const copy = structuredClone(spec);
  const { container, key } = locate(copy, entry.pointer);
  if (Array.isArray(container)) container.splice(key as number, 1);
  else delete container[key as string];
  return copy;
}

/** The mutations the mutation test applies to every entry, by name. */
export const MUTATIONS: Record<string, Mutation> = {
  "delete the element": deleteElement,
  "drop it from required": removeFromRequired,
  "drop an enum value": dropEnumValue,
  "drop the default": dropDefault,
};
