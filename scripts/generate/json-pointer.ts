import { isObject, type Json } from "./json.js";

/** Escapes one reference token for a JSON pointer (RFC 6901). */
export function escapeToken(token: string | number): string {
  return String(token).replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Reads one escaped reference token of a JSON pointer (RFC 6901): `a~1b` is `a/b`. */
export function unescapeToken(token: string): string {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Appends reference tokens to a JSON pointer: `childPointer("/paths", "/v1/x")` is `/paths/~1v1~1x`. */
export function childPointer(pointer: string, ...tokens: (string | number)[]): string {
  return pointer + tokens.map((token) => `/${escapeToken(token)}`).join("");
}

/** Splits a JSON pointer into its unescaped reference tokens. */
export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(unescapeToken);
}

/** The value at `pointer` inside `root`, or `undefined` when there is none. */
export function valueAt(root: Json, pointer: string): Json | undefined {
  let node: Json | undefined = root;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(token) ? node[Number(token)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, token) ? node[token] : undefined;
    else return undefined;
  }
  return node;
}

/** The pointer a local `$ref` (`#/components/schemas/Node`) names, or `undefined` for a non-local ref. */
export function refPointer(ref: string): string | undefined {
  if (!ref.startsWith("#")) return undefined;
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
}
