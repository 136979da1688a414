import { joinUrl, nodeAuth } from "./auth.js";
import { checkNodeCredentials, type NodeCredentials } from "./node-credentials.js";
import { requireSecureUrl } from "./secure-url.js";

/** Where to send requests for a node, with its credentials applied. The values are secret: do not log them. */
export interface NodeEndpoint {
  /** The URL to connect to (holds the token in token mode). */
  url: string;
  /** Headers to send (`Authorization: Basic …` in basic mode). */
  headers: Record<string, string>;
}

/** A node base URL (e.g. a platform node's `https_endpoint`) and its credentials. */
export interface NodeEndpointOptions {
  url: string;
  credentials: NodeCredentials;
}

/**
 * The HTTP endpoint of a node: `{url}/{token}{path}` in token mode, `{url}{path}` with
 * `Authorization: Basic` in basic mode. For tools that talk to the node without a chainkit client.
 *
 * @param options.url - The node base URL (https, or http on loopback).
 * @param options.credentials - `{ token }` or `{ username, password }`.
 * @param options.path - Path under the node, e.g. `"/evm"` (default `""`).
 * @throws {ConfigurationError} for an insecure URL or bad credentials.
 * @example
 * nodeHttpEndpoint({ url: "https://nd-1.example.com", credentials: { token: "0123abcd" }, path: "/evm" });
 * // { url: "https://nd-1.example.com/0123abcd/evm", headers: {} }
 */
export function nodeHttpEndpoint(options: NodeEndpointOptions & { path?: string }): NodeEndpoint {
  const auth = nodeAuth(options.credentials);
  requireSecureUrl(options.url, "url", auth.redact);
  return { url: auth.resolveUrl(options.url, options.path ?? ""), headers: auth.headers() };
}

/**
 * The WebSocket endpoint of a node: `wss://host/ws/<token>` in token mode, `wss://host/ws` with
 * `Authorization: Basic` in basic mode (`ws://` for a loopback `http://` node URL). Browsers cannot set
 * headers on a WebSocket, so basic mode needs a client that can (e.g. Node's `ws`).
 *
 * @param options.url - The node base URL (https, or http on loopback).
 * @param options.credentials - `{ token }` or `{ username, password }`.
 * @throws {ConfigurationError} for an insecure URL or bad credentials.
 * @example
 * nodeWebSocketEndpoint({ url: "https://nd-1.example.com", credentials: { token: "0123abcd" } });
 * // { url: "wss://nd-1.example.com/ws/0123abcd", headers: {} }
 */
export function nodeWebSocketEndpoint(options: NodeEndpointOptions): NodeEndpoint {
  const auth = nodeAuth(options.credentials);
  const parsed = requireSecureUrl(options.url, "url", auth.redact);
  parsed.protocol = parsed.protocol === "http:" || parsed.protocol === "ws:" ? "ws:" : "wss:";
  parsed.search = "";
  parsed.hash = "";
  const ws = joinUrl(parsed.href, "/ws");
  const checked = checkNodeCredentials(options.credentials);
  if (checked.kind === "token") {
    return { url: joinUrl(ws, `/${encodeURIComponent(checked.token.reveal())}`), headers: {} };
  }
  return { url: ws, headers: auth.headers() };
}
