/**
 * The surfaces the portal documents: which spec describes each, which entry a user imports, and which
 * guide example shows it in use. The spec surfaces are the generator's declared ones; the guides
 * without a spec of their own are listed here.
 */
import { type BaseUrlRule, SURFACES, surfaceEntry } from "../generate/surfaces.js";

/** A surface described by a spec: one of the generator's declared surfaces (`scripts/generate/surfaces.ts`). */
export interface SpecSurface {
  id: string;
  kind: "openapi" | "openrpc";
  /** Short name for navigation. */
  title: string;
  /** The spec, relative to the repository root. */
  specFile: string;
  /** The package entry users import. */
  entry: string;
  baseUrl: BaseUrlRule;
}

/** A surface that has a guide (every spec surface, plus gRPC credentials and viem, which have no spec of their own). */
export interface GuideSurface {
  id: string;
  title: string;
  entry: string;
  /** One line for the landing page, for a guide without a spec of its own (a spec's comes from its info). */
  summary?: string;
  /** Path of the example under the repository root. */
  example: string;
  /** The spec whose reference the guide links to, when its id is not a spec's (a second guide of a surface). */
  reference?: string;
}

/** The spec surfaces, in the order the portal lists them: the generator's, as declared. */
export const SPEC_SURFACES: readonly SpecSurface[] = SURFACES.map((surface) => ({
  id: surface.name,
  kind: surface.kind,
  title: surface.title,
  specFile: surface.specFile,
  entry: surfaceEntry(surface),
  baseUrl: surface.baseUrl,
}));

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
export function referencePage(id: string): string {
  return `${id}.html`;
}

/**
 * Whether a page is one of a surface's reference pages: its index, or a page of it when the
 * reference is split (`<id>--tag-….html`, `<id>--schemas-<n>.html`).
 *
 * @param id - Surface id.
 * @param file - A page's file name.
 * @example isReferencePage("evm", "evm--tag-state.html") // true
 */
export function isReferencePage(id: string, file: string): boolean {
  return file === referencePage(id) || file.startsWith(`${id}--`);
}

/**
 * File name of a surface's guide page.
 *
 * @param id - Surface id.
 * @returns e.g. `guide-platform.html`.
 * @example guidePage("grpc") // "guide-grpc.html"
 */
export function guidePage(id: string): string {
  return `guide-${id}.html`;
}
