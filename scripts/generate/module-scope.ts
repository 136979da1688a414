import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** What a generated folder's own `package.json` says: its `.js` and `.ts` files are ES modules. */
export const MODULE_SCOPE_FILE = '{ "type": "module" }\n';

/**
 * The `package.json` that decides how Node and TypeScript (`module: NodeNext`) read the files of
 * the output folder `out`, if any: the nearest one above it. The folder itself holds only what the
 * generator wrote, so its own is not the project's.
 *
 * @param out - The output folder.
 * @returns Its path and whether it says `"type": "module"`, or `undefined` when there is none.
 */
export function enclosingPackage(out: string): { path: string; isModule: boolean } | undefined {
  for (let dir = dirname(resolve(out)); ; dir = dirname(dir)) {
    const path = join(dir, "package.json");
    if (existsSync(path)) {
      let type: unknown;
      try {
        type = (JSON.parse(readFileSync(path, "utf8")) as { type?: unknown }).type;
      } catch {
        type = undefined; // unreadable: Node would refuse it too, and reads nothing as ESM from it
      }
      return { path, isModule: type === "module" };
    }
    if (dirname(dir) === dir) return undefined;
  }
}
