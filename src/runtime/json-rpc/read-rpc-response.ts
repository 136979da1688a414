import { scrubValue } from "../credentials/scrub-value.js";
import { wrapSecrets } from "../credentials/wrap-secrets.js";
import type { ChainkitError } from "../errors/chainkit-error.js";
import { JsonRpcError } from "../errors/json-rpc-error.js";
import { RateLimitError } from "../errors/rate-limit-error.js";
import { ResponseValidationError } from "../errors/response-validation-error.js";
import { parseTryAgainIn } from "../http/retry-after.js";
import type { ShownRequest } from "../http/shown-request.js";
import { convertInt64 } from "../json/convert-int64.js";
import { readWithinDepth } from "../json/nesting-depth.js";
import type { RpcMethod, RpcMethodValidators } from "../operation.js";
import { type FailedCheck, failedCheck, wordFailedChecks } from "../validation/failed-check.js";
import type { ViolationHandler } from "../validation/validation-violation.js";

/** The JSON-RPC error code for "limit exceeded", used by nodes for rate limits. */
const RATE_LIMIT_CODE = -32005;

/** One call's outcome: its result, or the error that replaced it. */
export type RpcOutcome = { result: unknown } | { error: ChainkitError };

/** How to read one call's result: with its method's loaded module, checked or not. */
export interface ResultReading {
  /** The method's module (see `loadValidators`): its result validator and int64 and secret positions. */
  validators: RpcMethodValidators;
  /** Whether to check the result against the spec. */
  validates: boolean;
  /** In `validation: "report"` mode: receives what the spec refuses, and the result is still returned. */
  onViolation?: ViolationHandler;
}

/** A result the spec refuses, before its issues are worded (see {@link wordRefusedOutcomes}). */
export interface RefusedOutcome {
  refused: {
    method: string;
    status: number;
    failed: FailedCheck;
    redact: (text: string) => string;
    /** The result and how to read it, when its violations are reported rather than refused. */
    reported?: { result: unknown; reading: ResultReading & { onViolation: ViolationHandler } };
  };
}

/**
 * Whether an outcome is a refused result still to be worded.
 *
 * @example
 * const context = { status: 200, shown: { url: "https://nd-1.example.com/evm", redact: (text: string) => text } };
 * const reading = { validators: await loadValidators(evmMethods.eth_blockNumber), validates: true };
 * isRefused(readRpcOutcome(evmMethods.eth_blockNumber, 1, { jsonrpc: "2.0", id: 1, result: 7 }, reading, context)); // true
 */
export function isRefused(outcome: RpcOutcome | RefusedOutcome): outcome is RefusedOutcome {
  return "refused" in outcome;
}

/**
 * Turns refused results into `ResponseValidationError` outcomes, wording their issues (the wording
 * is imported on the first refusal); a result refused in report mode is handed to its
 * `onViolation`, then read as usual; other outcomes are kept as they are.
 *
 * @param outcomes - Outcomes from {@link readRpcOutcome}.
 * @returns Every outcome, each a result or an error.
 * @example
 * const context = { status: 200, shown: { url: "https://nd-1.example.com/evm", redact: (text: string) => text } };
 * const reading = { validators: await loadValidators(evmMethods.eth_blockNumber), validates: true };
 * const answer = { jsonrpc: "2.0", id: 1, result: 7 };
 * await wordRefusedOutcomes([readRpcOutcome(evmMethods.eth_blockNumber, 1, answer, reading, context)]); // [{ error: ResponseValidationError }]
 */
export async function wordRefusedOutcomes(
  outcomes: readonly (RpcOutcome | RefusedOutcome)[],
): Promise<RpcOutcome[]> {
  return Promise.all(
    outcomes.map(async (outcome) => {
      if (!isRefused(outcome)) return outcome;
      const { method, status, failed, redact, reported } = outcome.refused;
      if (reported) {
        const { reportViolations } = await import("../validation/report-violations.js");
        const { result, reading } = reported;
        const { secrets } = reading.validators;
        const { onViolation } = reading;
        reportViolations(
          { operation: method, answer: result, prefix: "/result", secrets, redact, onViolation },
          [failed],
        );
        return convertResult(reading.validators, result);
      }
      // Pointers name the answer's keys, which may hold a secret. The scrubbing is imported with
      // the wording, on the first refusal: an answer that passes loads neither.
      const [worded, { scrubIssues }] = await Promise.all([
        wordFailedChecks([failed]),
        import("../validation/scrub-issues.js"),
      ]);
      const issues = scrubIssues(worded, redact);
      return { error: new ResponseValidationError(method, status, issues) };
    }),
  );
}

/** What {@link readRpcOutcome} needs to know about the exchange. */
export interface RpcAnswerContext {
  /** HTTP status of the answer. */
  status: number;
  /**
   * The request as errors show it: its endpoint with credentials replaced by `***` (a
   * `ShownRequest` redacts it when an error first reads it, so an answer read well costs none) and
   * the scrubbing of server text.
   */
  shown: Pick<ShownRequest, "url" | "redact">;
}

/**
 * The id an answer carries, read as the numeric id the client sent. The client always sends integer
 * ids; a server may echo one as a JSON number (`7`) or as the decimal string of that number (`"7"`,
 * as some proxies and servers written in loosely typed languages do). Exactly those two forms
 * match: `"07"`, `"0x7"`, `" 7"` or `7.5` match nothing.
 *
 * @param id - The `id` member of an answer.
 * @returns The integer it stands for, or `undefined` when it stands for none.
 * @example
 * answeredId("7"); // 7
 * answeredId("0x7"); // undefined
 */
export function answeredId(id: unknown): number | undefined {
  if (typeof id === "number") return Number.isSafeInteger(id) ? id : undefined;
  if (typeof id !== "string" || !/^(0|[1-9][0-9]{0,15})$/.test(id)) return undefined;
  const number = Number(id);
  return Number.isSafeInteger(number) ? number : undefined;
}

/**
 * Lines a JSON-RPC answer up with the ids sent: a batch answer is matched by id (in any order, each
 * id as a number or its decimal string, see {@link answeredId}); a single answer must echo the id. A lone error object answering a batch (e.g. a rate limit for the
 * whole request) applies to every call.
 *
 * @param body - The parsed answer.
 * @param ids - The ids sent, in order.
 * @param sentAsBatch - Whether the request was an array.
 * @param operation - Method name(s), for the error.
 * @param status - HTTP status, for the error.
 * @returns One response object (or `undefined` when missing) per id.
 * @throws {ResponseValidationError} when the answer is neither a JSON-RPC response nor an array of them,
 *   or a batch answer repeats an id or answers one that was not sent.
 * @example
 * matchResponses([{ id: 2, result: "b" }, { id: 1, result: "a" }], [1, 2], true, "batch", 200); // [{ id: 1, … }, { id: 2, … }]
 */
export function matchResponses(
  body: unknown,
  ids: readonly number[],
  sentAsBatch: boolean,
  operation: string,
  status: number,
): (Record<string, unknown> | undefined)[] {
  if (Array.isArray(body)) {
    const byId = new Map<number, Record<string, unknown>>();
    const sent = new Set<number>(ids);
    for (const [index, item] of body.entries()) {
      if (!isObject(item) || item.id === null || item.id === undefined) continue;
      const id = answeredId(item.id);
      // A repeated or foreign id means the answer cannot be trusted to line up with the calls.
      const repeated = id !== undefined && byId.has(id);
      if (repeated || id === undefined || !sent.has(id)) {
        const shown = typeof item.id === "object" ? `(${typeof item.id})` : String(item.id).slice(0, 40);
        const message = repeated
          ? `repeats id ${shown}, answered already`
          : `answers id ${shown}, which was not sent`;
        throw new ResponseValidationError(operation, status, [{ pointer: `/${index}/id`, message }]);
      }
      byId.set(id, item);
    }
    return ids.map((id) => byId.get(id));
  }
  if (isObject(body)) {
    if (!sentAsBatch || (body.error !== undefined && (body.id === null || body.id === undefined))) {
      return ids.map(() => body);
    }
  }
  throw new ResponseValidationError(operation, status, [
    { pointer: "", message: sentAsBatch ? "is not a JSON-RPC batch answer" : "is not a JSON-RPC answer" },
  ]);
}

/**
 * Reads one call's response object: an `error` member becomes `RateLimitError` (-32005, with the wait
 * from `data.try_again_in`) or `JsonRpcError` (one whose code is no integer, a
 * `ResponseValidationError`); a `result` is validated (when asked), its int64 fields
 * converted and its secret fields wrapped. A missing response or one that does not echo the id (as
 * a number or its decimal string) is a `ResponseValidationError`.
 *
 * @param method - The method called.
 * @param id - The id sent.
 * @param response - The matched response object, if any.
 * @param reading - The method's loaded module, and whether to check the result.
 * @param context - Status, shown URL and redaction.
 * @returns The outcome, or for a result the spec refuses, what failed (see {@link wordRefusedOutcomes});
 *   never throws.
 * @example
 * const context = { status: 200, shown: { url: "https://nd-1.example.com/evm", redact: (text: string) => text } };
 * const reading = { validators: await loadValidators(evmMethods.eth_blockNumber), validates: true };
 * readRpcOutcome(evmMethods.eth_blockNumber, 1, { jsonrpc: "2.0", id: 1, result: "0x1" }, reading, context); // { result: "0x1" }
 */
export function readRpcOutcome(
  method: RpcMethod,
  id: number,
  response: Record<string, unknown> | undefined,
  reading: ResultReading,
  context: RpcAnswerContext,
): RpcOutcome | RefusedOutcome {
  if (response === undefined) return invalid(method, context, "", `has no response for id ${id}`);
  const error = response.error;
  const echoed = answeredId(response.id) === id;
  if (isObject(error)) {
    if (!echoed && response.id !== null && response.id !== undefined) {
      return invalid(method, context, "/id", `does not echo the request id ${id}`);
    }
    // JSON-RPC 2.0 makes the code an integer; some nodes send it as a decimal string.
    if (!Number.isSafeInteger(Number(error.code)) || !/^-?\d+$/.test(String(error.code))) {
      return invalid(method, context, "/error/code", "must be an integer, the JSON-RPC error code");
    }
    return { error: rpcError(method, error, context) };
  }
  if (!echoed) return invalid(method, context, "/id", `does not echo the request id ${id}`);
  if (!("result" in response)) return invalid(method, context, "", "has neither result nor error");
  // A result deeper than the validator or converter can recurse is refused where it got too deep.
  return readWithinDepth(
    response.result,
    () => readResult(reading, response.result, method.name, context),
    (pointer, message) => invalid(method, context, `/result${pointer}`, message),
  );
}

/** The outcome of an answer that does not fit the call, with where and why. */
function invalid(method: RpcMethod, context: RpcAnswerContext, pointer: string, message: string): RpcOutcome {
  return { error: new ResponseValidationError(method.name, context.status, [{ pointer, message }]) };
}

/**
 * A result's outcome: refused by the spec (or, in report mode, to be reported then read), or
 * converted (int64) and with its secrets wrapped.
 */
function readResult(
  reading: ResultReading,
  answer: unknown,
  method: string,
  context: RpcAnswerContext,
): RpcOutcome | RefusedOutcome {
  const { validators, validates, onViolation } = reading;
  if (validates) {
    const failed = failedCheck(validators.result, answer, "/result");
    if (failed) {
      const refused = { method, status: context.status, failed, redact: context.shown.redact };
      if (onViolation === undefined) return { refused };
      return { refused: { ...refused, reported: { result: answer, reading: { ...reading, onViolation } } } };
    }
  }
  return convertResult(validators, answer);
}

/** A result with its int64 fields converted and its secret fields wrapped. */
function convertResult(validators: RpcMethodValidators, answer: unknown): RpcOutcome {
  const { int64 } = validators;
  const result = int64 ? convertInt64(answer, int64, validators.convertInt64) : answer;
  return { result: validators.secrets ? wrapSecrets(result, validators.secrets) : result };
}

function rpcError(
  method: RpcMethod,
  error: Record<string, unknown>,
  context: RpcAnswerContext,
): ChainkitError {
  const code = Number(error.code);
  const message =
    typeof error.message === "string"
      ? String(scrubValue(error.message, context.shown.redact))
      : "(no message)";
  const data = error.data === undefined ? undefined : scrubValue(error.data, context.shown.redact);
  if (code === RATE_LIMIT_CODE) {
    return new RateLimitError({
      retryAfter: parseTryAgainIn(isObject(data) ? data.try_again_in : undefined),
      method: "POST",
      url: context.shown.url,
      status: context.status,
      rpcMethod: method.name,
      code,
      data,
    });
  }
  return new JsonRpcError({ code, message, data, rpcMethod: method.name, url: context.shown.url });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
