import { type Auth, joinUrl, nodeAuth } from "./auth.js";
import { hideSecrets, maskFields } from "./hide-secrets.js";
import type { NodeCredentials } from "./node-credentials.js";
import { requireSecureUrl } from "./secure-url.js";

/**
 * Where to send requests for a node, with its credentials applied. The fields hold the secrets as
 * they are sent (the token in `url`, `Authorization` in `headers`), for the code that connects;
 * inspecting or serialising the endpoint, or its `headers`, shows them as `***`.
 */
export interface NodeEndpoint {
  /** The URL to connect to (holds the token in token mode). */
  url: string;
  /** Headers to send (`Authorization: Basic …` in basic mode). */
  headers: Record<string, string>;
}

/** A node base URL (e.g. a platform node's `https_endpoint`) and its credentials. */
export interface NodeEndpointOptions {
  /** The node base URL: https (http only on loopback), no user info, no query or fragment. */
  url: string;
  credentials: NodeCredentials;
}

/**
 * The HTTP endpoint of a node: `{url}/{token}{path}` in token mode, `{url}{path}` with
 * `Authorization: Basic` in basic mode. For tools that talk to the node without a chainkit client.
 * Logging the endpoint shows `***` for the token and the header; its fields give the real values.
 *
 * @param options.url - The node base URL (https, or http on loopback), without query or fragment.
 * @param options.credentials - `{ token }` or `{ username, password }`.
 * @param options.path - Path under the node, e.g. `"/evm"` (default `""`).
 * @throws {ConfigurationError} for an insecure URL, a URL with user info, a query or a fragment, or bad
 *   credentials.
 * @example
 * const endpoint = nodeHttpEndpoint({ url: "https://nd-1.example.com", credentials: { token: "0123abcd" }, path: "/evm" });
 * endpoint.url; // "https://nd-1.example.com/0123abcd/evm"
 * console.log(endpoint); // the token segment of `url` shows as ***
 */
export function nodeHttpEndpoint(options: NodeEndpointOptions & { path?: string }): NodeEndpoint {
  const auth = nodeAuth(options.credentials);
  requireSecureUrl(options.url, "url", auth.redact);
  return hiddenEndpoint(auth.resolveUrl(options.url, options.path ?? ""), auth);
}

/**
 * The WebSocket endpoint of a node: `wss://host/ws/<token>` in token mode, `wss://host/ws` with
 * `Authorization: Basic` in basic mode (`ws://` for a loopback `http://` node URL). Browsers cannot set
 * headers on a WebSocket, so basic mode needs a client that can (e.g. Node's `ws`). Logging the
 * endpoint shows `***` for the token and the header; its fields give the real values.
 *
 * @param options.url - The node base URL (https, or http on loopback), without query or fragment.
 * @param options.credentials - `{ token }` or `{ username, password }`.
 * @throws {ConfigurationError} for an insecure URL, a URL with user info, a query or a fragment, or bad
 *   credentials.
 * @example
 * const endpoint = nodeWebSocketEndpoint({ url: "https://nd-1.example.com", credentials: { token: "0123abcd" } });
 * endpoint.url; // "wss://nd-1.example.com/ws/0123abcd"
 */
export function nodeWebSocketEndpoint(options: NodeEndpointOptions): NodeEndpoint {
  const auth = nodeAuth(options.credentials);
  const parsed = requireSecureUrl(options.url, "url", auth.redact);
  parsed.protocol = parsed.protocol === "http:" || parsed.protocol === "ws:" ? "ws:" : "wss:";
  // The token goes after `/ws`, where `resolveUrl` puts it after the node URL.
  return hiddenEndpoint(auth.resolveUrl(joinUrl(parsed.href, "/ws"), ""), auth);
}

/** The endpoint, showing its URL with the token masked and each header value as `***`. */
function hiddenEndpoint(url: string, auth: Auth): NodeEndpoint {
  const headers = hideSecrets(auth.headers());
  return hideSecrets({ url, headers }, (endpoint) => ({
    url: auth.redact(endpoint.url),
    headers: maskFields(endpoint.headers),
  }));
}
