/**
 * The expression a request path must match to reach an operation: each `{name}` of the template
 * matches one path segment (captured, in template order), everything else matches itself.
 *
 * @param path - The operation's path template, e.g. `/v1/nodes/{id}/`.
 * @returns The anchored expression.
 * @example
 * templatePattern("/pets/{petId}").exec("/pets/7")?.[1]; // "7"
 */
export function templatePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith("{") ? "([^/]+)" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}
