import { type FieldIssue, RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import type { JsonRpcClient } from "../../runtime/json-rpc/create-json-rpc-client.js";

/** The value a JSON pointer (RFC 6901) names inside `root`, or `undefined`. */
function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const token of pointer.split("/").slice(1)) {
    if (value === null || typeof value !== "object") return undefined;
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The words for a JS number (or bigint) given where the spec takes a string: on the EVM surface that
 * string is a hex quantity, and `toHex` makes one.
 *
 * @param value - What the caller passed.
 * @returns The message, to be read after the field's pointer.
 * @example
 * quantityMessage(1234); // 'is the number 1234, but EVM quantities … toHex(1234) from "chainkit/evm" makes "0x4d2"'
 */
export function quantityMessage(value: number | bigint): string {
  const shown = typeof value === "bigint" ? `${value}n` : String(value);
  const whole = typeof value === "bigint" ? value >= 0n : Number.isSafeInteger(value) && value >= 0;
  const example = whole ? ` makes "0x${value.toString(16)}"` : " makes one from a whole number";
  return (
    `is the number ${shown}, but EVM quantities (block numbers, amounts, indexes) are hex strings: ` +
    `toHex(${shown}) from "chainkit/evm"${example}`
  );
}

/** The issues, with each "must be a string" given a JS number or bigint reworded by {@link quantityMessage}. */
function explained(issues: readonly FieldIssue[], given: unknown): FieldIssue[] | undefined {
  let changed = false;
  const worded = issues.map((issue) => {
    const value = valueAt(given, issue.pointer);
    const isNumber = typeof value === "number" || typeof value === "bigint";
    if (!isNumber || !/\ba string\b/.test(issue.message)) return issue;
    // A field refused twice is a tag-only one ("must be one of: latest, pending"): no quantity fits it.
    if (issues.some((other) => other !== issue && other.pointer === issue.pointer)) return issue;
    changed = true;
    return { pointer: issue.pointer, message: quantityMessage(value) };
  });
  return changed ? worded : undefined;
}

/**
 * Wraps a JSON-RPC client so that a JS number passed where the spec takes a hex string (a block
 * number, a value, an index) is refused saying it is a hex quantity and naming `toHex`, instead of a
 * bare "must be a string". The check itself stays the spec's; only its words change.
 *
 * @param rpc - The client to send with.
 * @returns The same client, with those refusals reworded.
 * @example
 * const rpc = explainingQuantities(createJsonRpcClient({ url, path: "/evm", auth: nodeAuth({ token }) }));
 */
export function explainingQuantities(rpc: JsonRpcClient): JsonRpcClient {
  const reword = (given: unknown) => (error: unknown) => {
    if (!(error instanceof RequestValidationError)) throw error;
    const issues = explained(error.issues, given);
    throw issues === undefined ? error : new RequestValidationError(error.operation, issues);
  };
  return {
    ...rpc,
    call: (method, params, options) => rpc.call(method, params, options).catch(reword({ params })),
    batch: (calls, options) => rpc.batch(calls, options).catch(reword(calls)),
  };
}
