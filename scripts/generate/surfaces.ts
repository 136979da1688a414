/** One surface the generator emits: which spec it reads and what its names are. */
export interface Surface {
  /** Folder under `generated/`, e.g. `platform`. */
  name: string;
  /** Spec path relative to the repository root. */
  specFile: string;
  kind: "openapi" | "openrpc";
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

/** The five surfaces, in the order they are generated and reported. */
export const SURFACES: readonly Surface[] = [
  { name: "platform", specFile: "specs/platform.openapi.yaml", kind: "openapi" },
  { name: "exchange", specFile: "specs/exchange.openapi.yaml", kind: "openapi" },
  { name: "evm", specFile: "specs/evm.openrpc.yaml", kind: "openrpc" },
  { name: "wallet", specFile: "specs/wallet.openapi.yaml", kind: "openapi" },
  { name: "indexer", specFile: "specs/indexer.openapi.yaml", kind: "openapi" },
];
