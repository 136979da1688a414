/**
 * Reads a team's own specs for their portal through the generator (`chainkit generate`'s path):
 * the same loader, bundler, Swagger 2.0 and OpenAPI 3.0 conversions and made-up operation ids, so
 * the pages document exactly the client the generator makes, whose call each operation shows.
 */
import { basename } from "node:path";
import { clientName } from "../generate/generate-client.js";
import { generateSurface } from "../generate/generate-surface.js";
import { isObject, type JsonObject as Json } from "../generate/json.js";
import { pascalCase } from "../generate/names.js";
import { specKindOf } from "../generate/read-spec.js";
import type { RefPolicy } from "../generate/ref-confinement.js";
import type { PatternPolicy } from "../generate/slow-patterns.js";
import { clientCalls } from "./client-calls.js";
import type { LoadedSpec } from "./load-specs.js";

/**
 * Loads a spec as the generator reads it.
 *
 * @param path - The spec file (a multi-file spec's root file), as the user typed it.
 * @param taken - Names of the portal's other specs (and `index`), so each gets its own pages; the
 * spec's name is added.
 * @param note - Where the generator's notes go (operations left out, identifiers made up).
 * @param policy - Folders and origins the spec's `$ref`s may read beyond its folder, and the
 * patterns that may backtrack super-linearly all the same.
 * @throws {SpecError} When the spec is invalid: its file, JSON pointer and the fix.
 * @example const spec = await loadTeamSpec("openapi.yaml", new Set(["index"]), console.error);
 */
export async function loadTeamSpec(
  path: string,
  taken: Set<string>,
  note: (line: string) => void = () => {},
  policy: RefPolicy & PatternPolicy = {},
): Promise<LoadedSpec> {
  const { allowSlowPatterns, ...refPolicy } = policy;
  const kind = await specKindOf(path);
  const id = uniqueName(clientName(basename(path).split(".")[0] ?? "api"), taken);
  const files = await generateSurface({ name: id, specFile: path, kind }, path, {
    strict: false,
    keepRefs: true,
    sharedValidators: true,
    note,
    refPolicy,
    ...(allowSlowPatterns && { allowSlowPatterns }),
  });
  const { "x-generated": _generated, ...read } = JSON.parse(files.get("spec.json") ?? "{}") as Record<
    string,
    Json
  >;
  const info = isObject(read.info) ? read.info : {};
  const specFile = `specs/${id}.${kind}.json`;
  return {
    surface: {
      id,
      kind,
      title: typeof info.title === "string" ? info.title : id,
      specFile,
      entry: `create${pascalCase(id)}Client`,
      baseUrl: { service: "" },
    },
    path: specFile,
    // The document as the generator read it: bundled into one file, Swagger 2.0 and 3.0 as 3.1.
    text: `${JSON.stringify(read, null, 2)}\n`,
    doc: read,
    client: { variable: id, calls: clientCalls(files.get("client.ts") ?? "") },
    generated: files,
  };
}

/**
 * `name`, or `name2`, `name3`… when another spec of the portal has it, also in another case: a disk
 * that ignores case would write `petStore.html` and `petstore.html` to one file.
 */
function uniqueName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let count = 2; taken.has(unique.toLowerCase()); count++) unique = `${name}${count}`;
  taken.add(unique.toLowerCase());
  return unique;
}
