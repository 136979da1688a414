import { dirname, resolve } from "node:path";
import { isObject, type Json } from "./json.js";
import { loadSpec } from "./load-spec.js";

/**
 * The spec file and every file its `$ref`s reach, directly or through other files, as absolute
 * paths: what `chainkit generate --watch` watches. URLs and refs inside a document are left out; a
 * file that does not parse is listed (its next save may fix it) but not followed.
 *
 * @param spec - The spec's root file.
 */
export async function referencedFiles(spec: string): Promise<string[]> {
  const found = new Set<string>();
  const pending = [resolve(spec)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    const doc = await loadSpec(file).catch(() => undefined);
    if (doc === undefined) continue;
    for (const ref of refsIn(doc)) {
      const path = ref.split("#")[0] ?? "";
      if (path === "" || /^[a-z][a-z0-9+.-]*:/i.test(path)) continue;
      pending.push(resolve(dirname(file), decodeURIComponent(path)));
    }
  }
  return [...found];
}

function refsIn(doc: Json): string[] {
  const refs: string[] = [];
  const pending: Json[] = [doc];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Array.isArray(node)) pending.push(...node);
    else if (isObject(node)) {
      if (typeof node.$ref === "string") refs.push(node.$ref);
      pending.push(...Object.values(node));
    }
  }
  return refs;
}
