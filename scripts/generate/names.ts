import { sourceLiteral } from "./source-text.js";

/** Words TypeScript does not allow as identifiers of variables, parameters or types. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "as implements interface let package private protected public static yield any boolean number string symbol " +
    "bigint never unknown object undefined await type arguments eval"
  ).split(" "),
);

/** Whether `name` can be written as a bare property name or identifier. */
function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/**
 * `name` as a property key: bare when it is an identifier, quoted otherwise; `__proto__` computed,
 * since an object literal's `__proto__: x` (quoted or not) sets the prototype instead of a key.
 */
export function propertyKey(name: string): string {
  if (name === "__proto__") return `[${sourceLiteral(name)}]`;
  return isIdentifier(name) ? name : sourceLiteral(name);
}

/** `getNode` → `GetNode`, `eth_getBlockByHash` → `EthGetBlockByHash`, `node-id` → `NodeId`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")
    .replace(/^(?=[0-9])/, "_");
}

/** A camelCase identifier for a parameter named `name`, never one of `taken`. */
export function parameterName(name: string, taken: ReadonlySet<string>): string {
  const pascal = pascalCase(name);
  let candidate = isIdentifier(name) ? name : pascal.charAt(0).toLowerCase() + pascal.slice(1);
  if (candidate === "" || RESERVED.has(candidate)) candidate = `${candidate}Param`;
  while (taken.has(candidate)) candidate = `${candidate}_`;
  return candidate;
}

/**
 * Names `types.ts` declares besides the schemas' aliases: openapi-typescript's interfaces and the
 * runtime's `Secret`, which it imports.
 */
const TYPES_FILE_NAMES = new Set(["paths", "components", "operations", "webhooks", "$defs", "Secret"]);

/**
 * A type name for a schema named `name` (kept as is when it already is a usable identifier); a
 * reserved word or a name `types.ts` declares itself gets `Type`: `delete` → `deleteType`; a name
 * with no letter or digit is `Schema`.
 */
export function typeName(name: string): string {
  // A name with no letter or digit (`*/`, `"`) still needs one: `Schema`.
  const candidate = isIdentifier(name) ? name : pascalCase(name) || "Schema";
  return RESERVED.has(candidate) || TYPES_FILE_NAMES.has(candidate) ? `${candidate}Type` : candidate;
}
