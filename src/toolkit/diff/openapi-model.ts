import { isObject, type Json, type JsonObject } from "../../../scripts/generate/json.js";
import { childPointer } from "../../../scripts/generate/json-pointer.js";
import type { SchemaReader } from "./schema-reader.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];

/** A node of the document and where it is (after following `$ref`s). */
export interface Placed<T = JsonObject> {
  node: T;
  pointer: string;
}

/** One parameter of an operation, path-level ones included. */
export interface ParameterModel extends Placed {
  name: string;
  in: string;
  required: boolean;
  schema: Placed<Json | undefined>;
}

/** One operation, matched across versions by method and path template (`{id}` and `{petId}` alike). */
export interface OperationModel extends Placed {
  /** `GET /pets/{}`: what matches across versions. */
  key: string;
  /** `GET /pets/{petId}`: how reports name it. */
  label: string;
  /** Path parameters keyed by position (`path:#0`), the others by location and name (`query:limit`). */
  parameters: Map<string, ParameterModel>;
  /** The security requirements that apply: the operation's own, or the document's. */
  security: Placed<Json | undefined>;
}

/** Every operation of an OpenAPI document (3.1 after the loader's upgrade), by key. */
export function readOperations(reader: SchemaReader): Map<string, OperationModel> {
  const doc = reader.doc;
  const operations = new Map<string, OperationModel>();
  const paths = isObject(doc) && isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = placed(reader, rawItem, childPointer("/paths", path));
    if (item === undefined) continue;
    for (const method of METHODS) {
      const operation = item.node[method];
      if (!isObject(operation)) continue;
      const pointer = childPointer(item.pointer, method);
      const label = `${method.toUpperCase()} ${path}`;
      const key = `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}")}`;
      operations.set(key, {
        node: operation,
        pointer,
        key,
        label,
        parameters: readParameters(reader, path, item, { node: operation, pointer }),
        security:
          operation.security !== undefined
            ? { node: operation.security, pointer: childPointer(pointer, "security") }
            : { node: isObject(doc) ? doc.security : undefined, pointer: "/security" },
      });
    }
  }
  return operations;
}

function readParameters(
  reader: SchemaReader,
  path: string,
  item: Placed,
  operation: Placed,
): Map<string, ParameterModel> {
  const byKey = new Map<string, ParameterModel>();
  const slots = [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
  for (const owner of [item, operation]) {
    const list = owner.node.parameters;
    if (!Array.isArray(list)) continue;
    list.forEach((raw, index) => {
      const found = placed(reader, raw, childPointer(owner.pointer, "parameters", index));
      if (found === undefined || typeof found.node.name !== "string" || typeof found.node.in !== "string")
        return;
      const { node, pointer } = found;
      const name = node.name as string;
      const location = node.in as string;
      const key =
        location === "path"
          ? `path:#${slots.indexOf(name)}`
          : `${location}:${location === "header" ? name.toLowerCase() : name}`;
      byKey.set(key, {
        node,
        pointer,
        name,
        in: location,
        required: node.required === true,
        schema: parameterSchema(node, pointer),
      });
    });
  }
  return byKey;
}

/** A parameter's schema: its own, or its one `content` entry's. */
function parameterSchema(node: JsonObject, pointer: string): Placed<Json | undefined> {
  if (node.schema !== undefined) return { node: node.schema, pointer: childPointer(pointer, "schema") };
  if (isObject(node.content)) {
    const [media] = Object.keys(node.content);
    const entry = media === undefined ? undefined : node.content[media];
    if (media !== undefined && isObject(entry)) {
      return { node: entry.schema, pointer: childPointer(pointer, "content", media, "schema") };
    }
  }
  return { node: undefined, pointer };
}

/** An object of the document behind any `$ref`s, or `undefined` when it is no object. */
export function placed(reader: SchemaReader, node: Json | undefined, pointer: string): Placed | undefined {
  const found = reader.deref(node, pointer);
  return isObject(found.node) ? { node: found.node, pointer: found.pointer } : undefined;
}

/** The entries of a map-valued key (`content`, `headers`, `responses`), each behind its `$ref`s. */
export function entries(reader: SchemaReader, owner: Placed, key: string): Map<string, Placed> {
  const map = new Map<string, Placed>();
  const value = owner.node[key];
  if (!isObject(value)) return map;
  for (const [name, raw] of Object.entries(value)) {
    const found = placed(reader, raw, childPointer(owner.pointer, key, name));
    if (found !== undefined) map.set(name, found);
  }
  return map;
}
