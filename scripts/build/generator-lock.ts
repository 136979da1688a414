// `chainkit generate` installs its packages into a cache folder on first use (src/cli/generator/).
// So that it runs with every version its tests ran with, transitive ones included, the package
// ships a package.json and a package-lock.json for that folder, cut out of the repository's own
// lock: the pinned packages and everything they reach, at the same places and versions. The cache
// is installed from them with `npm ci`.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GENERATOR_PACKAGES } from "../../src/cli/generator/generator-packages.js";

const repo = resolve(import.meta.dirname, "../..");

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

/** The lock key that `name`, required from the package at `fromKey`, resolves to, as Node looks up. */
function resolveKey(packages: Record<string, LockEntry>, fromKey: string, name: string): string | undefined {
  for (let key = fromKey; ; ) {
    const candidate = key === "" ? `node_modules/${name}` : `${key}/node_modules/${name}`;
    if (packages[candidate] !== undefined) return candidate;
    if (key === "") return undefined;
    const parent = key.lastIndexOf("/node_modules/");
    key = parent === -1 ? "" : key.slice(0, parent);
  }
}

/** The names a package needs installed beside it: dependencies and required peers. */
function neededNames(entry: LockEntry): string[] {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter(
    (name) => entry.peerDependenciesMeta?.[name]?.optional !== true,
  );
  return [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...peers,
  ];
}

/**
 * The lock of a project whose dependencies are exactly the generator's packages.
 *
 * @param lock - The repository's package-lock.json (lockfileVersion 3).
 * @throws {Error} when a pinned package is not in the lock at its pinned version.
 */
export function generatorLock(lock: { packages: Record<string, LockEntry> }): object {
  const { packages } = lock;
  const kept: Record<string, LockEntry> = {};
  const pending: string[] = [];
  for (const [name, version] of Object.entries(GENERATOR_PACKAGES)) {
    const key = `node_modules/${name}`;
    if (packages[key]?.version !== version)
      throw new Error(
        `package-lock.json has ${name} ${packages[key]?.version ?? "nowhere"}, the generator pins ${version}`,
      );
    pending.push(key);
  }
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (kept[key] !== undefined) continue;
    const { dev: _dev, devOptional: _devOptional, ...entry } = packages[key] as LockEntry;
    kept[key] = entry;
    for (const name of neededNames(entry)) {
      const found = resolveKey(packages, key, name);
      // An optional dependency for another platform is not in the lock; npm skips it there too.
      if (found !== undefined) pending.push(found);
    }
  }
  const sorted = Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
  return {
    name: "chainkit-generator",
    lockfileVersion: 3,
    requires: true,
    packages: { "": { name: "chainkit-generator", dependencies: GENERATOR_PACKAGES }, ...sorted },
  };
}

/** The cache folder's package.json: its dependencies are the pinned packages, its code ES modules. */
export function generatorManifest(): object {
  return { name: "chainkit-generator", private: true, type: "module", dependencies: GENERATOR_PACKAGES };
}

/**
 * Writes `<distDir>/generator/package.json` and `package-lock.json`.
 *
 * @returns How many packages the lock holds.
 */
export function writeGeneratorLock(distDir: string): number {
  const lock = generatorLock(JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8")));
  const folder = join(distDir, "generator");
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "package.json"), `${JSON.stringify(generatorManifest(), null, 2)}\n`);
  writeFileSync(join(folder, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
  return Object.keys((lock as { packages: object }).packages).length - 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = writeGeneratorLock(join(repo, "dist"));
  console.log(
    `wrote dist/generator/package-lock.json: the generator's ${count} packages at their tested versions`,
  );
}
