import type { ServiceErrorInfo } from "../errors/http-error.js";

const MAX_TEXT = 500;

/**
 * Reads what a service said in an error body. Understands the platform's
 * `{"error":{"code","message","fields"}}` and `{"detail": …}`, the indexer's `{"error","code"}`, the
 * wallet node's `{"Error": …}`, JSON-RPC `{"error":{"code","message"}}`, a plain `{"message"}`, and text
 * bodies (trimmed to 500 characters).
 *
 * @param body - The parsed JSON body, or the body text when it was not JSON.
 * @returns The code, message and per-field messages found (an empty object when none).
 * @example
 * parseServiceError({ error: "limit is not allowed: 2000 > 1000", code: 422 });
 * // { message: "limit is not allowed: 2000 > 1000", code: 422 }
 */
export function parseServiceError(body: unknown): ServiceErrorInfo {
  if (typeof body === "string") {
    const text = body.trim();
    return text === "" ? {} : { message: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text };
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return {};
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (error !== null && typeof error === "object" && !Array.isArray(error)) {
    const nested = error as Record<string, unknown>;
    return compact({
      code: codeOf(nested.code),
      message: textOf(nested.message),
      fields: fieldsOf(nested.fields),
    });
  }
  const message = textOf(error) ?? textOf(record.Error) ?? textOf(record.detail) ?? textOf(record.message);
  return compact({ code: codeOf(record.code), message });
}

function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return undefined;
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? item.toString() : item));
}

function codeOf(value: unknown): string | number | undefined {
  return typeof value === "string" || typeof value === "number" ? value : undefined;
}

function fieldsOf(value: unknown): Record<string, string[]> | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(value)) {
    fields[name] = Array.isArray(messages) ? messages.map((m) => textOf(m) ?? "") : [textOf(messages) ?? ""];
  }
  return fields;
}

function compact(info: ServiceErrorInfo): ServiceErrorInfo {
  const result: ServiceErrorInfo = {};
  if (info.code !== undefined) result.code = info.code;
  if (info.message !== undefined) result.message = info.message;
  if (info.fields !== undefined) result.fields = info.fields;
  return result;
}
