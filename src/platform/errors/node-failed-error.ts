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
  /** The node as last read, with the secrets of its `details` replaced by `***`. */
  readonly node: unknown;

  constructor(init: { nodeId: string; status: string; until: string; node: unknown }) {
    super(`Node ${init.nodeId} reached status "${init.status}" while waiting for "${init.until}".`);
    this.nodeId = init.nodeId;
    this.status = init.status;
    this.node = withoutSecrets(init.node);
  }
}

const SECRET_DETAILS = ["auth_key", "auth_username", "auth_password"];

/** A copy of a node whose `details` show `***` in place of its credentials. */
function withoutSecrets(node: unknown): unknown {
  if (!node || typeof node !== "object") return node;
  const details = (node as { details?: unknown }).details;
  if (!details || typeof details !== "object") return node;
  const masked: Record<string, unknown> = { ...(details as Record<string, unknown>) };
  for (const key of SECRET_DETAILS) if (key in masked) masked[key] = "***";
  return { ...node, details: masked };
}
