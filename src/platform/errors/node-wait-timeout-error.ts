import { ChainkitError } from "../../runtime/errors/chainkit-error.js";

/**
 * Thrown by `waitForNode` when the node has not reached the awaited status within `timeout`.
 * The node may still get there: call `waitForNode` again to keep waiting.
 *
 * @example
 * try { await platform.waitForNode(id, { until: "running", timeout: 60_000 }); } catch (err) {
 *   if (err instanceof NodeWaitTimeoutError) console.log(`still ${err.lastStatus}`);
 * }
 */
export class NodeWaitTimeoutError extends ChainkitError {
  override name = "NodeWaitTimeoutError";
  readonly nodeId: string;
  /** The status the node had at the last poll, if any poll answered. */
  readonly lastStatus: string | undefined;
  /** The timeout that ran out, in milliseconds. */
  readonly timeout: number;

  constructor(init: {
    nodeId: string;
    until: string;
    timeout: number;
    lastStatus?: string;
    cause?: unknown;
  }) {
    const last = init.lastStatus === undefined ? "" : ` (last status "${init.lastStatus}")`;
    super(`Node ${init.nodeId} did not reach status "${init.until}" within ${init.timeout} ms${last}.`, {
      cause: init.cause,
    });
    this.nodeId = init.nodeId;
    this.lastStatus = init.lastStatus;
    this.timeout = init.timeout;
  }
}
