/**
 * The surfaces the portal documents: which spec describes each, which entry a user imports, and which
 * guide example shows it in use.
 */

/** A surface described by a spec. */
export interface SpecSurface {
  id: "platform" | "exchange" | "evm" | "wallet" | "indexer";
  kind: "openapi" | "openrpc";
  /** Short name for navigation. */
  title: string;
  /** Spec file names to try under `specs/`, first match wins. */
  specFiles: readonly string[];
  /** The package entry users import. */
  entry: string;
}

/** A surface that has a guide (every spec surface, plus gRPC credentials and viem, which have no spec of their own). */
export interface GuideSurface {
  id: SpecSurface["id"] | "grpc" | "viem" | "evm-live";
  title: string;
  entry: string;
  /** One line for the landing page, for a guide without a spec of its own (a spec's comes from its info). */
  summary?: string;
  /** Path of the example under the repository root. */
  example: string;
  /** The spec whose reference the guide links to, when its id is not a spec's (a second guide of a surface). */
  reference?: SpecSurface["id"];
}

/** The spec surfaces, in the order the portal lists them. */
export const SPEC_SURFACES: readonly SpecSurface[] = [
  {
    id: "platform",
    kind: "openapi",
    title: "Platform API",
    specFiles: ["platform.openapi.yaml"],
    entry: "chainkit/platform",
  },
  {
    id: "exchange",
    kind: "openapi",
    title: "Exchange API",
    specFiles: ["exchange.openapi.yaml"],
    entry: "chainkit/exchange",
  },
  {
    id: "evm",
    kind: "openrpc",
    title: "EVM JSON-RPC",
    specFiles: ["evm.openrpc.yaml", "evm.openrpc.json"],
    entry: "chainkit/evm",
  },
  {
    id: "wallet",
    kind: "openapi",
    title: "Wallet node",
    specFiles: ["wallet.openapi.yaml"],
    entry: "chainkit/wallet",
  },
  {
    id: "indexer",
    kind: "openapi",
    title: "Indexer",
    specFiles: ["indexer.openapi.yaml"],
    entry: "chainkit/indexer",
  },
];

/** The guides, in the order the portal lists them. */
export const GUIDE_SURFACES: readonly GuideSurface[] = [
  ...SPEC_SURFACES.map((surface) => ({
    id: surface.id,
    title: surface.title,
    entry: surface.entry,
    example: `examples/${surface.id}.ts`,
  })),
  {
    id: "evm-live",
    title: "EVM live (WebSocket)",
    entry: "chainkit/evm",
    example: "examples/evm-live.ts",
    reference: "evm",
    summary: "New blocks and logs over the node's WebSocket endpoint, none missed across reconnects.",
  },
  {
    id: "grpc",
    title: "gRPC credentials",
    entry: "chainkit/grpc",
    example: "examples/grpc.ts",
    summary: "Node credentials for gRPC calls (x-token metadata).",
  },
  {
    id: "viem",
    title: "viem transport",
    entry: "chainkit/viem",
    example: "examples/viem.ts",
    reference: "evm",
    summary: "viem's clients on chainkit's EVM transport, with verified receipts and proofs.",
  },
];

/**
 * File name of a surface's reference page.
 *
 * @param id - Surface id.
 * @returns e.g. `platform.html`.
 * @example referencePage("evm") // "evm.html"
 */
export function referencePage(id: SpecSurface["id"]): string {
  return `${id}.html`;
}

/**
 * File name of a surface's guide page.
 *
 * @param id - Surface id.
 * @returns e.g. `guide-platform.html`.
 * @example guidePage("grpc") // "guide-grpc.html"
 */
export function guidePage(id: GuideSurface["id"]): string {
  return `guide-${id}.html`;
}
