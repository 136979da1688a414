import { hideSecrets } from "../runtime/credentials/hide-secrets.js";
import { Secret } from "../runtime/credentials/secret.js";
import { NodeAccessError } from "./errors/node-access-error.js";

/** Node credentials: the auth token (sent in the URL path) or basic-auth username and password. */
export type NodeAccessCredentials = { token: string } | { username: string; password: string };

/** What a node client needs: the node's base URL and its credentials. */
export interface NodeAccess {
  /** The node's HTTPS base address (`details.https_endpoint`), without a trailing slash or token. */
  url: string;
  credentials: NodeAccessCredentials;
}

/** The part of a platform `Node` that `nodeAccess` reads. */
export interface NodeWithDetails {
  id?: string;
  status?: string;
  details?: {
    https_endpoint?: string;
    /** A `Secret` in a node the client fetched; a plain string is read as well. */
    auth_key?: string | Secret;
    auth_username?: string | Secret;
    auth_password?: string | Secret;
  } | null;
}

/** Which credentials to take when a node has both. */
export interface NodeAccessOptions {
  /** `"token"` (the default when `auth_key` is present) or `"basic"`. */
  prefer?: "token" | "basic";
}

/**
 * Reads the endpoint and credentials of a platform node, ready for `createEvmClient`,
 * `createWalletClient` or `createIndexerClient`.
 *
 * The token (`details.auth_key`) is preferred when present; `prefer: "basic"` picks
 * `auth_username`/`auth_password` instead. `url` keeps only the endpoint's scheme, host and path: a
 * token already appended to `https_endpoint` is removed so it is not sent twice, and a query or
 * fragment is dropped (node clients refuse them, since a token and paths appended after a `?` or `#`
 * would not reach the node's path). The credentials object hides its secrets from `util.inspect`
 * and `JSON.stringify`, so logging the result shows no token or password.
 *
 * @param node - A node as `getNode`, `createNode` or `waitForNode` return it.
 * @param options - Which credential mode to prefer.
 * @returns `{ url, credentials }`.
 * @throws {NodeAccessError} when the node has no `details`, no `https_endpoint`, an endpoint that is
 *   not an http(s) URL, or no credentials of the requested kind (the error names the field).
 *
 * @example
 * const node = await platform.waitForNode(id, { until: "running", timeout: 600_000 });
 * const evm = createEvmClient(nodeAccess(node));
 */
export function nodeAccess(node: NodeWithDetails, options: NodeAccessOptions = {}): NodeAccess {
  const nodeId = typeof node?.id === "string" ? node.id : undefined;
  const fail = (field: string, problem: string): never => {
    const who = nodeId ? `Node ${nodeId}` : "The node";
    const status = typeof node?.status === "string" ? ` (status ${node.status})` : "";
    throw new NodeAccessError(`${who}${status} ${problem}`, { nodeId, field });
  };

  const details = node?.details;
  if (!details || typeof details !== "object") {
    return fail("details", "has no details yet: wait until it is running, then read it again.");
  }
  const endpoint = details.https_endpoint;
  if (typeof endpoint !== "string" || endpoint === "") {
    return fail("https_endpoint", "has no details.https_endpoint.");
  }
  let parsed: URL;
  try {
    parsed = new URL(endpoint);
  } catch {
    return fail("https_endpoint", "has a details.https_endpoint that is not a URL.");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return fail("https_endpoint", "has a details.https_endpoint that is not an http(s) URL.");
  }

  const token = nonEmpty(details.auth_key);
  const username = nonEmpty(details.auth_username);
  const password = nonEmpty(details.auth_password);
  const useBasic = options.prefer === "basic" || (token === undefined && options.prefer !== "token");

  if (useBasic) {
    if (username === undefined || password === undefined) {
      return fail(
        username === undefined ? "auth_username" : "auth_password",
        `has no details.${username === undefined ? "auth_username" : "auth_password"} for basic authentication.`,
      );
    }
    return { url: baseUrl(parsed, token), credentials: hideSecrets({ username, password }) };
  }
  if (token === undefined) {
    return fail("auth_key", "has no details.auth_key (auth token).");
  }
  return { url: baseUrl(parsed, token), credentials: hideSecrets({ token }) };
}

/** The text of a field, revealed when it is a `Secret`; `undefined` when empty or absent. */
function nonEmpty(value: unknown): string | undefined {
  const text = value instanceof Secret ? value.reveal() : value;
  return typeof text === "string" && text !== "" ? text : undefined;
}

/** The endpoint without query, hash, trailing slashes, or a trailing token segment. */
function baseUrl(endpoint: URL, token: string | undefined): string {
  const segments = endpoint.pathname.split("/").filter((segment) => segment !== "");
  const last = segments.at(-1);
  // `URL` percent-encodes some characters of a path (`{`, `^`, non-ASCII): compare the decoded segment.
  if (token !== undefined && last !== undefined && decodeSegment(last) === token) segments.pop();
  const path = segments.length > 0 ? `/${segments.join("/")}` : "";
  return `${endpoint.protocol}//${endpoint.host}${path}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a stray `%` that is not an escape: the segment is what it says
  }
}
