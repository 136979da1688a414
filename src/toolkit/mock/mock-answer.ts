import { stringifyJson } from "../../runtime/json/stringify-json.js";

/** An answer of the mock, before it is written to a socket or handed to a `fetch` caller. */
export interface MockAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body's text; absent for an answer without a body. */
  body?: string;
}

/**
 * An RFC 9457 problem answer (`application/problem+json`), for what the spec has no shape of its own for.
 *
 * @param status - The HTTP status.
 * @param title - What kind of problem, the same for every instance.
 * @param detail - What is wrong with this request, and how to fix it.
 * @param extra - More members (`errors`: each field's pointer and message).
 * @returns The answer.
 * @example
 * problem(404, "Not found", "no operation of the spec has the path /pets/1/toys");
 */
export function problem(
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
): MockAnswer {
  return {
    status,
    headers: { "content-type": "application/problem+json" },
    body: stringifyJson({ type: "about:blank", title, status, detail, ...extra }),
  };
}
