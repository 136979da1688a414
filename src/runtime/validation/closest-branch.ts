import type { ValidationIssue } from "../operation.js";

/** What {@link closestBranches} found among the failed branches of a `oneOf` or `anyOf`. */
export type BranchChoice =
  /** The value is of none of the branches' types: the types they accept, in order. */
  | { kind: "types"; types: string[] }
  /** The branches that came closest (more than one only when each fails once, at the value itself). */
  | { kind: "branches"; branches: readonly ValidationIssue[][] };

/**
 * Picks the branches of a failed `oneOf`/`anyOf` that came closest to the value, so that an error
 * reports what is wrong with the form the caller most likely meant, not every form at once.
 *
 * A branch whose type the value does not have at all (`null` for an object) is the farthest. Among
 * the others, the branch whose shallowest issue lies deepest in the value got furthest, and fewer
 * issues break a tie. When several branches tie with one issue each at the value itself (a
 * quantity or a block tag), they are all kept, to be said as alternatives.
 *
 * @param branches - Each failed branch's issues, as the generated validators collect them.
 * @param instancePath - Where the compound keyword applies.
 * @returns The types the branches accept, when the value has none of them; else the closest branches.
 * @example
 * closestBranches([[{ instancePath: "", keyword: "type", params: { type: "null" }, schemaPath: "" }],
 *   [{ instancePath: "/hash", keyword: "pattern", params: { pattern: "^0x$" }, schemaPath: "" }]], "");
 * // { kind: "branches", branches: [[{ instancePath: "/hash", … }]] }
 */
export function closestBranches(branches: readonly ValidationIssue[][], instancePath: string): BranchChoice {
  const failed = branches.filter((branch) => branch.length > 0);
  if (failed.length === 0) return { kind: "branches", branches: [] };
  const missed = failed.map((branch) => typesMissed(branch, instancePath));
  if (missed.every((types) => types !== undefined)) {
    return { kind: "types", types: [...new Set(missed.flat() as string[])] };
  }
  const ranked = failed
    .filter((_branch, index) => missed[index] === undefined)
    .map((branch) => ({ branch, reach: reach(branch, instancePath), size: branch.length }));
  const best = ranked.reduce((a, b) =>
    b.reach > a.reach || (b.reach === a.reach && b.size < a.size) ? b : a,
  );
  const tied = ranked.filter((entry) => entry.reach === best.reach && entry.size === best.size);
  const alternatives = best.reach === 0 && best.size === 1 && tied.length > 1;
  return { kind: "branches", branches: alternatives ? tied.map((entry) => entry.branch) : [best.branch] };
}

/**
 * The types a branch wanted when the value is of none of them (a `type` issue at the value itself,
 * or a nested `oneOf`/`anyOf` there whose every branch wanted another type); else `undefined`.
 */
function typesMissed(branch: readonly ValidationIssue[], instancePath: string): string[] | undefined {
  const types: string[] = [];
  for (const issue of branch) {
    if (issue.instancePath !== instancePath) continue;
    if (issue.keyword === "type") types.push(...String(issue.params.type).split(","));
    if (issue.keyword === "oneOf" || issue.keyword === "anyOf") {
      const nested = closestBranches(
        (issue.params.branches as ValidationIssue[][] | undefined) ?? [],
        instancePath,
      );
      if (nested.kind === "types") types.push(...nested.types);
    }
  }
  return types.length > 0 ? types : undefined;
}

/**
 * How deep into the value a branch got: the depth of its shallowest issue below `instancePath`,
 * half a level less where that issue is a type mismatch (the branch did not get into that value).
 */
function reach(branch: readonly ValidationIssue[], instancePath: string): number {
  let shallowest = Number.POSITIVE_INFINITY;
  for (const issue of branch) {
    const below = issue.instancePath.slice(instancePath.length);
    const depth = below === "" ? 0 : below.split("/").length - 1;
    shallowest = Math.min(shallowest, issue.keyword === "type" ? depth - 0.5 : depth);
  }
  return shallowest;
}
