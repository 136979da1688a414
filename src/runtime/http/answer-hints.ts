import type { HttpResponse } from "./send-request.js";
import type { CredentialsSent, ShownRequest } from "./shown-request.js";

/** What the caller expected of an answer, so an error can tell a wrong URL from a wrong call. */
export interface AnswerContext {
  /** What the client speaks: `"rest"` (the default) or `"json-rpc"`. */
  protocol?: "rest" | "json-rpc";
  /**
   * Whether the operation's spec describes a 401 answer (it takes credentials). `false` for an
   * operation the spec lets anyone call; `undefined` when the caller cannot tell.
   */
  documentsUnauthorized?: boolean;
}

/**
 * What to do about an error answer, when its shape says more than its status: an HTML page or a
 * JSON-RPC envelope where the client speaks REST (the URL points at another surface), a 404 whose
 * path repeats itself (the URL given already ends with what the client appends), or a 401 (wrong or
 * missing credentials, or none asked for by the spec, so again another surface).
 *
 * @param response - The answer.
 * @param body - Its body, parsed when it is JSON (and scrubbed), else its text.
 * @param request - The request as errors show it (URL redacted).
 * @param context - What the caller expected.
 * @returns The hint, or `undefined` when the answer says nothing more than its status.
 * @example
 * const shown = showRequest("GET", "https://api.example.com/v1/v1/organization/", (text) => text, "bearer");
 * answerHint({ status: 404, statusText: "Not Found", headers: new Headers(), text: "" }, "", shown);
 * // "The path repeats /v1 (/v1/v1/organization/): …; drop /v1 from the end of the URL given to the client"
 */
export function answerHint(
  response: HttpResponse,
  body: unknown,
  request: ShownRequest,
  context: AnswerContext = {},
): string | undefined {
  const foreign = foreignAnswerHint(response, body, context.protocol ?? "rest");
  if (foreign !== undefined) return foreign;
  if (response.status === 404) return doubledPathHint(request.url);
  if (response.status === 401) {
    if (request.credentials === "none" && context.documentsUnauthorized === false) {
      return (
        "This client sends no credentials, and the spec asks for none for this call: an answer asking for " +
        "them comes from another service. Check the client's URL: it may point at a node or the platform " +
        "API (an EVM port, say) instead of this API"
      );
    }
    return unauthorizedHint(request.credentials);
  }
  return undefined;
}

/** An HTML page, or (to a REST client) a JSON-RPC envelope: plainly not this API's answer. */
function foreignAnswerHint(
  response: HttpResponse,
  body: unknown,
  protocol: "rest" | "json-rpc",
): string | undefined {
  const type = response.headers.get("content-type") ?? "";
  if (/text\/html/i.test(type) || (typeof body === "string" && /^\s*<(!doctype html|html)/i.test(body))) {
    return (
      "The answer is an HTML page, not the API's: the URL points at a website, a proxy or a gateway's " +
      "error page. Check the client's URL: it should be the API's base URL (a node's details.https_endpoint, " +
      "or the platform API's)"
    );
  }
  if (protocol === "rest" && isJsonRpcEnvelope(body)) {
    return (
      "The answer is a JSON-RPC envelope: the URL points at a JSON-RPC node (such as the EVM endpoint), " +
      "not this REST API. Check the client's URL (each surface has its own)"
    );
  }
  return undefined;
}

function isJsonRpcEnvelope(body: unknown): boolean {
  const first = Array.isArray(body) ? body[0] : body;
  return first !== null && typeof first === "object" && (first as { jsonrpc?: unknown }).jsonrpc === "2.0";
}

/**
 * A hint for a 404 whose path repeats a run of segments (`/v1/v1/organization/`, or a node's token and
 * `/evm` twice): the URL given to the client already ends with what the client appends itself.
 *
 * @param url - The request URL as shown (credentials already `***`).
 * @returns Which part to drop, or `undefined` when the path repeats nothing.
 * @example
 * doubledPathHint("https://api.example.com/v1/v1/organization/");
 * // "The path repeats /v1 (/v1/v1/organization/): …; drop /v1 from the end of the URL given to the client"
 */
export function doubledPathHint(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const run = repeatedRun(path.split("/").filter((segment) => segment !== ""));
  if (run === undefined) return undefined;
  const part = `/${run.join("/")}`;
  return (
    `The path repeats ${part} (${path}): the URL given to the client already ends with ${part}, which the ` +
    `client adds to every request itself; drop ${part} from the end of the URL given to the client`
  );
}

/** The longest run of segments that comes twice in a row, e.g. `["***", "evm"]` in `***, evm, ***, evm`. */
function repeatedRun(segments: readonly string[]): string[] | undefined {
  for (let length = Math.floor(segments.length / 2); length >= 1; length--) {
    for (let start = 0; start + 2 * length <= segments.length; start++) {
      let same = true;
      for (let k = 0; k < length && same; k++) same = segments[start + k] === segments[start + length + k];
      if (same) return segments.slice(start, start + length);
    }
  }
  return undefined;
}

/**
 * What a 401 means given the credentials that were sent: with credentials, they were refused (wrong,
 * or revoked); without, they were missing.
 *
 * @example
 * unauthorizedHint("basic"); // "The service refused the username and password that were sent: …"
 */
export function unauthorizedHint(sent: CredentialsSent | undefined): string | undefined {
  switch (sent) {
    case "bearer":
      return "The service refused the API key that was sent: check it (and that it was not revoked)";
    case "token":
      return "The service refused the node token that was sent in the URL path: it is wrong, or its node was deleted (use details.auth_key of a running node)";
    case "basic":
      return "The service refused the username and password that were sent: use details.auth_username and details.auth_password of a running node";
    case "none":
      return "No credentials were sent: give the client an API key, or node credentials ({ token } or { username, password })";
    default:
      return undefined;
  }
}
