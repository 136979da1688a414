import { noAuth } from "../../credentials/auth.js";
import { AbortError } from "../../errors/abort-error.js";
import { NetworkError } from "../../errors/network-error.js";
import { RequestValidationError } from "../../errors/request-validation-error.js";
import { ResponseTooLargeError } from "../../errors/response-too-large-error.js";
import { TimeoutError } from "../../errors/timeout-error.js";
import { readBodyWithin } from "../../http/read-body.js";
import { selectResponse } from "../../http/select-response.js";
import type { FetchFunction } from "../../http/send-request.js";
import { type ShownRequest, showRequest } from "../../http/shown-request.js";
import { resolveCallTimeout } from "../../http/timeout-option.js";
import { resolveMaxResponseBytes } from "../../max-response-bytes.js";
import type { RestInput, RestOperation, StreamFormat } from "../../operation.js";
import { wordFailedChecks } from "../../validation/failed-check.js";
import { loadedValidators, loadValidators } from "../../validation/load-validators.js";
import {
  createRestCaller,
  type HttpRestCaller,
  type RestCallerOptions,
  type RestCallOptions,
} from "../create-rest-caller.js";
import { prepareRest } from "../prepare-request.js";
import { checkRestCallerOptions } from "../rest-caller-options.js";
import { readStreamItems } from "./read-stream-items.js";

/** The longest delay `setTimeout` honours; a longer timeout means none. */
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/**
 * A REST caller for a spec with streamed answers (OpenAPI 3.2 `itemSchema`): operations whose
 * descriptor has `stream` go through the streaming path below, every other one to
 * `createRestCaller`'s caller, with the same options and usage meter. A streamed call checks its
 * request as any other, and resolves once a 2xx answer's headers arrive, to an async iterable of the
 * answer's items, each parsed, checked and converted as it arrives (see `readStreamItems`).
 *
 * The call's `timeout` covers the wait for the answer's headers; the items may then take as long as
 * the service keeps the stream open. Its `signal` aborts the stream at any time, and leaving the
 * `for await` loop (`break`, `return`, an error) closes the connection. `maxResponseBytes` bounds each
 * item (in characters), not the stream. A streamed call is never retried: items already read may
 * have been acted on.
 *
 * @param options - As for `createRestCaller`.
 * @returns The caller. Inspecting or serializing it shows no credentials.
 * @throws {ConfigurationError} when the base URL is insecure or options are malformed.
 * @example
 * const caller = createStreamingRestCaller({ baseUrl: "https://ledger.example" });
 * for await (const event of (await caller.call(ledgerOperations.watchBlocks, {})) as AsyncIterable<unknown>)
 *   console.log(event);
 */
export function createStreamingRestCaller(options: RestCallerOptions): HttpRestCaller {
  const { meter, timeout, maxResponseBytes } = checkRestCallerOptions(options);
  const caller = createRestCaller({ ...options, usage: { ...options.usage, meter } });
  const auth = options.auth ?? noAuth();
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function callStream(
    operation: RestOperation,
    format: StreamFormat,
    given: RestInput,
    callOptions: RestCallOptions,
  ): Promise<AsyncIterable<unknown>> {
    const input = options.prepareInput ? options.prepareInput(operation, given) : given;
    const validators = loadedValidators(operation) ?? (await loadValidators(operation));
    const prepared = prepareRest(operation, validators, input);
    if (prepared.failed)
      throw new RequestValidationError(operation.id, await wordFailedChecks(prepared.failed));
    const url = auth.resolveUrl(options.baseUrl, prepared.pathAndQuery);
    const shown = showRequest(operation.method, url, auth.redact, auth.scheme);
    const media = operation.requestMedia;
    const contentType =
      prepared.body === undefined || media?.startsWith("multipart/")
        ? undefined
        : (media ?? "application/json");
    const headers = {
      ...prepared.headers,
      ...options.headers,
      ...auth.headers(),
      accept: operation.accept ?? "text/event-stream",
      ...(contentType !== undefined && { "content-type": contentType }),
    };
    const { signal } = callOptions;
    await meter.acquire(callOptions.weight ?? 1, signal);
    const limit = resolveMaxResponseBytes(callOptions.maxResponseBytes, maxResponseBytes);
    const response = await openResponse(
      { method: operation.method, url, headers, body: prepared.body as BodyInit | undefined },
      { fetch: fetchFn, shown, timeout: resolveCallTimeout(callOptions.timeout, timeout), signal },
    );
    const { answer, controller } = response;
    if (answer.status < 200 || answer.status > 299) {
      const text = await readBodyWithin(answer, limit, shown);
      const { errorForStatus } = await import("../../http/response-errors.js");
      const documentsUnauthorized = "401" in validators.responses || "4XX" in validators.responses;
      const received = {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.headers,
        text,
      };
      throw errorForStatus(received, shown, { protocol: "rest", documentsUnauthorized });
    }
    const status = selectResponse(validators.responses, answer.status);
    const items = readStreamItems(decodedChunks(answer, controller, shown, signal), {
      operation: operation.id,
      status: answer.status,
      format,
      descriptor: status === undefined ? undefined : validators.responses[status],
      validates: callOptions.validateResponse ?? options.validateResponse ?? true,
      maxItemChars: limit,
      tooLarge: () => new ResponseTooLargeError({ limit, url: shown.url, what: "An item of the stream" }),
      redact: auth.redact,
    });
    return items;
  }

  return {
    call: (operation, input, callOptions = {}) =>
      operation.stream === undefined
        ? caller.call(operation, input, callOptions)
        : callStream(operation, operation.stream, input, callOptions),
    usage: caller.usage,
  };
}

/** A request of the streaming path, credentials applied. */
interface StreamRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
}

/**
 * Sends the request and waits for the answer's headers within `timeout`. Redirects are not followed
 * (they arrive as a 3xx, which the caller refuses like any other non-2xx answer). The returned
 * controller aborts the body: the caller's signal stays wired to it while the stream is read.
 */
async function openResponse(
  request: StreamRequest,
  how: { fetch: FetchFunction; shown: ShownRequest; timeout: number; signal: AbortSignal | undefined },
): Promise<{ answer: Response; controller: AbortController }> {
  const { shown, timeout, signal } = how;
  const what = { method: request.method, url: shown.url };
  if (signal?.aborted) throw new AbortError({ reason: signal.reason, ...what });
  const controller = new AbortController();
  const timer = timeout <= MAX_TIMER_DELAY ? setTimeout(() => controller.abort(), timeout) : undefined;
  const forwardAbort = () => controller.abort();
  signal?.addEventListener("abort", forwardAbort, { once: true });
  try {
    const answer = await how.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      redirect: "manual",
    });
    return { answer, controller };
  } catch (error) {
    signal?.removeEventListener("abort", forwardAbort);
    if (signal?.aborted) throw new AbortError({ reason: signal.reason, ...what });
    if (controller.signal.aborted) throw new TimeoutError({ timeout, ...what });
    throw new NetworkError({
      ...what,
      cause: error instanceof Error ? new Error(shown.redact(error.message)) : undefined,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer's body decoded as UTF-8, chunk by chunk. Stopping early (the consumer leaves its loop)
 * cancels the body, which closes the connection; an abort by the caller's signal ends it with an
 * `AbortError`, a broken connection with a `NetworkError`.
 */
async function* decodedChunks(
  answer: Response,
  controller: AbortController,
  shown: ShownRequest,
  signal: AbortSignal | undefined,
): AsyncGenerator<string> {
  const what = { method: shown.method, url: shown.url };
  if (answer.body === null) return;
  const reader = answer.body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal?.aborted) throw new AbortError({ reason: signal.reason, ...what });
        throw new NetworkError({
          ...what,
          reason: "the stream broke off",
          cause: error instanceof Error ? new Error(shown.redact(error.message)) : undefined,
        });
      }
      if (chunk.done) break;
      yield decoder.decode(chunk.value, { stream: true });
    }
    finished = true;
    const rest = decoder.decode();
    if (rest !== "") yield rest;
  } finally {
    if (!finished) {
      await reader.cancel().catch(() => undefined);
      controller.abort();
    }
  }
}
