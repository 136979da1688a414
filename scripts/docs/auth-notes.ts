/**
 * How each surface authenticates, in a few lines of Markdown for the landing page and the guides. The
 * reference pages carry the full rules from the specs; these notes point to them.
 */
import type { GuideSurface } from "./surfaces.js";

/** One surface's authentication summary. */
export interface AuthNote {
  /** The mechanism in a few words. */
  mechanism: string;
  /** Markdown: what goes on the wire and how chainkit takes it. */
  text: string;
}

const NODE_CREDENTIALS = (path: string, create: string): string =>
  `Use the node's credentials, one of two ways. **Token in the path:** \`{node_url}/{auth_token}${path}\`, ` +
  "no header; the URL itself grants access, so keep it private. **Basic auth:** " +
  `\`{node_url}${path}\` with \`Authorization: Basic base64(username:password)\`. Bearer headers are refused. ` +
  `In chainkit: \`${create}({ url, credentials: { token } })\` or \`credentials: { username, password }\`.`;

/** Authentication per guide surface. */
export const AUTH_NOTES: Record<GuideSurface["id"], AuthNote> = {
  platform: {
    mechanism: "Bearer API key",
    text:
      "Every request sends `Authorization: Bearer <API_KEY>`, a key made in the platform console. " +
      "A missing or rejected key answers 401, a key without permission 403. In chainkit: " +
      "`createPlatformClient({ baseUrl, apiKey })`; the key never appears in errors or logs.",
  },
  exchange: {
    mechanism: "EIP-712 signature in the body",
    text:
      "No header and no API key: the body of `POST /exchange` carries an EIP-712 signature over the action " +
      "and a millisecond nonce, and the service recovers the signer's address from it. The private key stays " +
      "on your side. In chainkit: `createExchangeClient({ baseUrl, signer, network })` signs each request; " +
      "`signL1Action` signs one action by hand.",
  },
  evm: {
    mechanism: "Node token in the path, or basic auth",
    text: NODE_CREDENTIALS("/evm", "createEvmClient"),
  },
  "evm-live": {
    mechanism: "Node token in the WebSocket URL, or basic auth on the upgrade",
    text:
      "The node's WebSocket endpoint takes the same credentials as its HTTPS one. **Token in the URL:** " +
      "`wss://{node_host}/ws/{auth_token}`, no header; keep the URL private. **Basic auth:** `wss://{node_host}/ws` " +
      "with `Authorization: Basic base64(username:password)` on the upgrade request. Browsers cannot set that " +
      "header, so there only token mode works (chainkit refuses basic mode with a `ConfigurationError`). Refused " +
      "credentials get HTTP 401 on the upgrade. In chainkit: `createEvmClient({ url, credentials, transport: " +
      '"websocket" })` with the node\'s HTTPS URL: the WebSocket URL is derived from it.',
  },
  wallet: {
    mechanism: "Node token in the path, or basic auth",
    text: NODE_CREDENTIALS("/wallet/…", "createWalletClient"),
  },
  indexer: {
    mechanism: "Node token in the path, or basic auth",
    text: NODE_CREDENTIALS("/api/v3/…", "createIndexerClient"),
  },
  viem: {
    mechanism: "Node token in the path, or basic auth",
    text: NODE_CREDENTIALS("/evm", "chainkitTransport"),
  },
  grpc: {
    mechanism: "gRPC `x-token` metadata",
    text:
      "gRPC calls carry the node's auth token in an `x-token` metadata entry; a missing or wrong token is " +
      "answered with status 16 `UNAUTHENTICATED`. In chainkit: `xTokenCallCredentials(token)` (composed " +
      "with TLS channel credentials) or `xTokenInterceptor(token, { target })` (a plain channel to this machine only).",
  },
};
