import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { SURFACES, SURFACES_WITHOUT_SPEC } from "../../scripts/generate/surfaces.js";
import { SURFACE_PORT_OFFSETS } from "../../src/sandbox/index.js";

// The surfaces are declared once (scripts/generate/surfaces.ts). The two places that cannot read the
// declaration keep a copy, checked here: the import rules (a CommonJS config cannot import TypeScript)
// and the sandbox (shipped code, which may not import the generator).

interface Rule {
  name: string;
  from: { path?: string };
}

const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as { forbidden: Rule[] };
const specSurfaces = SURFACES.map((surface) => surface.name);
const declared = [...specSurfaces, ...SURFACES_WITHOUT_SPEC];

/** The surface names a rule's `from` path lists, as in `^src/(platform|evm)(/|\.ts$)`. */
function roomsOf(ruleName: string): string[] {
  const rule = config.forbidden.find((candidate) => candidate.name === ruleName);
  const group = /^\^\(?src\/\(([a-z|]+)\)/.exec(rule?.from.path ?? "")?.[1];
  if (group === undefined) throw new Error(`.dependency-cruiser.cjs has no rule ${ruleName} over src/(…)`);
  return group.split("|").filter((name) => name !== "runtime" && name !== "viem");
}

describe("every list of chainkit's surfaces is the declared one", () => {
  it.each(["surfaces-side-by-side", "sandbox-and-cli-on-top"])(
    "the import rule %s keeps each declared surface in a room of its own, and no other",
    (rule) => {
      expect(
        [...roomsOf(rule)].sort(),
        `.dependency-cruiser.cjs names other surfaces than scripts/generate/surfaces.ts declares: write const SURFACES = "${declared.join("|")}"; there`,
      ).toEqual([...declared].sort());
    },
  );

  it("the sandbox serves every declared surface", () => {
    expect(
      Object.keys(SURFACE_PORT_OFFSETS).sort(),
      "src/sandbox serves other surfaces than scripts/generate/surfaces.ts declares: add the surface to SurfaceName (src/sandbox/surface.ts) and SURFACE_PORT_OFFSETS (src/sandbox/index.ts), and serve it in startSandbox",
    ).toEqual([...specSurfaces].sort());
  });
});
