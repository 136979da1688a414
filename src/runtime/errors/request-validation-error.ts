import { ChainkitError } from "./chainkit-error.js";

/** One reason a request or response failed its schema. */
export interface FieldIssue {
  /** JSON pointer to the value at fault, e.g. `/body/region`, `/query/limit`, `/params/0`. */
  pointer: string;
  /** What is wrong with it and how to fix it, e.g. `must be one of: shared, dedicated`. */
  message: string;
}

/**
 * The input of a call does not match its spec (path, query, body or JSON-RPC params). Thrown before
 * anything is sent; `field` names the first value at fault by JSON pointer and `issues` lists all.
 *
 * @example
 * const body = { name: "n", network: "ethereum-mainnet", type: "dedicated", provider: "gcloud", role: "peer", configuration: {} } as const;
 * try { await platform.createNode({ ...body, region: "mars-1" as "eu3" }); } catch (err) {
 *   if (err instanceof RequestValidationError) console.log(err.field); // "/body/region"
 * }
 */
export class RequestValidationError extends ChainkitError {
  override name = "RequestValidationError";
  /** The operation or JSON-RPC method whose input was refused. */
  readonly operation: string;
  /** JSON pointer to the first value at fault. */
  readonly field: string;
  /** Every issue found. */
  readonly issues: readonly FieldIssue[];

  constructor(operation: string, issues: readonly FieldIssue[]) {
    const first = issues[0] ?? { pointer: "", message: "is invalid" };
    super(`Invalid input for ${operation}: ${first.pointer || "(root)"} ${first.message}`, {
      details:
        issues.length > 1 ? issues.map((i) => `${i.pointer || "(root)"} ${i.message}`).join("; ") : undefined,
    });
    this.operation = operation;
    this.field = first.pointer;
    this.issues = issues;
  }
}
