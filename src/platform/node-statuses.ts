import type { NodeStatus } from "../../generated/platform/types.js";

/**
 * Every node status of the platform spec (`NodeStatus`), for checks at run time. The type below
 * fails to compile when the spec gains or loses a status and this list does not follow.
 */
export const NODE_STATUSES = Object.freeze([
  "pending",
  "running",
  "maintenance",
  "failed",
  "error",
  "stopping",
  "stopped",
  "starting",
] as const satisfies readonly NodeStatus[]);

type MustBeTrue<T extends true> = T;
/** Compiles only while {@link NODE_STATUSES} names every status of the spec. */
export type NodeStatusesComplete = MustBeTrue<
  [Exclude<NodeStatus, (typeof NODE_STATUSES)[number]>] extends [never] ? true : false
>;

/**
 * Whether a value is one of the spec's node statuses.
 *
 * @example
 * isNodeStatus("running"); // true
 * isNodeStatus("runing"); // false
 */
export function isNodeStatus(value: unknown): value is NodeStatus {
  return (NODE_STATUSES as readonly unknown[]).includes(value);
}
