import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

/** What a reference page must show: every operation id (OpenAPI) or method name (OpenRPC). */
export interface SurfaceInventory {
  surface: string;
  kind: "openapi" | "openrpc";
  /** Where the list came from (the bundled spec, or the YAML when it is not generated yet). */
  source: string;
  names: string[];
}

const SURFACES = [
  { surface: "platform", kind: "openapi", yaml: "specs/platform.openapi.yaml" },
  { surface: "exchange", kind: "openapi", yaml: "specs/exchange.openapi.yaml" },
  { surface: "evm", kind: "openrpc", yaml: "specs/evm.openrpc.yaml" },
  { surface: "wallet", kind: "openapi", yaml: "specs/wallet.openapi.yaml" },
  { surface: "indexer", kind: "openapi", yaml: "specs/indexer.openapi.yaml" },
] as const;

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * Lists the operations and methods of every surface, read from the bundled `generated/<surface>/spec.json`
 * (falling back to `specs/*.yaml` when the generator has not written it).
 *
 * @param root - Repository root.
 * @returns One inventory per surface.
 * @example readInventories(process.cwd())
 */
export function readInventories(root: string): SurfaceInventory[] {
  return SURFACES.map(({ surface, kind, yaml }) => {
    const bundled = `generated/${surface}/spec.json`;
    const source = existsSync(join(root, bundled)) ? bundled : yaml;
    const text = readFileSync(join(root, source), "utf8");
    const doc = (source.endsWith(".json") ? JSON.parse(text) : parse(text, { maxAliasCount: -1 })) as Record<
      string,
      unknown
    >;
    return { surface, kind, source, names: kind === "openapi" ? operationIds(doc) : methodNames(doc) };
  });
}

function operationIds(doc: Record<string, unknown>): string[] {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method] !== undefined).map(
      (method) => item[method]?.operationId ?? `${method}-${path}`,
    ),
  );
}

function methodNames(doc: Record<string, unknown>): string[] {
  const methods = (doc.methods ?? []) as { name?: string }[];
  return methods.map((method) => String(method.name));
}
