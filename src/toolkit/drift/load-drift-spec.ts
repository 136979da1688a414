import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RestOperation, RpcMethod } from "../../runtime/operation.js";
import { loadValidators } from "../../runtime/validation/load-validators.js";
import { loadSpecSource } from "../diff/load-source.js";
import { loadMockSpec } from "../mock/load-mock-spec.js";
import { DriftSourceError } from "./drift-source-error.js";
import { type Loose, SpecSchemas } from "./spec-schemas.js";

/** A spec made ready to check traffic against: the generated validators and the document a spec editor edits. */
export type DriftSpec = {
  /** The spec file, or the surface's name. */
  name: string;
  /** The document as the generator's loader bundles it (`$ref`s kept): what suggested patches apply to. */
  schemas: SpecSchemas;
  /** The literal path segments of the spec's server URLs (`evm` of `https://{host}/{auth_token}/evm`). */
  serverSegments: ReadonlySet<string>;
} & (
  | { kind: "openapi"; operations: Readonly<Record<string, RestOperation>> }
  | { kind: "openrpc"; methods: Readonly<Record<string, RpcMethod>> }
);

/** Where to read a spec from: a file (any the generator reads), or one of chainkit's own surfaces. */
export type DriftSpecSource =
  | {
      spec: string;
      allowRefRoots?: readonly string[];
      allowRefUrls?: readonly string[];
      allowSlowPatterns?: readonly string[];
    }
  | { surface: string };

/**
 * chainkit's own surfaces by name, with their spec files, read from the shipped `specs/` folder
 * (`evm.openrpc.yaml` is `evm`), as `chainkit call` reads `generated/`: a new surface needs no entry here.
 */
const OWN_SPECS: ReadonlyMap<string, string> = new Map(
  readdirSync(new URL("specs/", folderHolding("specs/")))
    .map((file) => /^([a-z]+)\.(?:openapi|openrpc)\.yaml$/.exec(file))
    .filter((match) => match !== null)
    .map(([file, name]) => [name as string, file]),
);

/** The names `--surface` takes. */
export const OWN_SURFACES = [...OWN_SPECS.keys()];

/**
 * Loads a spec for drift checks: for chainkit's own surfaces, the committed `generated/<surface>/`
 * validators; for any other spec, validators generated into a scratch folder as the mock does
 * (`loadMockSpec`). Either way the document is read with the generator's loader too, so pointers
 * of suggested changes are into the spec as its editor writes it.
 *
 * @throws {DriftSourceError} For an unknown surface.
 * @throws {SpecError} When the spec is invalid, as `chainkit generate` does.
 * @example
 * const evm = await loadDriftSpec({ surface: "evm" });
 * const team = await loadDriftSpec({ spec: "shop.yaml" });
 */
export async function loadDriftSpec(source: DriftSpecSource): Promise<DriftSpec> {
  if ("surface" in source) return loadOwnSurface(source.surface);
  const [loaded, document] = await Promise.all([
    loadMockSpec(source.spec, {
      ...(source.allowRefRoots && { allowRefRoots: source.allowRefRoots }),
      ...(source.allowRefUrls && { allowRefUrls: source.allowRefUrls }),
      ...(source.allowSlowPatterns && { allowSlowPatterns: source.allowSlowPatterns }),
    }),
    // The same $ref permissions as the validators' read, or a spec that needs them fails here.
    loadSpecSource(source.spec, process.cwd(), {
      ...(source.allowRefRoots && { allowRefRoots: source.allowRefRoots }),
      ...(source.allowRefUrls && { allowRefUrls: source.allowRefUrls }),
    }),
  ]);
  const doc = document.doc as Loose;
  const common = { name: source.spec, schemas: new SpecSchemas(doc), serverSegments: serverSegments(doc) };
  return loaded.kind === "openrpc"
    ? { ...common, kind: "openrpc", methods: loaded.methods }
    : { ...common, kind: "openapi", operations: loaded.operations };
}

async function loadOwnSurface(name: string): Promise<DriftSpec> {
  const file = OWN_SPECS.get(name);
  if (file === undefined) {
    throw new DriftSourceError(`--surface ${name}`, `no such surface; use one of ${OWN_SURFACES.join(", ")}`);
  }
  const generated = new URL(`generated/${name}/`, folderHolding("generated/"));
  const module = (await import(new URL("operations.js", generated).href)) as Record<string, unknown>;
  const descriptors = Object.values(module).find(
    (value): value is Record<string, { validators: () => Promise<unknown> }> =>
      value !== null &&
      typeof value === "object" &&
      Object.values(value).every((entry) => typeof entry?.validators === "function"),
  );
  if (!descriptors)
    throw new DriftSourceError(name, "its generated operations were not found; run npm run generate");
  await Promise.all(Object.values(descriptors).map((descriptor) => loadValidators(descriptor)));
  const document = await loadSpecSource(fileURLToPath(new URL(`specs/${file}`, folderHolding("specs/"))));
  const doc = document.doc as Loose;
  const common = { name, schemas: new SpecSchemas(doc), serverSegments: serverSegments(doc) };
  const bundled = JSON.parse(readFileSync(new URL("spec.json", generated), "utf8")) as Loose;
  return "openrpc" in bundled
    ? { ...common, kind: "openrpc", methods: descriptors as unknown as Record<string, RpcMethod> }
    : { ...common, kind: "openapi", operations: descriptors as unknown as Record<string, RestOperation> };
}

/**
 * The folder holding `generated/` or `specs/`: the repository's root, or in the installed package
 * `dist/` (generated code) and the package's root (specs).
 */
function folderHolding(child: string): URL {
  const near = new URL("../../../", import.meta.url);
  return existsSync(new URL(child, near)) ? near : new URL("../../../../", import.meta.url);
}

/** The path segments written literally in the spec's server URLs. */
function serverSegments(doc: Loose): Set<string> {
  const servers = Array.isArray(doc.servers) ? (doc.servers as { url?: unknown }[]) : [];
  const segments = new Set<string>();
  for (const server of servers) {
    if (typeof server.url !== "string") continue;
    const path = server.url.replace(/^[a-z]+:\/\/[^/]*/i, "").replace(/^\{[^}]+\}/, "");
    for (const segment of path.split("/"))
      if (segment !== "" && !segment.includes("{")) segments.add(segment);
  }
  return segments;
}
