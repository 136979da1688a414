import { ChainkitError } from "./chainkit-error.js";
import type { FieldIssue } from "./request-validation-error.js";

/**
 * A response does not match its spec: the body fails the operation's schema, is not JSON, or a
 * JSON-RPC envelope is malformed (wrong or missing `id`). Schema checks can be turned off per client
 * or per call with `validateResponse: false`; envelope checks cannot.
 *
 * @example
 * try { await wallet.getAssetIssueById({ value: "1002000" }); } catch (err) {
 *   if (err instanceof ResponseValidationError) console.log(err.issues);
 * }
 */
export class ResponseValidationError extends ChainkitError {
  override name = "ResponseValidationError";
  /** The operation or JSON-RPC method whose answer was refused. */
  readonly operation: string;
  /** The HTTP status of the response. */
  readonly status: number;
  /** Every issue found; pointers are into the response body (JSON-RPC: into the envelope, e.g. `/result/hash`). */
  readonly issues: readonly FieldIssue[];

  constructor(operation: string, status: number, issues: readonly FieldIssue[]) {
    const first = issues[0] ?? { pointer: "", message: "is invalid" };
    super(`Unexpected response for ${operation}: ${first.pointer || "(root)"} ${first.message}`, {
      details:
        issues.length > 1 ? issues.map((i) => `${i.pointer || "(root)"} ${i.message}`).join("; ") : undefined,
    });
    this.operation = operation;
    this.status = status;
    this.issues = issues;
  }
}
