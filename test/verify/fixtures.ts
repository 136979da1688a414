import { readdirSync, readFileSync } from "node:fs";

/** A fixture file's name and parsed JSON. */
export interface Fixture {
  name: string;
  json: Record<string, unknown> & { result?: unknown };
}

function load(area: string, prefix: string): Fixture[] {
  const dir = new URL(`../fixtures/${area}/`, import.meta.url);
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".json"))
    .sort()
    .map((name) => ({ name, json: JSON.parse(readFileSync(new URL(name, dir), "utf8")) }));
}

/** Real node answers copied from ../shared/vectors/evm, by file-name prefix. */
export const realVectors = (prefix: string): Fixture[] => load("evm", prefix);

/** Vectors made by make-derived-vectors.ts (marked `"derived": true`). */
export const derivedVectors = (prefix: string): Fixture[] => load("verify", prefix);
