import { type Auth, noAuth } from "../credentials/auth.js";
import { requireSecureUrl } from "../credentials/secure-url.js";
import { ResponseValidationError } from "../errors/response-validation-error.js";
import { errorForStatus } from "../http/response-errors.js";
import { type FetchFunction, sendHttpRequest } from "../http/send-request.js";
import { showRequest } from "../http/shown-request.js";
import { parseJson } from "../json/parse-json.js";
import { stringifyJson } from "../json/stringify-json.js";
import type { JsonRpcTransport } from "./transport.js";

/** Options of {@link createHttpTransport}. */
export interface HttpTransportOptions {
  /** The node base URL; https, or http only to a loopback host. */
  url: string;
  /** Path under the node (after the token in token mode), e.g. `"/evm"` (default `""`). */
  path?: string;
  /** How credentials are attached (default: none). */
  auth?: Auth;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchFunction;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
}

/**
 * JSON-RPC over HTTP: each exchange is one `POST` of the request (or batch) as JSON. A non-2xx status
 * is an `HttpError` (`RateLimitError` for 429), an answer that is not JSON a `ResponseValidationError`.
 *
 * @param options - URL, path, auth, fetch and extra headers.
 * @returns The transport. Inspecting or serializing it shows no credentials.
 * @throws {ConfigurationError} when the URL is insecure or malformed.
 * @example
 * const transport = createHttpTransport({ url, path: "/evm", auth: nodeAuth({ token }) });
 * const rpc = createJsonRpcClient({ transport });
 */
export function createHttpTransport(options: HttpTransportOptions): JsonRpcTransport {
  const auth = options.auth ?? noAuth();
  requireSecureUrl(options.url, "url", auth.redact);
  const endpoint = auth.resolveUrl(options.url, options.path ?? "");
  const shown = showRequest("POST", endpoint, auth.redact, auth.scheme);
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Built once: every request gets a copy (a fetch wrapper may add to it), not a rebuild.
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    ...options.headers,
    ...auth.headers(),
  };

  return {
    shown,
    async exchange(payload, { timeout, maxResponseBytes, signal, operation }) {
      const response = await sendHttpRequest(
        { method: "POST", url: endpoint, headers: { ...headers }, body: stringifyJson(payload) },
        { fetch: fetchFn, timeout, maxResponseBytes, signal, shown },
      );
      if (response.status < 200 || response.status > 299) {
        // The wording of failed answers is imported statically here, unlike in the REST callers: a
        // JSON-RPC client's constructor shares ChainkitError with it, and loaded on the first failure
        // it split that class into one more up-front chunk of a code-split app.
        throw errorForStatus(response, shown, { protocol: "json-rpc" });
      }
      try {
        return { body: parseJson(response.text), status: response.status };
      } catch {
        throw new ResponseValidationError(operation, response.status, [
          { pointer: "", message: "is not JSON" },
        ]);
      }
    },
  };
}
