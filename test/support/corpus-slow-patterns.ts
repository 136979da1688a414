import { readFileSync } from "node:fs";
import { basename } from "node:path";

const SLOW_PATTERNS = JSON.parse(
  readFileSync(new URL("../fixtures/spec-corpus/slow-patterns.json", import.meta.url), "utf8"),
) as Record<string, string[]>;

/**
 * The patterns of a public corpus spec that can backtrack super-linearly, which the generator
 * refuses unless allowed: the tests that read the corpus as published accept them, as a user of
 * that spec would (test/fixtures/spec-corpus/SOURCES.md).
 *
 * @param spec - The spec's file name in the corpus (a path ending in it will do).
 * @example corpusSlowPatterns("metamask.openrpc.json"); // ["^0x([1-9a-f]+[0-9a-f]*|0)$"]
 */
export function corpusSlowPatterns(spec: string): string[] {
  return SLOW_PATTERNS[basename(spec)] ?? [];
}
