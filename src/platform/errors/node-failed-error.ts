import { Secret } from "../../runtime/credentials/secret.js";
import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * Thrown by `waitForNode` when the node reaches a status it will not leave on its own
 * (`failed` or `error`) before the awaited one. `node` is the last answer of `getNode`.
 *
 * @example
 * try { await platform.waitForNode(id, { until: "running", timeout: 600_000 }); } catch (err) {
 *   if (err instanceof NodeFailedError) console.log(err.nodeId, err.status);
 * }
 */
export class NodeFailedError extends ChainkitError {
  override name = "NodeFailedError";
  readonly nodeId: string;
  /** The status the node reached, e.g. `failed`. */
  readonly status: string;
  /** The node as last read, with the secrets of its `details` (endpoint tokens included) replaced by `***`. */
  readonly node: unknown;

  constructor(init: { nodeId: string; status: string; until: string; node: unknown }) {
    super(`Node ${init.nodeId} reached status "${init.status}" while waiting for "${init.until}".`);
    this.nodeId = init.nodeId;
    this.status = init.status;
    this.node = withoutSecrets(init.node);
  }
}

const SECRET_DETAILS = ["auth_key", "auth_username", "auth_password"];
const ENDPOINTS = ["https_endpoint", "wss_endpoint"];

/**
 * A copy of a node whose `details` show `***` in place of its credentials, including a token at the
 * end of (or anywhere in the path of) `https_endpoint` and `wss_endpoint`, as `nodeAccess` reads it.
 */
function withoutSecrets(node: unknown): unknown {
  if (!node || typeof node !== "object") return node;
  const details = (node as { details?: unknown }).details;
  if (!details || typeof details !== "object") return node;
  const masked: Record<string, unknown> = { ...(details as Record<string, unknown>) };
  // Secret fields arrive wrapped in a `Secret` (the spec marks them x-secret), or as plain strings.
  const secrets = [masked.auth_key, masked.auth_password]
    .map((value) => (value instanceof Secret ? value.reveal() : value))
    .filter((value): value is string => typeof value === "string" && value !== "");
  for (const key of SECRET_DETAILS) if (key in masked) masked[key] = "***";
  for (const key of ENDPOINTS) {
    const endpoint = masked[key];
    if (typeof endpoint === "string") masked[key] = maskEndpoint(endpoint, secrets);
  }
  return { ...node, details: masked };
}

/** The endpoint with user info dropped and each path segment that is a secret shown as `***`. */
function maskEndpoint(endpoint: string, secrets: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return secrets.some((secret) => endpoint.includes(secret)) ? "***" : endpoint;
  }
  const path = url.pathname
    .split("/")
    .map((segment) => (secrets.includes(decodeSegment(segment)) ? "***" : segment))
    .join("/");
  const query = secrets.some((secret) => url.search.includes(secret) || url.hash.includes(secret))
    ? ""
    : url.search;
  return `${url.protocol}//${url.host}${path}${query}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
