import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readYamlFast } from "../../scripts/generate/fast-yaml.js";

/** Every spec-like file of the repository: our specs, the public corpus, the generator's fixtures. */
function specFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ya?ml|json)$/.test(entry.name)) found.push(path);
    }
  };
  for (const dir of ["specs", "test/fixtures/spec-corpus", "test/generate/fixtures"]) walk(dir);
  return found;
}

/**
 * What the `yaml` package reads, the generator's reference (core schema, unique keys), with an
 * integer past 2^53 − 1 a bigint, as both readers give it to `exact-integers.ts`.
 */
const reference = (text: string) =>
  parse(
    text,
    (_key, value) =>
      typeof value === "bigint" && Number.isSafeInteger(Number(value)) ? Number(value) : value,
    { uniqueKeys: true, maxAliasCount: -1, intAsBigInt: true },
  );

describe("the fast YAML reader", () => {
  it("reads every spec of the repository, as the yaml package does", () => {
    const files = specFiles();
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      let expected: unknown;
      try {
        expected = reference(text);
      } catch {
        expect(readYamlFast(text), file).toBeUndefined();
        continue;
      }
      // The fast path is taken for every one of them, and reads the same document.
      expect(readYamlFast(text), file).toEqual(expected);
    }
  });

  it.each([
    ["-0x1", "-0x1"],
    ["0x1F", 31],
    ["0o17", 15],
    ["0b101", "0b101"],
    ["1_000", "1_000"],
    ["+12", 12],
    ["007", 7],
    ["1.", 1],
    [".5", 0.5],
    ["1e3", 1000],
    ["-.inf", -Infinity],
    [".NaN", Number.NaN],
    ["~", null],
    ["", null],
    ["Null", null],
    ["nULL", "nULL"],
    ["TRUE", true],
    ["yes", "yes"],
    ["2024-01-15", "2024-01-15"],
    ["'0x1F'", "0x1F"],
    // Past 2^53 − 1: exact, as a bigint, which `exact-integers.ts` settles.
    ["123456789012345678901", 123456789012345678901n],
    ["0xFFFFFFFFFFFFFFFF", 0xffffffffffffffffn],
  ])("reads the plain scalar %s as YAML 1.2's core schema does", (scalar, value) => {
    const text = `value: ${scalar}\n`;
    expect(reference(text)).toEqual({ value });
    expect(readYamlFast(text)).toEqual({ value });
  });

  it("leaves duplicate keys, unknown tags, merge keys' absence and syntax errors to the yaml package", () => {
    expect(readYamlFast("a: 1\na: 2\n")).toBeUndefined();
    expect(readYamlFast("a: !!binary aGk=\n")).toBeUndefined();
    expect(readYamlFast("a: [1, 2\n")).toBeUndefined();
    expect(readYamlFast("base: &b {x: 1}\nderived:\n  <<: *b\n")).toEqual(
      reference("base: &b {x: 1}\nderived:\n  <<: *b\n"),
    );
  });
});
