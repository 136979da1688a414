import type { SemverBump, SpecChange } from "./change.js";

const RANK: Record<SemverBump, number> = { none: 0, patch: 1, minor: 2, major: 3 };

/** How far `info.version` moved, read as semver (`v` prefix allowed), or `undefined` when either is not semver. */
function movedBy(old: string, now: string): SemverBump | "down" | undefined {
  const parse = (version: string) => /^v?(\d+)\.(\d+)\.(\d+)/.exec(version)?.slice(1).map(Number);
  const a = parse(old);
  const b = parse(now);
  if (a === undefined || b === undefined) return undefined;
  for (const [index, bump] of (["major", "minor", "patch"] as const).entries()) {
    if ((b[index] as number) > (a[index] as number)) return bump;
    if ((b[index] as number) < (a[index] as number)) return "down";
  }
  return "none";
}

/** An `info.version` that moved less than the changes need, or backwards. */
export function versionChanges(
  versions: { old?: string; new?: string },
  needed: SemverBump,
  count: number,
): SpecChange[] {
  // A patch-level change (a deprecation, a tag) often ships without a version of its own.
  if (versions.old === undefined || versions.new === undefined || count === 0 || RANK[needed] < RANK.minor)
    return [];
  const moved = movedBy(versions.old, versions.new);
  if (moved === undefined) return [];
  const short = moved === "down" || RANK[moved] < RANK[needed];
  if (!short) return [];
  return [
    {
      rule: moved === "down" ? "api-version-decreased" : "api-version-not-bumped",
      severity: "info",
      area: "info",
      kind: "lifecycle",
      operation: "",
      oldPointer: "/info/version",
      newPointer: "/info/version",
      message:
        moved === "down"
          ? `info.version went down (${versions.old} → ${versions.new})`
          : `info.version ${versions.old} → ${versions.new} is a ${moved === "none" ? "no" : moved} bump, but the changes need a ${needed} bump`,
      client: "none",
    },
  ];
}
