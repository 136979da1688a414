import { walletOperations } from "../../../generated/wallet/operations.js";
import type { SurfaceHandler } from "../surface.js";
import { RestContract, type RestInput } from "../validation.js";
import { DEFAULT_ASSETS } from "./default-assets.js";
import { decodeNodeHex } from "./node-hex.js";
import { renderAsset, type TronAsset } from "./tron-asset.js";

/** Options of {@link createWalletSurface}. */
export interface WalletSurfaceOptions {
  /** The tokens the node knows (default {@link DEFAULT_ASSETS}: BTT, two TRN, two SEED, one UTF-8 name). */
  assets?: readonly TronAsset[];
}

/** A wallet node surface: its handler and the tokens it serves. */
export interface WalletSurface {
  handler: SurfaceHandler;
  /** The tokens served, as stored (text fields as text, int64 as `bigint`). */
  assets: readonly TronAsset[];
  /** Releases nothing (the surface holds no resources); present so every surface closes alike. */
  close(): Promise<void>;
}

/** java-tron's answer (at HTTP 200) to `visible: false` with a `value` that is not hex. */
const BAD_HEX_ERROR = {
  Error:
    "class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string",
};

const encoder = new TextEncoder();

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** The checked body: `value` and `visible`, a missing `visible` read as false like real nodes do. */
function lookup(input: RestInput): { value: string; visible: boolean } {
  const { value, visible } = input.body as { value: string; visible?: boolean };
  return { value, visible: visible ?? false };
}

/**
 * Builds the wallet node surface: `POST /wallet/getassetissuelistbyname` and
 * `POST /wallet/getassetissuebyid`, answering as a java-tron node does: `visible` selects plain text
 * and `T…` addresses or hex and `41…` addresses (missing means false), `{}` when nothing matches,
 * `{"Error": …}` at HTTP 200 on bad hex or a body the spec refuses. Every answer is checked
 * against the wallet spec. Serve it with `serveSurface` and `auth: "node"`.
 *
 * @param options - The tokens to serve.
 * @returns The handler and the tokens.
 * @example
 * const wallet = await createWalletSurface();
 * const nodeAuth = new NodeAuthRegistry();
 * const server = await serveSurface({ name: "wallet", auth: "node", nodeAuth, handler: wallet.handler });
 */
export async function createWalletSurface(options: WalletSurfaceOptions = {}): Promise<WalletSurface> {
  const assets = options.assets ?? DEFAULT_ASSETS;
  const contract = new RestContract("wallet", walletOperations);

  const handler = contract.handler({
    getAssetIssueListByName: (input) => {
      const { value, visible } = lookup(input);
      const wanted = visible ? encoder.encode(value) : decodeNodeHex(value);
      if (wanted === undefined) return { status: 200, body: BAD_HEX_ERROR };
      const matches = assets.filter((asset) => sameBytes(encoder.encode(asset.name), wanted));
      // java-tron prints an empty list as `{}`: the repeated field is left out.
      const body =
        matches.length === 0 ? {} : { assetIssue: matches.map((asset) => renderAsset(asset, visible)) };
      return { status: 200, body };
    },
    getAssetIssueById: (input) => {
      const { value, visible } = lookup(input);
      const asset = assets.find((candidate) => candidate.id === value);
      return { status: 200, body: asset ? renderAsset(asset, visible) : {} };
    },
  });

  return { handler, assets, close: async () => {} };
}
