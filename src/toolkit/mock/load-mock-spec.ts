import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { RestOperation, RpcMethod } from "../../runtime/operation.js";
import { loadValidators } from "../../runtime/validation/load-validators.js";

/** A spec made ready to mock: its bundled document and the generated descriptors. */
export type MockSpec =
  | {
      kind: "openapi";
      document: Record<string, unknown>;
      operations: Readonly<Record<string, RestOperation>>;
    }
  | { kind: "openrpc"; document: Record<string, unknown>; methods: Readonly<Record<string, RpcMethod>> };

/** What {@link loadMockSpec} passes on to the generator. */
export interface LoadMockSpecOptions {
  /** Folders besides the spec's own that its `$ref`s may read (`chainkit generate --allow-ref-root`). */
  allowRefRoots?: readonly string[];
  /** Origins whose `$ref`s may be fetched (`chainkit generate --allow-ref-url`). */
  allowRefUrls?: readonly string[];
  /** Patterns, as the spec writes them, that may backtrack super-linearly (`chainkit generate --allow-slow-pattern`). */
  allowSlowPatterns?: readonly string[];
  /** Where the generator's notes go (operationIds made up, say). */
  note?: (line: string) => void;
}

/**
 * Generates the spec's client into a scratch folder, as `chainkit generate` would, and loads what
 * the mock reads of it: the bundled document and the operation descriptors, whose validators are
 * the generated ones. So the mock checks requests and answers by exactly the rules a generated
 * client applies, and names operations as the client does (operationIds made up where missing).
 *
 * @param spec - The spec file (any the generator reads).
 * @param options - `$ref` and pattern permissions, and notes.
 * @returns The document and descriptors; the scratch folder is gone once the validators are loaded.
 * @throws {SpecError} When the spec is invalid, as `chainkit generate` does.
 * @example
 * const loaded = await loadMockSpec("petstore.yaml");
 */
export async function loadMockSpec(spec: string, options: LoadMockSpecOptions = {}): Promise<MockSpec> {
  // The generator and its packages load here only: the mock's users already generate.
  const [{ generateClient }, { ts }] = await Promise.all([
    import("../../../scripts/generate/generate-client.js"),
    import("ts-morph"),
  ]);
  const folder = await mkdtemp(join(tmpdir(), "chainkit-mock-"));
  try {
    await generateClient({
      spec,
      out: folder,
      // A scratch folder whose modules the mock imports itself: no project's package.json is involved.
      moduleScope: false,
      ...(options.note && { note: options.note }),
      ...(options.allowRefRoots && { allowRefRoots: options.allowRefRoots }),
      ...(options.allowRefUrls && { allowRefUrls: options.allowRefUrls }),
      ...(options.allowSlowPatterns && { allowSlowPatterns: options.allowSlowPatterns }),
    });
    // Generated validators import ajv's runtime helpers: let them find the ajv chainkit itself uses.
    await symlink(packagesFolder(), join(folder, "node_modules"), "dir");
    const source = await readFile(join(folder, "operations.ts"), "utf8");
    const compiled = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    await writeFile(join(folder, "operations.js"), compiled);
    const module = (await import(pathToFileURL(join(folder, "operations.js")).href)) as Record<
      string,
      unknown
    >;
    const descriptors = Object.values(module).find(isDescriptorMap);
    if (!descriptors) throw new Error(`${spec} has no operations to mock`);
    const document = JSON.parse(await readFile(join(folder, "spec.json"), "utf8")) as Record<string, unknown>;
    // Every module is loaded now, so the scratch folder can go: nothing imports from it later.
    await Promise.all(
      Object.values(descriptors).map((descriptor) =>
        loadValidators(descriptor as { validators: () => Promise<unknown> }),
      ),
    );
    return "openrpc" in document
      ? { kind: "openrpc", document, methods: descriptors as Record<string, RpcMethod> }
      : { kind: "openapi", document, operations: descriptors as Record<string, RestOperation> };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The node_modules folder that holds the ajv chainkit resolves. */
function packagesFolder(): string {
  const ajv = createRequire(import.meta.url).resolve("ajv");
  const marker = `${sep}node_modules${sep}`;
  return ajv.slice(0, ajv.lastIndexOf(marker) + marker.length - 1);
}

function isDescriptorMap(value: unknown): value is Record<string, { validators: () => Promise<unknown> }> {
  if (value === null || typeof value !== "object") return false;
  const first = Object.values(value)[0] as { validators?: unknown } | undefined;
  return first !== undefined && typeof first.validators === "function";
}
