import { ChainkitError } from "./chainkit-error.js";
import type { FieldIssue } from "./request-validation-error.js";

/**
 * One item of a streamed answer (OpenAPI 3.2 `itemSchema`: server-sent events, JSON Lines, JSON text
 * sequences) does not match the spec's item schema, or is not JSON. The items before it were
 * delivered; the stream stops there and its connection is closed. Schema checks can be turned off
 * per client or per call with `validateResponse: false`; the JSON check cannot.
 *
 * @example
 * try {
 *   for await (const block of await ledger.watchBlocks()) console.log(block.data.height);
 * } catch (err) {
 *   if (err instanceof StreamItemError) console.log(err.item, err.issues); // 3 [{ pointer: "/data/height", … }]
 * }
 */
export class StreamItemError extends ChainkitError {
  override name = "StreamItemError";
  /** The operation whose answer streamed the item. */
  readonly operation: string;
  /** The HTTP status of the streamed answer. */
  readonly status: number;
  /** The failing item's place in the stream, counted from 0 (server-sent events without data are not items). */
  readonly item: number;
  /** Every issue found; pointers are into the item (a server-sent event's JSON `data` is at `/data`). */
  readonly issues: readonly FieldIssue[];

  constructor(operation: string, status: number, item: number, issues: readonly FieldIssue[]) {
    const first = issues[0] ?? { pointer: "", message: "is invalid" };
    super(
      `Unexpected item ${item} in the stream of ${operation}: ${first.pointer || "(root)"} ${first.message}`,
      {
        details:
          issues.length > 1
            ? issues.map((i) => `${i.pointer || "(root)"} ${i.message}`).join("; ")
            : undefined,
      },
    );
    this.operation = operation;
    this.status = status;
    this.item = item;
    this.issues = issues;
  }
}
