const MASK = "***";

/**
 * Replaces every occurrence of each secret in `text` with `***`, in the forms a secret takes on the
 * wire: as is, percent-encoded, and escaped inside a JSON string (a password holding `"` or `\`
 * echoed in a JSON error body). Empty secrets are ignored.
 *
 * @param text - Any text: a URL, a message, a response body.
 * @param secrets - The raw secret values to hide.
 * @returns The text with each secret replaced by `***`.
 * @example
 * redactText("token abc123 refused", ["abc123"]); // "token *** refused"
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret === "") continue;
    result = result.split(secret).join(MASK);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) result = result.split(encoded).join(MASK);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) result = result.split(escaped).join(MASK);
  }
  return result;
}

/**
 * Makes a URL safe to show: drops any user info (`user:password@`) and replaces each secret (for
 * example a token in the path) with `***`. Text that is not a URL is only scrubbed of the secrets.
 *
 * @param url - The URL as sent.
 * @param secrets - The raw secret values to hide.
 * @returns The URL without user info and with each secret replaced by `***`.
 * @example
 * redactUrl("https://u:p@host/evm?key=tok", ["tok"]); // "https://host/evm?key=***"
 */
export function redactUrl(url: string, secrets: readonly string[]): string {
  let shown = url;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = "";
      parsed.password = "";
      shown = parsed.href;
    }
  } catch {
    // Not a URL: scrub the secrets we know and show the rest.
  }
  return redactText(shown, secrets);
}

/**
 * Copies an error (and its `cause` chain) with secrets scrubbed from messages and stacks, so the
 * copy can be attached as a `cause` and inspected safely. Keeps `name` and `code` (e.g. `ECONNREFUSED`).
 *
 * @param error - Anything thrown, typically by `fetch`.
 * @param redact - Scrubs secrets from a string.
 * @returns A new `Error`, or the value itself when it is not an object.
 * @example
 * const safe = scrubError(new TypeError("bad url https://host/tok"), (s) => s.replaceAll("tok", "***"));
 * (safe as Error).message; // "bad url https://host/***"
 */
export function scrubError(error: unknown, redact: (text: string) => string, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? redact(error) : error;
  const cause =
    depth < 5 && error.cause !== undefined ? scrubError(error.cause, redact, depth + 1) : undefined;
  const copy = new Error(redact(error.message), cause === undefined ? undefined : { cause });
  copy.name = error.name;
  copy.stack = error.stack === undefined ? undefined : redact(error.stack);
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") Object.assign(copy, { code });
  return copy;
}
