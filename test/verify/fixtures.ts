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

/** Real answers copied into test/fixtures/verify (each file's `_source` says from where), by prefix. */
export const verifyFixtures = (prefix: string): Fixture[] => load("verify", prefix);

/** Vectors made by make-derived-vectors.ts (marked `"derived": true`). */
export const derivedVectors = (prefix: string): Fixture[] => load("verify", prefix);

/**
 * The one real vector whose file name starts with `prefix`, typed as the caller expects.
 *
 * @throws when no file or more than one matches
 */
export function realVector<T>(prefix: string): T {
  const found = realVectors(prefix);
  if (found.length !== 1) throw new Error(`expected one fixture for ${prefix}, found ${found.length}`);
  return (found[0] as Fixture).json as T;
}

/**
 * The one fixture in test/fixtures/verify whose file name starts with `prefix`, typed as the caller expects.
 *
 * @throws when no file or more than one matches
 */
export function verifyFixture<T>(prefix: string): T {
  const found = verifyFixtures(prefix);
  if (found.length !== 1) throw new Error(`expected one fixture for ${prefix}, found ${found.length}`);
  return (found[0] as Fixture).json as T;
}
