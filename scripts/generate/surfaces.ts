/**
 * The surfaces chainkit generates, declared once: everything else follows from this list. The
 * generator writes `generated/<name>/` from each spec, the docs portal documents each (reference and
 * guide pages, landing table), and `npm run generate` checks that the hand-written pieces a surface
 * needs exist (`entry-check.ts`): its entry `src/<name>.ts`, its export `chainkit/<name>` in
 * package.json and its guide `examples/<name>.ts`, naming the file and what to write when one is missing.
 */

/** Where a surface's clients send their requests. */
export type BaseUrlRule =
  /** A public service at this address: the client's default `baseUrl` (the spec's first server, when it lists any). */
  | { service: string }
  /**
   * A node the user runs: the node's endpoint followed by this path, with the node's credentials (its
   * token as the first path segment, or basic auth).
   */
  | { node: string };

/** One surface: its spec and how it is named, documented and reached. */
export interface Surface {
  /** Folder under `generated/`, the entry `src/<name>.ts` and the export `chainkit/<name>`, e.g. `platform`. */
  name: string;
  /** Spec path relative to the repository root. */
  specFile: string;
  kind: "openapi" | "openrpc";
  /** Short name for the portal's navigation, e.g. `Platform API`. */
  title: string;
  baseUrl: BaseUrlRule;
}

/** A surface's names as the emitters use them. */
export interface SurfaceNames {
  /** `platform` */
  camel: string;
  /** `Platform` */
  pascal: string;
  /** The spec's `info.title`. */
  title: string;
}

/** The surfaces, in the order they are generated, reported and listed by the portal. */
export const SURFACES = [
  {
    name: "platform",
    specFile: "specs/platform.openapi.yaml",
    kind: "openapi",
    title: "Platform API",
    baseUrl: { service: "https://api.chainstack.com" },
  },
  {
    name: "exchange",
    specFile: "specs/exchange.openapi.yaml",
    kind: "openapi",
    title: "Exchange API",
    baseUrl: { service: "https://api.hyperliquid.xyz" },
  },
  {
    name: "evm",
    specFile: "specs/evm.openrpc.yaml",
    kind: "openrpc",
    title: "EVM JSON-RPC",
    baseUrl: { node: "/evm" },
  },
  {
    name: "wallet",
    specFile: "specs/wallet.openapi.yaml",
    kind: "openapi",
    title: "Wallet node",
    baseUrl: { node: "/wallet" },
  },
  {
    name: "indexer",
    specFile: "specs/indexer.openapi.yaml",
    kind: "openapi",
    title: "Indexer",
    baseUrl: { node: "/api/v3" },
  },
] as const satisfies readonly Surface[];

/** A declared surface's name, e.g. `platform`: what `src/sandbox` and the tests key their surfaces by. */
export type SurfaceName = (typeof SURFACES)[number]["name"];

/**
 * The service's surfaces that publish no spec, so nothing is generated for them: hand code only
 * (`src/<name>.ts`, `src/<name>/`), its export `chainkit/<name>` and a guide. For the import rules
 * (`.dependency-cruiser.cjs`) each is a surface like the others, side by side with them.
 */
export const SURFACES_WITHOUT_SPEC: readonly string[] = ["grpc"];

/**
 * The package entry users import for a surface.
 *
 * @param surface - The surface.
 * @returns e.g. `chainkit/platform`.
 * @example surfaceEntry(SURFACES[0]) // "chainkit/platform"
 */
export function surfaceEntry(surface: Pick<Surface, "name">): string {
  return `chainkit/${surface.name}`;
}
