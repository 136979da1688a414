import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The packages `chainkit generate` runs with, at the exact versions its tests ran with (the
 * repository's package-lock.json; test/cli/generator-packages.test.ts holds them equal). They are
 * not dependencies of chainkit: a project that only imports a client installs none of them, and the
 * generator never runs with whatever versions a user's project happens to hold.
 */
export const GENERATOR_PACKAGES: Readonly<Record<string, string>> = {
  // A spec's patterns are parsed with regexpp and checked for backtracking with scslre and refa
  // (scripts/generate/backtracking.ts).
  "@eslint-community/regexpp": "4.12.4",
  "@redocly/openapi-core": "1.34.24",
  // Swagger 2.0 → OpenAPI 3.1, loaded only when a 2.0 spec arrives.
  "@scalar/openapi-upgrader": "0.5.1",
  ajv: "8.20.0",
  "ajv-formats": "3.0.1",
  // chainkit docs bundles the portal's try-it checks; its binary comes as an optional dependency,
  // so it needs no install script.
  esbuild: "0.28.2",
  "js-yaml": "4.3.2",
  "openapi-typescript": "7.13.0",
  refa: "0.12.1",
  scslre: "0.3.0",
  "ts-morph": "27.0.2",
  // openapi-typescript's peer (^5.x): the generator's own copy, whatever TypeScript the project uses.
  typescript: "5.9.3",
  yaml: "2.9.1",
};

/** A generator package that is absent where the generator looks, or at another version. */
export interface PackageProblem {
  name: string;
  /** The exact version the generator needs. */
  needed: string;
  /** The version found, or `undefined` when the package is absent. */
  found: string | undefined;
}

/**
 * What stands between the generator in `fromDir` and its packages, as Node resolves them from
 * there (the nearest `node_modules/<name>` up the folders): an empty list when each is present at
 * its exact version.
 */
export function packageProblems(fromDir: string): PackageProblem[] {
  const problems: PackageProblem[] = [];
  for (const [name, needed] of Object.entries(GENERATOR_PACKAGES)) {
    const found = installedVersion(name, fromDir);
    if (found !== needed) problems.push({ name, needed, found });
  }
  return problems;
}

/** The version of `name` that an import from `fromDir` would load, or `undefined` when none would. */
export function installedVersion(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const manifest = join(dir, "node_modules", name, "package.json");
    if (existsSync(manifest)) {
      const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version?: unknown };
      return typeof version === "string" ? version : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** `ts-morph 27.0.2 (found 26.0.0)`, `yaml 2.9.1 (absent)`: one problem, for a message. */
export function describeProblem({ name, needed, found }: PackageProblem): string {
  return `${name} ${needed} (${found === undefined ? "absent" : `found ${found}`})`;
}

/** `name@version` for every generator package, as npm takes them. */
export function pinnedSpecifiers(): string[] {
  return Object.entries(GENERATOR_PACKAGES).map(([name, version]) => `${name}@${version}`);
}
