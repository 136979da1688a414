import type { Json } from "./json.js";
import { childPointer, refPointer, valueAt } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";
import { LIMIT_OPTIONS, type SpecLimits } from "./spec-limits.js";

/** A step from an object or array to a nested one: a member, or what a `$ref` names. */
interface Step {
  node: object;
  inNameMap: boolean;
  /** The member's key; absent for a `$ref`. */
  key?: string | number;
  /** For a `$ref`, the pointer it names. */
  target?: string;
}

/** The most levels below a node, and the step that reaches them. */
interface Height {
  levels: number;
  deepest?: Step;
}

/**
 * Refuses a document that nests deeper than `limits.maxRefDepth` levels once each local `$ref` is
 * followed into what it names. The text's own depth is measured before parsing (`text-nesting.ts`),
 * but a chain of schemas each naming the next in a property nests as deep as the chain is long, and
 * the generators after the reader (ajv, openapi-typescript's reader, our field walks) follow a
 * `$ref` by calling themselves again: 300 such schemas ran them out of stack, with no place named.
 *
 * The depth is the longest path of members and `$ref`s from the root, a `$ref` leading back to a
 * node already on the path not counted (recursion, which the generators stop at). Each node is
 * measured once, with an explicit stack, so neither a long chain nor a wide spec costs more than
 * one pass.
 *
 * @param file - Spec file name for error messages.
 * @throws {SpecError} At the `$ref` that starts the chain leading past the limit, naming the
 *   schemas on it, the limit and the option raising it.
 */
export function checkRefDepth(file: string, doc: Json, limits: SpecLimits): void {
  if (doc === null || typeof doc !== "object") return;
  // A spec allowed to nest deeper in its text may nest as deep through its $refs.
  const limit = Math.max(limits.maxRefDepth, limits.maxDepth);
  const heights = measure(doc);
  if ((heights.get(doc)?.levels ?? 0) <= limit) return;
  const chain: string[] = [];
  let start: string | undefined;
  let pointer = "";
  let height = heights.get(doc);
  for (let level = 1; level <= limit && height?.deepest; level++) {
    const step: Step = height.deepest;
    if (step.target === undefined) pointer = childPointer(pointer, step.key ?? "");
    else {
      start ??= childPointer(pointer, "$ref");
      chain.push(`#${step.target}`);
      pointer = step.target;
    }
    height = heights.get(step.node);
  }
  const shown = chain.length > 4 ? [...chain.slice(0, 3), "…", chain.at(-1)] : chain;
  const through =
    chain.length === 1
      ? `this $ref (${chain[0]})`
      : `this $ref and the ${chain.length - 1} it leads to (${shown.join(" → ")})`;
  throw new SpecError(
    file,
    start ?? "",
    `following ${through} nests the spec deeper than ${limit} levels (at #${pointer}); the generators chainkit runs follow each $ref by calling themselves again and run out of stack a few hundred levels down, while real specs nest under 40 levels: shorten the chain, or if you trust the spec, raise the limit with ${LIMIT_OPTIONS.maxRefDepth} <n>`,
  );

  /** The height of every node reachable from the root, members and `$ref`s alike. */
  function measure(root: object): Map<object, Height> {
    const done = new Map<object, Height>();
    const onPath = new Set<object>([root]);
    const pending = [{ node: root, steps: stepsFrom(root, false), next: 0, height: { levels: 1 } as Height }];
    while (pending.length > 0) {
      const frame = pending[pending.length - 1] as (typeof pending)[number];
      const step = frame.steps[frame.next++];
      if (step === undefined) {
        pending.pop();
        onPath.delete(frame.node);
        done.set(frame.node, frame.height);
        const parent = pending[pending.length - 1];
        if (parent) lift(parent.height, parent.steps[parent.next - 1] as Step, frame.height);
        continue;
      }
      if (onPath.has(step.node)) continue;
      const known = done.get(step.node);
      if (known) lift(frame.height, step, known);
      else {
        onPath.add(step.node);
        pending.push({
          node: step.node,
          steps: stepsFrom(step.node, step.inNameMap),
          next: 0,
          height: { levels: 1 },
        });
      }
    }
    return done;
  }

  /** Raises `height` to one level above `below` when that is deeper. */
  function lift(height: Height, step: Step, below: Height): void {
    if (below.levels + 1 > height.levels) {
      height.levels = below.levels + 1;
      height.deepest = step;
    }
  }

  /** The nested objects and arrays of a node, then what its `$ref` names; data is not walked. */
  function stepsFrom(node: object, inNameMap: boolean): Step[] {
    const steps: Step[] = [];
    if (Array.isArray(node)) {
      node.forEach((item: Json, key) => {
        if (item !== null && typeof item === "object") steps.push({ node: item, inNameMap: false, key });
      });
      return steps;
    }
    const object = node as Record<string, Json>;
    for (const [key, child] of Object.entries(object)) {
      if (child === null || typeof child !== "object" || isDataEntry(key, child, object, inNameMap)) continue;
      steps.push({ node: child, inNameMap: isNameMap(key, inNameMap), key });
    }
    const target = !inNameMap && typeof object.$ref === "string" ? refPointer(object.$ref) : undefined;
    const named = target === undefined ? undefined : valueAt(doc, target);
    if (named !== null && typeof named === "object") steps.push({ node: named, inNameMap: false, target });
    return steps;
  }
}
