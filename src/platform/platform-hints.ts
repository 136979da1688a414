import { HttpError } from "../runtime/errors/http-error.js";

/** A node id as the platform writes them. */
const NODE_ID = /^ND-\d{3}-\d{3}-\d{3}$/i;

/** The platform's own error bodies: `{"error": {"code", "message"}}`, or `{"detail": "…"}` on some deployments. */
function isPlatformErrorBody(body: unknown): boolean {
  if (body === null || typeof body !== "object") return false;
  const { error, detail } = body as { error?: unknown; detail?: unknown };
  return (error !== null && typeof error === "object") || typeof detail === "string";
}

/** The hint for a 401 that is not the platform's: the URL is a node API, which refuses API keys. */
const NODE_API_HINT =
  "The answer is not the platform API's: this URL is a node API (nodes refuse bearer API keys), not the " +
  "platform. Give createPlatformClient the platform API's base URL (the default, or sandbox.urls.platform), " +
  "and use this URL with a node client (createEvmClient, createWalletClient, createIndexerClient) and the " +
  "node's credentials";

/** The hint for a 404 of a call naming a node by id. */
function unknownNodeHint(id: unknown): string {
  const shown = JSON.stringify(String(id));
  const format = NODE_ID.test(String(id))
    ? ""
    : "; node ids look like ND-123-456-789 (NW-… is a network, PR-… a project)";
  return (
    `No node has the id ${shown} (/path/id) in this organization: list your nodes with platform.nodes() ` +
    `and use the id of one${format}`
  );
}

/**
 * The same HTTP error with a hint that points the right way, when the platform client can tell more
 * than the status: a 401 whose body is not the platform's (the URL is a node's), or a 404 for a node
 * id. Other errors come back as they were.
 *
 * @param error - What a platform call threw.
 * @param nodeId - The node id the call named, for calls on one node.
 * @returns The error to throw.
 * @example
 * await platform.getNode("ND-000-000-000").catch((error) => { throw withPlatformHint(error, "ND-000-000-000"); });
 */
export function withPlatformHint(error: unknown, nodeId?: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  let hint: string | undefined;
  if (error.status === 401 && !isPlatformErrorBody(error.body)) hint = NODE_API_HINT;
  else if (error.status === 404 && nodeId !== undefined && isPlatformErrorBody(error.body)) {
    hint = unknownNodeHint(nodeId);
  }
  if (hint === undefined) return error;
  const { status, method, url, code, serviceMessage, fields, body } = error;
  return new HttpError({
    status,
    statusText: /HTTP \d+ ([^:]+)/.exec(error.shortMessage)?.[1],
    method,
    url,
    service: {
      ...(code !== undefined && { code }),
      ...(serviceMessage !== undefined && { message: serviceMessage }),
      ...(fields !== undefined && { fields }),
    },
    body,
    hint,
    cause: error,
  });
}
