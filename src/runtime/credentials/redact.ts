import { MIN_SECRET_LENGTH } from "./secret-rules.js";

const MASK = "***";

/**
 * Replaces every occurrence of each secret in `text` with `***`, in the forms a secret takes on the
 * wire: as is, percent-encoded, and escaped inside a JSON string (a password holding `"` or `\`
 * echoed in a JSON error body). Each character may also come in its own form, as servers re-encode
 * what they echo: raw or percent-encoded in any mix and either case of hex (`cli/T%c3%b6k…`, a
 * path decoded and encoded again), a space as `+`, and a non-ASCII character as its UTF-8 bytes read
 * as Latin-1 (`Ã¶`, as WSGI servers read paths) or as U+FFFD (a Latin-1 status line read as UTF-8).
 * A secret made only of hex digits (with or without `0x`) is matched in any case, as servers that
 * parse it as a number or a key echo it upper-cased. A secret is also matched as the hex of its UTF-8
 * bytes (and of its percent-encoded form), in either case, as nodes echo text hex-encoded (a TRON
 * `resMessage`, the raw bytes of an ABI-encoded revert reason); that form is replaced by the hex of
 * as many `*`, so the bytes around it still decode. The same bytes are matched base64-encoded too,
 * standard or URL-safe, with or without padding, alone or inside a longer encoded text (an echoed
 * `Authorization` header), wherever in it they start. Empty secrets are ignored.
 *
 * @param text - Any text: a URL, a message, a response body.
 * @param secrets - The raw secret values to hide.
 * @returns The text with each secret replaced by `***`.
 * @example
 * redactText("token abc123 refused", ["abc123"]); // "token *** refused"
 */
export function redactText(text: string, secrets: readonly string[]): string {
  return mayHoldSecret(text, secrets) ? redactEveryForm(text, secrets) : text;
}

/** A character that only a re-encoded or escaped form of a secret brings: `%`, `+`, `\`, non-ASCII. */
const REENCODING = /[%+\\\u0080-\uffff]/;

/**
 * Whether `text` may hold one of the secrets in a form {@link redactText} matches. In ASCII text
 * without `%`, `+` or `\`, every form but the secret as is (in any case when it is hex), its hex and
 * its base64 is ruled out, since each other form carries one of those characters, so a plain search
 * for those answers.
 * It spares the common case, a URL or message with no secret in it, from building and running
 * each secret's pattern: the first of those compiles costs a cold client most of a millisecond.
 *
 * @param text - Any text.
 * @param secrets - The raw secret values to hide.
 * @returns `false` only when {@link redactEveryForm} would return `text` unchanged.
 * @example
 * mayHoldSecret("https://nd-1.example.com/evm", ["abc123"]); // false
 * mayHoldSecret("token ABC123", ["abc123"]); // true: a hex secret in another case
 */
export function mayHoldSecret(text: string, secrets: readonly string[]): boolean {
  if (REENCODING.test(text)) return true;
  let lowerCase: string | undefined;
  for (const secret of secrets) {
    if (secret === "") continue;
    if (!HEX_SECRET.test(secret)) {
      if (text.includes(secret)) return true;
    } else {
      lowerCase ??= text.toLowerCase();
      if (lowerCase.includes(secret.toLowerCase())) return true;
    }
    // Base64 forms are searched in the text's own case, as base64 has no other; a text shorter than
    // the shortest form (a path, a method name) is spared building them.
    if (text.length >= SHORTEST_BASE64_FORM) {
      for (const form of cachedFor(base64Forms, secrets, secret, base64FormsOf)) {
        if (text.includes(form)) return true;
      }
    }
    // Hex-encoded forms are long runs of hex digits: only text holding such a run is searched.
    if (text.length < 16 || !HEX_RUN.test(text)) continue;
    lowerCase ??= text.toLowerCase();
    for (const form of hexForms(secret)) if (lowerCase.includes(form)) return true;
  }
  return false;
}

/** Sixteen hex digits in a row: the hex of the shortest secret allowed (8 characters) is that long. */
const HEX_RUN = /[0-9a-fA-F]{16}/;

/** The length of the base64 forms of the shortest secret allowed (8 characters, so 8 bytes at least). */
const SHORTEST_BASE64_FORM = 10;

/**
 * A secret as it is, and percent-encoded with either case of escapes (a token echoed encoded as part
 * of the request path): the texts whose bytes a server may echo hex- or base64-encoded.
 */
function sentForms(secret: string): string[] {
  let encoded = secret;
  try {
    encoded = encodeURIComponent(secret);
  } catch {
    // A lone surrogate: no URL carries it.
  }
  const lowerEscapes = encoded.replace(/%[0-9A-F]{2}/g, (byte) => byte.toLowerCase());
  return [...new Set([secret, encoded, lowerEscapes])];
}

/** The lowercase hex of the UTF-8 bytes of each of a secret's {@link sentForms}. */
function hexForms(secret: string): string[] {
  return sentForms(secret).map((form) =>
    Array.from(utf8.encode(form), (byte) => byte.toString(16).padStart(2, "0")).join(""),
  );
}

/**
 * The base64 characters that the UTF-8 bytes of each of a secret's {@link sentForms} alone decide,
 * in the standard and the URL-safe alphabet, for each of the three places (byte offsets modulo 3)
 * where the bytes can start inside a longer encoded text. A character that also holds bits of the
 * bytes around them, and padding, are left out, so the form is found whatever surrounds it. None for
 * a secret shorter than the secret rules allow: its few characters would be "found" in unrelated base64.
 */
function base64FormsOf(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const forms = sentForms(secret).flatMap((form) => {
    let bytes = "";
    for (const byte of utf8.encode(form)) bytes += String.fromCharCode(byte);
    // Base64 writes 6 bits a character: after `offset` bytes, the characters made of the secret's
    // bits alone run from ceil(8 * offset / 6) up to, not including, floor(8 * (offset + length) / 6).
    return [0, 1, 2].map((offset) =>
      btoa("\0".repeat(offset) + bytes).slice(
        Math.ceil((offset * 4) / 3),
        Math.floor(((offset + bytes.length) * 4) / 3),
      ),
    );
  });
  return [...new Set([...forms, ...forms.map((form) => form.replace(/\+/g, "-").replace(/\//g, "_"))])];
}

/**
 * What {@link redactText} does to text that {@link mayHoldSecret} says may hold a secret: replaces
 * each secret in every form it lists.
 *
 * @param text - Any text.
 * @param secrets - The raw secret values to hide.
 * @returns The text with each secret replaced by `***`.
 * @example
 * redactEveryForm("cli/T%c3%b6k refused", ["Tök"]); // "cli/*** refused"
 */
export function redactEveryForm(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret === "") continue;
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) result = result.split(escaped).join(MASK);
    // As is, percent-encoded, and every mix of the forms each character may take.
    result = result.replace(cachedFor(reencodedPatterns, secrets, secret, reencodedForms), MASK);
    // Hex-encoded, in either case: replaced by as many `*` bytes, so the hex around it (revert data
    // whose reason is decoded later, a TRON message) still decodes, showing `*`s where the secret was.
    result = result.replace(cachedFor(hexPatterns, secrets, secret, hexFormsPattern), (found) =>
      "2a".repeat(found.length / 2),
    );
    // Base64-encoded: replaced by `***`, as no base64 character can stand for a masked one.
    if (cachedFor(base64Forms, secrets, secret, base64FormsOf).length > 0) {
      result = result.replace(cachedFor(base64Patterns, secrets, secret, base64FormsPattern), MASK);
    }
  }
  return result;
}

type PerSecret<T> = WeakMap<readonly string[], Map<string, T>>;

/**
 * What is made of each secret (compiled patterns, base64 forms) by the list of secrets it came from:
 * a client redacts with the same list (held by its auth) again and again, and a list no longer used
 * takes what was made of it along.
 */
const reencodedPatterns: PerSecret<RegExp> = new WeakMap();
const hexPatterns: PerSecret<RegExp> = new WeakMap();
const base64Patterns: PerSecret<RegExp> = new WeakMap();
const base64Forms: PerSecret<string[]> = new WeakMap();

/** What `build` makes of `secret`, made once per list of secrets. */
function cachedFor<T>(
  cache: PerSecret<T>,
  list: readonly string[],
  secret: string,
  build: (secret: string) => T,
): T {
  let made = cache.get(list);
  if (!made) {
    made = new Map();
    cache.set(list, made);
  }
  let value = made.get(secret);
  if (value === undefined) {
    value = build(secret);
    made.set(secret, value);
  }
  return value;
}

/** Each hex form of a secret, in either case. */
function hexFormsPattern(secret: string): RegExp {
  return new RegExp(hexForms(secret).join("|"), "gi");
}

/**
 * Each base64 form of a secret, with the character on either side, which holds some of the secret's
 * bits when its bytes start or end inside one.
 */
function base64FormsPattern(secret: string): RegExp {
  return new RegExp(`[\\w+/-]?(?:${base64FormsOf(secret).map(escapeRegExp).join("|")})[\\w+/-]?`, "g");
}
const utf8 = new TextEncoder();
/** A secret that a server may read as hex and echo in another case. */
const HEX_SECRET = /^(?:0x)?[0-9a-f]+$/i;

/** A pattern matching `secret` with each character in any of the forms {@link redactText} lists. */
function reencodedForms(secret: string): RegExp {
  let source = "";
  for (const char of secret) {
    const bytes = [...utf8.encode(char)];
    const forms = [escapeRegExp(char), bytes.map((byte) => `%${hexEitherCase(byte)}`).join("")];
    if (char === " ") forms.push("\\+");
    if (bytes.length > 1) forms.push(escapeRegExp(String.fromCharCode(...bytes)), "\\uFFFD{1,4}");
    source += `(?:${forms.join("|")})`;
  }
  return new RegExp(source, HEX_SECRET.test(secret) ? "gi" : "g");
}

function hexEitherCase(byte: number): string {
  return [...byte.toString(16).padStart(2, "0")]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join("");
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
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
  // A URL holds user info only after an `@` of its authority; most URLs shown have none.
  if (url.includes("@")) {
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
