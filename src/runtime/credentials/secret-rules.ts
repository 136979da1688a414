/** The shortest secret a client accepts. */
export const MIN_SECRET_LENGTH = 8;

/** A UTF-16 surrogate without its other half: no URL, header or UTF-8 text can carry it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What is wrong with a secret (API key, node token, password), or `undefined` when nothing is. A
 * secret must be at least {@link MIN_SECRET_LENGTH} characters: every error and log line has each
 * secret replaced by `***`, and a secret of a character or two would be "found" all over unrelated
 * text (turning `https://` into `h***ps://`), besides being guessable. It must be well-formed Unicode
 * (a lone surrogate cannot be encoded into a URL or a header), and must not be the path segments
 * `.` or `..`, which would move a request out of the node's path.
 *
 * @param secret - The secret's value.
 * @param what - Its name in the message, e.g. `"token"`.
 * @returns The problem in words, naming the rule, without repeating the secret.
 * @example
 * secretProblem("t", "token"); // "token must be at least 8 characters (it has 1): …"
 * secretProblem("0123abcd", "token"); // undefined
 */
export function secretProblem(secret: string, what: string): string | undefined {
  if (secret === "." || secret === "..") {
    return `${what} must not be "." or "..": as a URL path segment it would send requests outside the node's path`;
  }
  if (hasLoneSurrogate(secret)) {
    return `${what} holds a lone UTF-16 surrogate (half of a character), which no URL or header can carry: check how it was read or cut`;
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    return `${what} must be at least ${MIN_SECRET_LENGTH} characters (it has ${secret.length}): a shorter secret is guessable, and hiding it as *** in errors and logs would mangle unrelated text`;
  }
  return undefined;
}

/**
 * Whether a string holds half of a UTF-16 surrogate pair on its own, which `encodeURIComponent`
 * refuses and UTF-8 encoders silently replace.
 *
 * @example
 * hasLoneSurrogate("ab\uD800c"); // true
 * hasLoneSurrogate("a😀"); // false
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}
