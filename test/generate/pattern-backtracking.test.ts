/**
 * Which patterns can backtrack super-linearly (`scripts/generate/backtracking.ts`): the shapes
 * behind most real cases (a repetition inside a repetition, alternatives of a repetition that match
 * the same text, two neighbouring repetitions that can take the same run), and patterns of the same
 * look that run in linear time, chainkit's own included. Judged by analysis alone: nothing here runs
 * a pattern against a string.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TooManyNodesError } from "refa";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { patternBacktracking } from "../../scripts/generate/backtracking.js";
import { repoRoot } from "./support.js";

/** Every `pattern` and `patternProperties` key written in chainkit's own specs. */
function ownPatterns(): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "pattern" && typeof value === "string") found.add(value);
      if (key === "patternProperties" && value !== null && typeof value === "object") {
        for (const name of Object.keys(value)) found.add(name);
      }
      walk(value);
    }
  };
  const specs = join(repoRoot, "specs");
  for (const file of readdirSync(specs)) walk(parse(readFileSync(join(specs, file), "utf8")));
  return [...found];
}

describe("a pattern that can backtrack super-linearly", () => {
  it.each([
    ["a repetition inside a repetition", "^(a+)+$", true, '"a+" repeats inside "(a+)+"'],
    ["words with optional spaces", "^(\\w+\\s?)*$", true, '"\\w+" repeats inside "(\\w+\\s?)*"'],
    ["bounded counts nested many times", "^(a{1,100}){1,100}$", true, '"a{1,100}" repeats inside'],
    ["alternatives matching the same character", "^(\\w|\\d)+$", true, 'the alternatives "\\w" and "\\d"'],
    ["an alternative that two turns also match", "^(a|aa)+$", true, "which two turns of"],
    ["any character or a space, to the end", "(\\s|.)*$", true, 'the alternatives "\\s" and "."'],
    [
      "neighbouring repetitions taking the same run",
      "^\\d*5\\w*$",
      false,
      '"\\d*" and "\\w*" can both match',
    ],
  ])("%s: %s", (_shape, pattern, exponential, cause) => {
    const found = patternBacktracking(pattern);
    expect(found?.exponential).toBe(exponential);
    expect(found?.cause).toContain(cause);
  });

  it("comes with a rewrite that matches the same strings where one can be derived", () => {
    expect(patternBacktracking("^\\d*5\\w*$")?.rewrite).toBe("^[0-46-9]*5\\w*$");
    expect(patternBacktracking("^0x([1-9a-f]+[0-9a-f]*|0)$")?.rewrite).toBe("^0x([1-9a-f][0-9a-f]*|0)$");
    // The rewrite is checked in turn: it has no cause left.
    expect(patternBacktracking("^0x([1-9a-f][0-9a-f]*|0)$")).toBeUndefined();
  });

  it("is not rewritten when its ranges were read as unbounded, as the rewrite would match other strings", () => {
    expect(patternBacktracking("^(a{1,100}){1,100}$")?.rewrite).toBeUndefined();
  });

  it("too large to check throws refa's TooManyNodesError instead of taking long", () => {
    expect(() => patternBacktracking("^(x{5000}|y{5000})+$")).toThrow(TooManyNodesError);
  });
});

describe("a pattern that runs in linear time", () => {
  it.each([
    ["a fixed-length hex string", "^0x[0-9a-f]{64}$"],
    ["alternatives that start alike but never match the same text", "^(a|ab)*$"],
    ["fixed-size chunks", "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"],
    ["a separator ending each turn", "^(\\d{1,3}\\.){3}\\d{1,3}$"],
    ["a rewritten word list", "^(\\w+\\s)*\\w*$"],
    // A search that may stop anywhere succeeds at the first run it meets, so it never backtracks over it.
    ["a nested repetition with nothing after it, unanchored", "(a+)+"],
    ["overlapping alternatives with nothing after them, unanchored", "(\\w|\\d)+"],
  ])("%s: %s", (_shape, pattern) => {
    expect(patternBacktracking(pattern)).toBeUndefined();
  });

  it("includes every pattern of chainkit's own specs", () => {
    const patterns = ownPatterns();
    expect(patterns.length).toBeGreaterThan(10);
    expect(patterns.filter((pattern) => patternBacktracking(pattern) !== undefined)).toEqual([]);
  });
});
