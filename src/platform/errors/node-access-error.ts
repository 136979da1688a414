import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * Thrown by `nodeAccess(node)` when a node's `details` hold no usable endpoint or credentials,
 * typically because the node is not `running` yet or the API key may not see its secrets.
 * The message names the missing field, never a secret's value.
 */
export class NodeAccessError extends ChainkitError {
  override name = "NodeAccessError";
  /** The node's id, when it had one. */
  readonly nodeId: string | undefined;
  /** The `details` field that was missing or unusable, e.g. `https_endpoint`. */
  readonly field: string;

  constructor(shortMessage: string, options: { nodeId?: string; field: string; details?: string }) {
    super(shortMessage, { details: options.details });
    this.nodeId = options.nodeId;
    this.field = options.field;
  }
}
