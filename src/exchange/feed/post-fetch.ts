import type { FetchFunction } from "../../runtime/http/send-request.js";

/** A `post` request: an `/info` query or a signed `/exchange` body. */
export interface PostRequest {
  type: "info" | "action";
  payload: unknown;
}

/** The `response` of a `post` answer. */
export interface PostResponse {
  type: "info" | "action" | "error";
  payload: unknown;
}

/** Sends one `post` over the socket and resolves with its answer; rejects when the socket is lost or `signal` aborts. */
export type PostSender = (request: PostRequest, signal: AbortSignal | undefined) => Promise<PostResponse>;

/** HTTP status given to a `post` the service answered with `type: "error"`, as it answers a refused body over HTTP. */
const REFUSED = 422;

/**
 * A `fetch` for the exchange clients that sends `POST {baseUrl}/info` and `POST {baseUrl}/exchange`
 * as `post` requests on the socket and answers as HTTP would: an info answer's `data`, an action's
 * `{status, response}` body, or the service's error text at 422. Anything else is refused as a
 * failed fetch (a `NetworkError` to the client).
 *
 * @param baseUrl - The exchange base URL the clients were given (no trailing slash).
 * @param post - Sends one `post`.
 * @example
 * const fetch = postFetch("https://api.hyperliquid.xyz", async (request) => ({ type: request.type, payload: {} }));
 * const info = createInfoClient({ baseUrl: "https://api.hyperliquid.xyz", fetch });
 */
export function postFetch(baseUrl: string, post: PostSender): FetchFunction {
  const base = baseUrl.replace(/\/+$/, "");
  return async (input, init) => {
    const path = input.startsWith(base) ? input.slice(base.length) : undefined;
    const type = path === "/info" ? "info" : path === "/exchange" ? "action" : undefined;
    if (type === undefined || (init.method ?? "GET").toUpperCase() !== "POST") {
      throw new TypeError("only POST /info and POST /exchange travel over the exchange's WebSocket");
    }
    const payload: unknown = JSON.parse(String(init.body ?? "null"));
    const answer = await post({ type, payload }, init.signal ?? undefined);
    if (answer.type === "error") {
      return new Response(String(answer.payload), {
        status: REFUSED,
        headers: { "content-type": "text/plain" },
      });
    }
    const body =
      answer.type === "info" ? (answer.payload as { data?: unknown } | null)?.data : answer.payload;
    return new Response(JSON.stringify(body ?? null), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
}
