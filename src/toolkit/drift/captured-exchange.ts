import { redactText } from "../../runtime/credentials/redact.js";
import { scrubText } from "../../runtime/credentials/scrub-value.js";
import { parseJson } from "../../runtime/json/parse-json.js";
import { stringifyJson } from "../../runtime/json/stringify-json.js";
import type { DriftRecord } from "./drift-record.js";
import { looksSecret, MASK, recordedHeaders, recordedTarget } from "./secret-values.js";

/** One request and its answer, as the proxy saw it or a capture file holds it (bodies as text, decoded). */
export interface CapturedExchange {
  method: string;
  /** The request target: path and query, as the client sent it (`/<token>/evm`, `/v1/nodes/?page=2`). */
  target: string;
  /** Request headers, lower-case names. */
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number;
  /** Answer headers, lower-case names. */
  responseHeaders: Record<string, string>;
  responseBody: string;
}

/** One line of the proxy's NDJSON: an exchange with every secret masked, and what was found in it. */
export interface RecordedExchange extends CapturedExchange {
  /** When the answer ended (ISO 8601). */
  time: string;
  /** The operations or JSON-RPC methods the exchange carried. */
  operations: string[];
  records: DriftRecord[];
}

/**
 * An exchange safe to write down: credentials in headers and the URL masked, secret-looking fields
 * of JSON bodies masked (string values become `***`), and the request's secret values scrubbed
 * from everything else.
 *
 * @param exchange - The exchange as it passed.
 * @param maskedSegments - Path segments to mask (a node token), by index.
 * @param secrets - The request's secret values.
 */
export function redactExchange(
  exchange: CapturedExchange,
  maskedSegments: ReadonlySet<number>,
  secrets: readonly string[],
): CapturedExchange {
  return {
    method: exchange.method,
    target: recordedTarget(exchange.target, maskedSegments, secrets),
    requestHeaders: recordedHeaders(exchange.requestHeaders, secrets),
    requestBody: redactBody(exchange.requestBody, secrets),
    status: exchange.status,
    responseHeaders: recordedHeaders(exchange.responseHeaders, secrets),
    responseBody: redactBody(exchange.responseBody, secrets),
  };
}

/** A body with secret-looking JSON fields masked and known secrets scrubbed (text that is not JSON is scrubbed only). */
function redactBody(body: string, secrets: readonly string[]): string {
  if (body === "") return body;
  const redact = (text: string) => redactText(text, secrets);
  try {
    return redact(stringifyJson(maskFields(parseJson(body), 0)));
  } catch {
    return scrubText(body, redact);
  }
}

function maskFields(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object" || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => maskFields(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const shown = looksSecret(key) && typeof field === "string" ? MASK : maskFields(field, depth + 1);
    Object.defineProperty(copy, key, { value: shown, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
