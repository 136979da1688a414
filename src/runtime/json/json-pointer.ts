/**
 * A property name as one token of a JSON pointer (RFC 6901): `~` becomes `~0` and `/` becomes `~1`,
 * so a name holding either still points at one property.
 *
 * @example
 * pointerToken("a/b"); // "a~1b"
 */
export function pointerToken(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}
