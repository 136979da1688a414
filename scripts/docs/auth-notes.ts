/**
 * How each surface authenticates, in a few lines of Markdown for the landing page and the guides. The
 * reference pages carry the full rules from the specs; these notes point to them.
 */
import { pascalCase } from "../generate/names.js";
import { DocsError } from "./docs-error.js";
import { type GuideSurface, SPEC_SURFACES } from "./surfaces.js";

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

/** Authentication of the guides that the base URL rule of their surface does not tell (see {@link authNote}). */
const AUTH_NOTES: Record<string, AuthNote> = {
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

/**
 * How a guide's surface authenticates: its own note, or one made from its surface's base URL rule
 * (`scripts/generate/surfaces.ts`): for a node the user runs, the node's credentials under the
 * surface's path.
 *
 * @param guide - The guide.
 * @returns Its note.
 * A public service's surface without a note of its own gets one pointing at its address and its
 * reference page's Authentication section.
 *
 * @throws {DocsError} When a guide has neither a note here nor a spec surface.
 * @example authNote({ id: "platform" }).mechanism // "Bearer API key"
 */
export function authNote(guide: Pick<GuideSurface, "id">): AuthNote {
  const written = AUTH_NOTES[guide.id];
  if (written) return written;
  const surface = SPEC_SURFACES.find((candidate) => candidate.id === guide.id);
  if (surface && "node" in surface.baseUrl) {
    // A REST surface has many paths under its prefix, a JSON-RPC surface the one.
    const path = surface.kind === "openapi" ? `${surface.baseUrl.node}/…` : surface.baseUrl.node;
    return {
      mechanism: "Node token in the path, or basic auth",
      text: NODE_CREDENTIALS(path, `create${pascalCase(surface.id)}Client`),
    };
  }
  if (surface && "service" in surface.baseUrl) {
    return {
      mechanism: "As its spec's security schemes say",
      text:
        `Requests go to \`${surface.baseUrl.service}\` (the client's default \`baseUrl\`), with the credentials ` +
        "its reference page lists under Authentication.",
    };
  }
  throw new DocsError(
    `no authentication note for ${guide.id}: add one to AUTH_NOTES in scripts/docs/auth-notes.ts`,
  );
}
