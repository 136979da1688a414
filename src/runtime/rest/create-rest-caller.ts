import { type Auth, noAuth } from "../credentials/auth.js";
import { wrapSecrets } from "../credentials/wrap-secrets.js";
import { RequestValidationError } from "../errors/request-validation-error.js";
import { ResponseValidationError } from "../errors/response-validation-error.js";
import { errorInBody } from "../http/body-error.js";
import { retryAfterFailure } from "../http/retry-after-failure.js";
import type { RetryOptions } from "../http/retry-policy.js";
import { selectResponse } from "../http/select-response.js";
import {
  type FetchFunction,
  type HttpResponse,
  type RequestBody,
  sendHttpRequest,
} from "../http/send-request.js";
import { type ShownRequest, showRequest } from "../http/shown-request.js";
import { convertCheckedInt64, convertInt64 } from "../json/convert-int64.js";
import { readWithinDepth } from "../json/nesting-depth.js";
import { parseJson } from "../json/parse-json.js";
import { resolveMaxResponseBytes } from "../max-response-bytes.js";
import type {
  CallOptions,
  RestCaller,
  RestInput,
  RestOperation,
  RestOperationValidators,
} from "../operation.js";
import type { UsageOptions, UsageSnapshot } from "../usage/usage-meter.js";
import { type FailedCheck, failedCheck, wordFailedChecks } from "../validation/failed-check.js";
import { loadedValidators, loadValidators } from "../validation/load-validators.js";
import { scrubIssues } from "../validation/scrub-issues.js";
import { prepareRest } from "./prepare-request.js";
import { checkRestCallerOptions } from "./rest-caller-options.js";

/** Options of {@link createRestCaller}. */
export interface RestCallerOptions {
  /** The surface's base URL; https, or http only to a loopback host. */
  baseUrl: string;
  /** The option that `baseUrl` came from, as configuration errors name it (default `"baseUrl"`; a node client's is `"url"`). */
  urlOption?: string;
  /** How credentials are attached (default: none). */
  auth?: Auth;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchFunction;
  /** Milliseconds per request (default 30 000). */
  timeout?: number;
  /** The most bytes of one answer to read (default 64 MiB, `DEFAULT_MAX_RESPONSE_BYTES`; `Infinity`: none). */
  maxResponseBytes?: number;
  /** Retry policy for idempotent operations, or `false` for none. */
  retry?: RetryOptions | false;
  /** Check responses against the spec (default `true`). */
  validateResponse?: boolean;
  /** Usage counting, and an optional budget that paces requests. */
  usage?: UsageOptions;
  /** Extra headers for every request (not secret; they are never shown anyway). */
  headers?: Record<string, string>;
  /**
   * Finds an error inside a successful (2xx) body, e.g. the wallet's `{"Error": "…"}`; returns its
   * message, or `undefined` when the body is a real answer.
   */
  detectServiceError?: (body: unknown) => string | undefined;
  /**
   * Turns a call's input into what is checked and sent, for a surface's rules a schema cannot say
   * (defaults, address forms). What it throws rejects the call before anything is sent.
   */
  prepareInput?: (operation: RestOperation, input: RestInput) => RestInput;
}

/** Per-call options of an {@link HttpRestCaller}. */
export interface RestCallOptions extends CallOptions {
  /** Rate-limit weight of this call (default 1), e.g. the number of exchange modifications. */
  weight?: number;
  /**
   * Overrides the operation's `idempotent` for this call. Set it only when repeating this exact
   * request is harmless, such as a signed request the server deduplicates by nonce.
   */
  idempotent?: boolean;
}

/** Where one call goes: its URL as sent, and as errors show it. */
interface Target {
  url: string;
  shown: ShownRequest;
}

/** Everything one try of a call needs. */
interface Attempt {
  operation: RestOperation;
  validators: RestOperationValidators;
  target: Target;
  body: RequestBody | undefined;
  /** Header and cookie parameters of the call. */
  parameterHeaders: Record<string, string> | undefined;
  callOptions: RestCallOptions;
}

/** A {@link RestCaller} over fetch, that also reports its usage. */
export interface HttpRestCaller extends RestCaller {
  call(operation: RestOperation, input: RestInput, options?: RestCallOptions): Promise<unknown>;
  /** Requests and weight spent so far. */
  usage(): UsageSnapshot;
}

/**
 * Creates the REST caller that generated clients run on. Each call: loads the operation's
 * validators on its first call; checks path, query and body before sending; sends JSON with
 * credentials; retries idempotent operations on network errors, 429 and 502/503/504; parses the
 * answer without losing integer precision; picks the response descriptor by status; validates;
 * converts int64 fields to bigint and wraps secret fields in `Secret`; maps failures to typed errors.
 *
 * @param options - Base URL, auth, fetch, timeout, retry, validation, usage, headers.
 * @returns The caller. Inspecting or serializing it shows no credentials.
 * @throws {ConfigurationError} when the base URL is insecure or options are malformed.
 * @example
 * const caller = createRestCaller({ baseUrl: "https://api.example.com", auth: bearerAuth(apiKey) });
 * const organization = await caller.call(platformOperations.getOrganization, {});
 */
export function createRestCaller(options: RestCallerOptions): HttpRestCaller {
  const auth = options.auth ?? noAuth();
  const {
    policy,
    meter,
    timeout: clientTimeout,
    maxResponseBytes: clientMaxBytes,
  } = checkRestCallerOptions(options);
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clientValidates = options.validateResponse ?? true;
  // Built once: every request gets a copy (a fetch wrapper may add to it), not a rebuild.
  const headers: Record<string, string> = {
    accept: "application/json",
    ...options.headers,
    ...auth.headers(),
  };
  const jsonHeaders = { ...headers, "content-type": "application/json" };
  // An operation without path parameters or query always goes to the same URL: resolve it once.
  const fixedTargets = new WeakMap<RestOperation, Target>();

  function targetOf(operation: RestOperation, pathAndQuery: string): Target {
    const fixed = pathAndQuery === operation.path;
    const known = fixed ? fixedTargets.get(operation) : undefined;
    if (known) return known;
    const url = auth.resolveUrl(options.baseUrl, pathAndQuery);
    const target = { url, shown: showRequest(operation.method, url, auth.redact, auth.scheme) };
    if (fixed) fixedTargets.set(operation, target);
    return target;
  }

  async function call(operation: RestOperation, given: RestInput, callOptions: RestCallOptions = {}) {
    const input = options.prepareInput ? options.prepareInput(operation, given) : given;
    // Only an operation's first call waits for its validators module.
    const validators = loadedValidators(operation) ?? (await loadValidators(operation));
    const prepared = prepareRest(operation, validators, input);
    if (prepared.failed)
      throw new RequestValidationError(operation.id, await wordFailedChecks(prepared.failed));
    const request: Attempt = {
      operation,
      validators,
      target: targetOf(operation, prepared.pathAndQuery),
      body: prepared.body,
      parameterHeaders: prepared.headers,
      callOptions,
    };
    const started = Date.now();
    try {
      // The first try is awaited here rather than in `attempt`: one async layer fewer per call.
      const response = await send(request);
      return isSuccess(response) ? readSuccess(request, response) : await refusal(request, response);
    } catch (error) {
      // Only a failed first try pays for the retry closure and state.
      const context = {
        policy,
        idempotent: callOptions.idempotent ?? operation.idempotent,
        signal: callOptions.signal,
      };
      return retryAfterFailure(error, () => attempt(request), context, started);
    }
  }

  async function attempt(request: Attempt) {
    const response = await send(request);
    return isSuccess(response) ? readSuccess(request, response) : await refusal(request, response);
  }

  /** Counts the request, then sends it. */
  function send({ operation, target, body, parameterHeaders, callOptions }: Attempt): Promise<HttpResponse> {
    const { signal } = callOptions;
    const weight = callOptions.weight ?? 1;
    const plain = operation.requestMedia === undefined && operation.accept === undefined && !parameterHeaders;
    const httpRequest = {
      method: operation.method,
      url: target.url,
      headers: plain
        ? body === undefined
          ? { ...headers }
          : { ...jsonHeaders }
        : requestHeaders(operation, body !== undefined, parameterHeaders),
      body,
    };
    const sendOptions = {
      fetch: fetchFn,
      timeout: callOptions.timeout ?? clientTimeout,
      maxResponseBytes: resolveMaxResponseBytes(callOptions.maxResponseBytes, clientMaxBytes),
      signal,
      shown: target.shown,
      binary: operation.responseKind === "binary",
    };
    // A meter without a budget counts at once, so the request goes without waiting for a promise.
    if (!signal?.aborted && meter.tryAcquire?.(weight)) return sendHttpRequest(httpRequest, sendOptions);
    return meter.acquire(weight, signal).then(() => sendHttpRequest(httpRequest, sendOptions));
  }

  /**
   * Headers of a call with header or cookie parameters, or a body or answer that is not JSON. A
   * multipart body gets no content-type here: fetch writes it with the boundary.
   */
  function requestHeaders(
    operation: RestOperation,
    hasBody: boolean,
    parameterHeaders: Record<string, string> | undefined,
  ): Record<string, string> {
    const media = operation.requestMedia;
    const contentType =
      !hasBody || media?.startsWith("multipart/") ? undefined : (media ?? "application/json");
    return {
      ...parameterHeaders,
      ...headers,
      ...(operation.accept !== undefined && { accept: operation.accept }),
      ...(contentType !== undefined && { "content-type": contentType }),
    };
  }

  /**
   * Throws the error a non-2xx answer stands for. Its wording (hints, `Retry-After`, the service's
   * message) loads with the first such answer: a client whose calls succeed never downloads it.
   */
  async function refusal(request: Attempt, response: HttpResponse): Promise<never> {
    const { errorForStatus } = await import("../http/response-errors.js");
    const { responses } = request.validators;
    // A spec that describes no 401 for the call lets anyone make it: a 401 then means another service.
    const documentsUnauthorized = "401" in responses || "4XX" in responses;
    throw errorForStatus(response, request.target.shown, { protocol: "rest", documentsUnauthorized });
  }

  function readSuccess({ operation, validators, target, callOptions }: Attempt, response: HttpResponse) {
    const { shown } = target;
    const validates = callOptions.validateResponse ?? clientValidates;
    // Bytes stay bytes and text stays text: only JSON answers are parsed and checked.
    if (response.bytes !== undefined) return response.bytes;
    if (operation.responseKind === "text") return response.text;
    let body: unknown;
    let isJson = true;
    try {
      body = response.text.trim() === "" ? undefined : parseJson(response.text);
    } catch {
      body = response.text;
      isJson = false;
    }
    // An answer deeper than a validator or converter can recurse is refused where it got too deep.
    return readWithinDepth(
      body,
      () => readParsed(operation, validators, shown, validates, response, body, isJson),
      (pointer, message) => {
        const issues = scrubIssues([{ pointer, message }], auth.redact);
        throw new ResponseValidationError(operation.id, response.status, issues);
      },
    );
  }

  function readParsed(
    operation: RestOperation,
    validators: RestOperationValidators,
    shown: ShownRequest,
    validates: boolean,
    response: HttpResponse,
    body: unknown,
    isJson: boolean,
  ) {
    const serviceError = isJson ? options.detectServiceError?.(body) : undefined;
    if (serviceError !== undefined) throw errorInBody(response, serviceError, shown);

    const status = selectResponse(validators.responses, response.status);
    const descriptor = status === undefined ? undefined : validators.responses[status];
    if (validates && descriptor === undefined) {
      // A success status the spec does not describe (200 where it promises 201) is not trusted as an answer.
      const issue = {
        pointer: "",
        message: `has status ${response.status}, which the spec does not describe`,
      };
      throw new ResponseValidationError(operation.id, response.status, [issue]);
    }
    const validate = descriptor?.validate;
    if (validates && validate) {
      if (!isJson) {
        throw new ResponseValidationError(operation.id, response.status, [
          { pointer: "", message: "is not JSON" },
        ]);
      }
      const failed = failedCheck(validate, body, "");
      if (failed) return refuseAnswer(operation.id, response.status, failed, auth.redact);
    }
    if (!isJson || descriptor === undefined) return body;
    let converted = body;
    if (descriptor.int64 && validates && validate) {
      // The wide integers are converted, and those a number could not hold exactly are named.
      const checked = convertCheckedInt64(body, descriptor.int64, "", descriptor.convertInt64);
      if (checked.inexact.length > 0) {
        const issues = scrubIssues(checked.inexact, auth.redact);
        throw new ResponseValidationError(operation.id, response.status, issues);
      }
      converted = checked.value;
    } else if (descriptor.int64) {
      converted = convertInt64(body, descriptor.int64, descriptor.convertInt64);
    }
    return descriptor.secrets ? wrapSecrets(converted, descriptor.secrets) : converted;
  }

  return { call, usage: () => meter.snapshot() };
}

/**
 * Rejects with the worded issues of an answer the spec refuses (the wording loads on first use),
 * scrubbed: the answer's keys, which pointers name, may hold a secret.
 */
async function refuseAnswer(
  operation: string,
  status: number,
  failed: FailedCheck,
  redact: (text: string) => string,
): Promise<never> {
  throw new ResponseValidationError(operation, status, scrubIssues(await wordFailedChecks([failed]), redact));
}

/** Whether an answer is 2xx, read as the call's result (anything else is an error). */
function isSuccess(response: HttpResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}
