/**
 * The package's public entries, as package.json's `exports` declares them (the one list of them):
 * the surfaces and the entries that are no surface (`viem`, `runtime`, `sandbox`, `mock`) alike.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

type ExportTarget = string | { types?: string };

/**
 * Each entry's name with the source file its types are built from.
 *
 * @param root - The repository root.
 * @returns `evm` → `<root>/src/evm.ts`, `sandbox` → `<root>/src/sandbox/index.ts`, … in the order
 * package.json lists them (`./package.json` itself left out).
 * @example [...packageEntries(process.cwd()).keys()] // ["platform", "evm", …, "mock"]
 */
export function packageEntries(root: string): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, ExportTarget>;
  };
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === "string" || target.types === undefined) continue;
    const source = target.types.replace(/^\.\/dist\//, "").replace(/\.d\.ts$/, ".ts");
    entries.set(subpath.slice("./".length), join(root, source));
  }
  return entries;
}
