import type { Auth } from "../credentials/auth.js";
import { showRequest } from "../http/shown-request.js";
import type { RestOperation } from "../operation.js";
import type { RestTarget } from "./rest-attempt.js";

/**
 * Makes the function that turns an operation's path and query into the URL sent (with the
 * credentials the auth puts there) and the URL errors show. An operation without path parameters or
 * query always goes to the same URL, so its target is resolved once and kept.
 *
 * @param auth - How credentials are attached (a token may sit in the URL).
 * @param baseUrl - The surface's base URL.
 * @returns The resolver.
 */
export function createTargetResolver(
  auth: Auth,
  baseUrl: string,
): (operation: RestOperation, pathAndQuery: string) => RestTarget {
  const fixedTargets = new WeakMap<RestOperation, RestTarget>();
  return (operation, pathAndQuery) => {
    const fixed = pathAndQuery === operation.path;
    const known = fixed ? fixedTargets.get(operation) : undefined;
    if (known) return known;
    const url = auth.resolveUrl(baseUrl, pathAndQuery);
    const target = { url, shown: showRequest(operation.method, url, auth.redact, auth.scheme) };
    if (fixed) fixedTargets.set(operation, target);
    return target;
  };
}
