import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { SURFACES } from "../../scripts/generate/surfaces.js";
import { type Checklist, checkEntry, MUTATIONS } from "./checklist.js";
import { loadSpec } from "./support.js";

const folder = new URL("./checklist/", import.meta.url);
const checklists: Checklist[] = existsSync(folder)
  ? readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => JSON.parse(readFileSync(new URL(name, folder), "utf8")) as Checklist)
  : [];

describe("interface checklist", () => {
  test("every surface has a checklist with unique ids", () => {
    expect(checklists.map((c) => c.surface).sort()).toEqual(SURFACES.map((surface) => surface.name).sort());
    const ids = checklists.flatMap((c) => c.entries.map((e) => `${c.surface}:${e.id}`));
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const checklist of checklists) {
    test(`${checklist.surface}: every entry holds in the spec`, () => {
      const spec = loadSpec(checklist.surface);
      expect(checklist.entries.flatMap((entry) => checkEntry(spec, entry))).toEqual([]);
    });

    // Each entry must be able to fail: removing what it checks from a copy of the spec breaks it.
    test(`${checklist.surface}: removing any checklisted element fails the check`, () => {
      const spec = loadSpec(checklist.surface);
      const survivors: string[] = [];
      for (const entry of checklist.entries) {
        for (const [name, mutate] of Object.entries(MUTATIONS)) {
          const mutated = mutate(spec, entry);
          if (mutated !== undefined && checkEntry(mutated, entry).length === 0) {
            survivors.push(`${entry.id}: ${name}`);
          }
        }
      }
      expect(survivors).toEqual([]);
    });
  }
});
