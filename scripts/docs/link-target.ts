/**
 * Which Markdown link targets a spec may put in the portal: a link that stays on the page's own
 * site (a fragment, a path), or a plain `http:`/`https:` link, which is shown as external. A
 * browser reads `/\evil.example/x` as `//evil.example/x` and leaves the site, and it drops tabs and
 * newlines inside a URL (`java\tscript:`), so anything a browser might read differently from what
 * is written (a backslash, a control character or whitespace, a percent-encoded one, a
 * protocol-relative `//`) is refused outright.
 */

/** A link target the portal keeps: its `href`, and whether it leaves the site. */
export interface LinkTarget {
  href: string;
  external: boolean;
}

// Where a page of the portal could be served from; only its origin matters to the check.
const SITE = "https://portal.invalid/docs/page.html";
// Backslashes, control characters, whitespace (and what a browser strips: tabs, newlines).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const AMBIGUOUS = /[\\\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * The target a link keeps, or `undefined` when it is refused.
 *
 * @param url - The target as written (HTML entities already decoded).
 * @example
 * linkTarget("evm.html#x"); // { href: "evm.html#x", external: false }
 * linkTarget("/\\evil.example/x"); // undefined
 */
export function linkTarget(url: string): LinkTarget | undefined {
  const decoded = fullyDecoded(url);
  if (decoded === undefined || AMBIGUOUS.test(decoded) || /^[/\\]{2}/.test(decoded)) return undefined;
  if (/^https?:\/\//i.test(url)) {
    const parsed = safeUrl(url);
    return parsed && /^https?:$/.test(parsed.protocol) && parsed.hostname !== ""
      ? { href: url, external: true }
      : undefined;
  }
  // Anything else must be a path on the page's own origin. Any scheme is refused, even `https:x`,
  // which a page opened from a file would read as https://x/.
  if (/^[a-z][a-z0-9+.-]*:/i.test(decoded)) return undefined;
  const resolved = safeUrl(url, SITE);
  return resolved?.origin === new URL(SITE).origin ? { href: url, external: false } : undefined;
}

/** `url` with its percent-encoding undone until nothing changes (`%255C` → `%5C` → `\`); `undefined` if malformed. */
function fullyDecoded(url: string): string | undefined {
  let current = url;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

function safeUrl(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}
