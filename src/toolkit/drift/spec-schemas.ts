import { pointerToken } from "../../runtime/json/json-pointer.js";

/** A JSON value of the spec document, read loosely. */
export type Loose = Record<string, unknown>;

/** A schema of the spec document: where it is written (`site`) and what it says once `$ref`s are followed. */
export interface SchemaPlace {
  /** Pointer of the schema as written in the document (a `$ref` object, or the schema itself). */
  site: string;
  /** Pointer of the schema the references lead to (the same as `site` when it is no reference). */
  pointer: string;
  /** The schema at `pointer`. */
  node: Loose;
}

/** Where an operation sits in the document: a REST path and method, or a JSON-RPC method. */
export type OperationPlace = { kind: "rest"; path: string; method: string } | { kind: "rpc"; name: string };

/** The JSON media type of a content map (`application/json`, `application/problem+json`, …), else its first. */
export function jsonMediaKey(content: unknown): string | undefined {
  const keys = isObject(content) ? Object.keys(content) : [];
  return (
    keys.find((type) => /^application\/([\w.-]+\+)?json\b/.test(type)) ??
    keys.find((type) => type.includes("json") || type === "*/*") ??
    keys[0]
  );
}

/**
 * Reads the spec document the way a spec editor writes it (`$ref`s kept, as the generator's loader
 * bundles it): finds the schema that governs a value at a JSON pointer of a request or answer, and
 * where that schema is written, so that a suggested change can point at it.
 */
export class SpecSchemas {
  readonly doc: Loose;

  constructor(doc: Loose) {
    this.doc = doc;
  }

  /** The value at a pointer of the document, or undefined. */
  get(pointer: string): unknown {
    let target: unknown = this.doc;
    for (const token of pointer.split("/").slice(1)) {
      const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
      if (!isObject(target) && !Array.isArray(target)) return undefined;
      if (!Object.hasOwn(target as object, key)) return undefined;
      target = (target as Loose)[key];
    }
    return target;
  }

  /** Follows a chain of local `$ref`s from `site` to the schema it names. */
  place(site: string): SchemaPlace | undefined {
    let pointer = site;
    let node = this.get(site);
    for (let hops = 0; hops < 32 && isObject(node) && typeof node.$ref === "string"; hops++) {
      const ref = node.$ref as string;
      if (!ref.startsWith("#")) return undefined;
      pointer = decodeURIComponent(ref.slice(1));
      node = this.get(pointer);
    }
    return isObject(node) ? { site, pointer, node } : undefined;
  }

  /** The pointer of an operation's object in the document. */
  operationPointer(operation: OperationPlace): string | undefined {
    if (operation.kind === "rest") {
      const item = this.place(`/paths/${pointerToken(operation.path)}`);
      const method = operation.method.toLowerCase();
      return item && isObject(item.node[method]) ? `${item.pointer}/${method}` : undefined;
    }
    const methods = Array.isArray(this.doc.methods) ? this.doc.methods : [];
    for (let index = 0; index < methods.length; index++) {
      const method = this.place(`/methods/${index}`);
      if (method?.node.name === operation.name) return method.pointer;
    }
    return undefined;
  }

  /**
   * The schema of the part of a request or answer that a record's pointer starts in: the body or a
   * parameter of a REST request, a REST answer's body, a JSON-RPC param or result. Returns the
   * schema and how many pointer tokens it consumed.
   *
   * @param operation - The operation.
   * @param direction - Request or response.
   * @param tokens - The record's pointer, split (`["body", "name"]`, `["result", "hash"]`).
   * @param status - The answer's status key in the spec (`"200"`, `"4XX"`).
   */
  root(
    operation: OperationPlace,
    direction: "request" | "response",
    tokens: readonly string[],
    status?: string,
  ): { place: SchemaPlace; used: number } | undefined {
    const at = this.operationPointer(operation);
    if (at === undefined) return undefined;
    if (operation.kind === "rpc") {
      if (direction === "response") {
        const result = this.place(`${at}/result`);
        const place = result && this.place(`${result.pointer}/schema`);
        return place && { place, used: tokens[0] === "result" ? 1 : 0 };
      }
      const param = this.place(`${at}/params/${tokens[1] ?? "0"}`);
      const place = param && this.place(`${param.pointer}/schema`);
      return place && { place, used: 2 };
    }
    if (direction === "response") {
      const responses = this.place(`${at}/responses`)?.node ?? {};
      const key = status ?? Object.keys(responses).find((code) => /^2/.test(code));
      const response = key === undefined ? undefined : this.place(`${at}/responses/${pointerToken(key)}`);
      const media = response && jsonMediaKey(response.node.content);
      const place =
        media === undefined
          ? undefined
          : this.place(`${response?.pointer}/content/${pointerToken(media)}/schema`);
      return place && { place, used: 0 };
    }
    if (tokens[0] === "body") {
      const body = this.place(`${at}/requestBody`);
      const media = body && jsonMediaKey(body.node.content);
      const place =
        media === undefined
          ? undefined
          : this.place(`${body?.pointer}/content/${pointerToken(media)}/schema`);
      return place && { place, used: 1 };
    }
    const location = { path: "path", query: "query", headers: "header", cookies: "cookie" }[tokens[0] ?? ""];
    const name = tokens[1];
    const item = at.slice(0, at.lastIndexOf("/"));
    for (const owner of [at, item]) {
      const list = this.get(`${owner}/parameters`);
      if (!Array.isArray(list)) continue;
      for (let index = 0; index < list.length; index++) {
        const parameter = this.place(`${owner}/parameters/${index}`);
        if (parameter && parameter.node.in === location && parameter.node.name === name) {
          const place = this.place(`${parameter.pointer}/schema`);
          return place && { place, used: 2 };
        }
      }
    }
    return undefined;
  }

  /**
   * The schema of a value inside another's: a property, an item, a map value, looking through
   * `allOf` and the branch of a `oneOf`/`anyOf` that the value takes (see {@link branchIndex}).
   *
   * @param place - The schema of the containing value.
   * @param token - The property name or item index.
   * @param value - The containing value, when known (to pick branches).
   */
  child(place: SchemaPlace, token: string, value: unknown): SchemaPlace | undefined {
    const { node, pointer } = place;
    const properties = node.properties;
    if (isObject(properties) && Object.hasOwn(properties, token)) {
      return this.place(`${pointer}/properties/${pointerToken(token)}`);
    }
    if (/^\d+$/.test(token)) {
      if (Array.isArray(node.prefixItems) && Number(token) < node.prefixItems.length) {
        return this.place(`${pointer}/prefixItems/${token}`);
      }
      if (isObject(node.items)) return this.place(`${pointer}/items`);
    }
    for (const keyword of ["allOf", "oneOf", "anyOf"] as const) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      const chosen = keyword === "allOf" ? undefined : this.branchIndex(place, keyword, value);
      const order = chosen === undefined ? branches.map((_b, index) => index) : [chosen];
      for (const index of order) {
        const branch = this.place(`${pointer}/${keyword}/${index}`);
        const found = branch && this.child(branch, token, value);
        if (found) return found;
      }
    }
    if (isObject(node.additionalProperties)) return this.place(`${pointer}/additionalProperties`);
    return undefined;
  }

  /** The schema at a path of tokens below `place`, walking `value` alongside to pick branches. */
  descend(place: SchemaPlace, tokens: readonly string[], value: unknown): SchemaPlace | undefined {
    let current: SchemaPlace | undefined = place;
    let inside = value;
    for (const token of tokens) {
      if (current === undefined) return undefined;
      current = this.child(current, token, inside);
      inside = isObject(inside) || Array.isArray(inside) ? (inside as Loose)[token] : undefined;
    }
    return current;
  }

  /**
   * The branch of a `oneOf`/`anyOf` a value takes: the one its `discriminator` names (by `mapping`,
   * by the referenced schema's name, or by the branch's `const`/`enum` for the property); else the
   * branch of the value's type that declares most of its properties and misses fewest required ones.
   */
  branchIndex(place: SchemaPlace, keyword: "oneOf" | "anyOf", value: unknown): number | undefined {
    const branches = place.node[keyword];
    if (!Array.isArray(branches) || branches.length === 0) return undefined;
    const named = this.discriminatedIndex(place, keyword, value);
    if (named !== undefined) return named;
    let best: { index: number; score: number } | undefined;
    branches.forEach((_branch, index) => {
      const branch = this.place(`${place.pointer}/${keyword}/${index}`);
      if (!branch) return;
      const score = fitScore(this, branch, value);
      if (best === undefined || score > best.score) best = { index, score };
    });
    return best?.index;
  }

  /** The branch a discriminator names for this value, if the schema has one and the value names a branch. */
  discriminatedIndex(place: SchemaPlace, keyword: "oneOf" | "anyOf", value: unknown): number | undefined {
    const discriminator = place.node.discriminator;
    const branches = place.node[keyword];
    if (
      !isObject(discriminator) ||
      typeof discriminator.propertyName !== "string" ||
      !Array.isArray(branches)
    ) {
      return undefined;
    }
    if (!isObject(value)) return undefined;
    const tag = value[discriminator.propertyName];
    if (typeof tag !== "string") return undefined;
    const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
    const target = typeof mapping[tag] === "string" ? (mapping[tag] as string) : undefined;
    for (let index = 0; index < branches.length; index++) {
      const ref = (branches[index] as Loose | undefined)?.$ref;
      if (typeof ref !== "string") continue;
      if (target !== undefined ? ref === target || ref.endsWith(`/${target}`) : ref.endsWith(`/${tag}`)) {
        return index;
      }
    }
    for (let index = 0; index < branches.length; index++) {
      const branch = this.place(`${place.pointer}/${keyword}/${index}`);
      const property = branch && this.child(branch, discriminator.propertyName, value);
      if (
        property &&
        (property.node.const === tag ||
          (Array.isArray(property.node.enum) && property.node.enum.includes(tag)))
      ) {
        return index;
      }
    }
    return undefined;
  }
}

/** How well a value fits a branch: its type first, then declared and required properties. */
function fitScore(schemas: SpecSchemas, branch: SchemaPlace, value: unknown): number {
  const types = schemaTypes(branch.node);
  if (types.length > 0 && !types.some((type) => typeMatches(type, value))) return -1000;
  if (!isObject(value)) return Array.isArray(branch.node.enum) && !branch.node.enum.includes(value) ? -10 : 0;
  let score = 0;
  const properties = isObject(branch.node.properties) ? branch.node.properties : {};
  for (const [name, field] of Object.entries(value)) {
    if (!Object.hasOwn(properties, name)) continue;
    score += 1;
    const property = schemas.place(`${branch.pointer}/properties/${pointerToken(name)}`);
    if (property && "const" in property.node && property.node.const !== field) score -= 100;
  }
  const required = Array.isArray(branch.node.required) ? branch.node.required : [];
  score -= 10 * required.filter((name) => !Object.hasOwn(value, String(name))).length;
  return score;
}

/** The types a schema names (`type: ["string", "null"]` → both). */
export function schemaTypes(node: Loose): string[] {
  if (typeof node.type === "string") return [node.type];
  return Array.isArray(node.type) ? (node.type as string[]) : [];
}

/** The JSON type of a value as a schema names it (`integer` for whole numbers and bigints). */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "bigint") return "integer";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value === "object" ? "object" : typeof value;
}

/** A JSON type in words: `a string`, `an integer`, `null`. */
export function typeInWords(type: string): string {
  return type === "null" ? "null" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}

function typeMatches(type: string, value: unknown): boolean {
  const actual = jsonType(value);
  return type === actual || (type === "number" && actual === "integer");
}

export function isObject(value: unknown): value is Loose {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
