import { selectResponse } from "../../runtime/http/select-response.js";
import { pointerToken } from "../../runtime/json/json-pointer.js";
import type { RestOperationValidators } from "../../runtime/operation.js";
import { loadedValidators } from "../../runtime/validation/load-validators.js";
import { tokensOf } from "./check-value.js";
import { inferSchema, sampleValue } from "./infer-schema.js";
import type { DriftSpec } from "./load-drift-spec.js";
import {
  isObject,
  jsonType,
  type OperationPlace,
  type SchemaPlace,
  type SpecSchemas,
  schemaTypes,
  typeInWords,
} from "./spec-schemas.js";

/** One operation of an RFC 6902 JSON Patch against the spec document. */
export type PatchOperation =
  | { op: "add" | "replace"; path: string; value: unknown }
  | { op: "remove"; path: string };

/** A change to the spec that would make it describe what the service does. */
export interface SuggestedChange {
  /** The change in words. */
  words: string;
  /** The change as a JSON Patch against the spec document as the generator's loader reads it (`$ref`s kept); empty when it needs a person. */
  patch: PatchOperation[];
}

/** What a suggestion is worked out from: a group of records about one place. */
export interface DriftGroupKey {
  operation: string;
  direction: "request" | "response";
  /** The pointer, array indexes as `*`. */
  pointer: string;
  rule: string;
  status?: number;
  /** The distinct samples seen. */
  samples: readonly string[];
}

/** Schema keywords that bound values: a value outside is fixed by loosening the bound. */
const BOUNDS = new Set([
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "multipleOf",
  "minProperties",
  "maxProperties",
  "const",
]);

/**
 * Suggests the spec change that makes a group of records go away: a field sometimes `null` gets
 * `"null"` in its type, an unknown enum value is added, a new property is added (optional, with the
 * type it was seen with), a changed type is widened, a sometimes-missing field leaves `required`, an
 * undocumented status or error shape becomes a response, an undocumented JSON-RPC error code joins
 * the method's errors.
 *
 * @param group - The records' operation, direction, pointer, rule and samples.
 * @param spec - The spec they were checked against.
 * @returns The change in words and as a JSON Patch.
 */
export function suggestChange(group: DriftGroupKey, spec: DriftSpec): SuggestedChange {
  const { schemas } = spec;
  const operation = operationPlace(group.operation, spec);
  const at = operation && schemas.operationPointer(operation);
  const tokens = tokensOf(group.pointer).map((token) => (token === "*" ? "0" : token));
  const values = group.samples.map(sampleValue);
  const first = values[0];
  const shown = group.pointer || "the body";
  const statusKey =
    operation && group.status !== undefined ? responseKey(spec, group.operation, group.status) : undefined;
  const root = operation && schemas.root(operation, group.direction, tokens, statusKey);
  const rest = root ? tokens.slice(root.used) : [];
  const leaf = root && schemas.descend(root.place, rest, undefined);
  const parent = root && schemas.descend(root.place, rest.slice(0, -1), undefined);
  const name = rest.at(-1) ?? "";

  switch (group.rule) {
    case "type": {
      const types = [...new Set(values.map((value) => jsonType(value)))];
      const words =
        types.length === 1 && types[0] === "null"
          ? `${shown} is sometimes null: add "null" to its type`
          : `${shown} is sometimes ${types.map(typeInWords).join(" or ")}: widen its type to allow ${types.join(" and ")}`;
      return { words, patch: leaf ? widenType(leaf, types) : [] };
    }
    case "enum":
    case "undocumented-enum-value": {
      const listing = leaf && enumPlace(schemas, leaf);
      const fresh = [...new Set(values.map((value) => JSON.stringify(value)))];
      return {
        words: `${shown} takes ${fresh.join(", ")}, which the spec does not list: add ${fresh.length > 1 ? "them" : "it"} to the enum`,
        patch: listing
          ? fresh.map((value) => ({
              op: "add" as const,
              path: `${listing}/enum/-`,
              value: JSON.parse(value),
            }))
          : [],
      };
    }
    case "required": {
      const holder = parent && requiredHolder(schemas, parent, name);
      return {
        words: `${name} is sometimes missing: remove it from required`,
        patch: holder ? [{ op: "remove", path: holder }] : [],
      };
    }
    case "additionalProperties":
    case "unevaluatedProperties":
    case "undocumented-property": {
      const schema = inferSchema(first);
      const properties = parent && isObject(parent.node.properties);
      return {
        words: `the service sends ${name} (${typeInWords(jsonType(first))}): add it to the spec's properties, optional`,
        patch: parent
          ? [
              properties
                ? { op: "add", path: `${parent.pointer}/properties/${pointerToken(name)}`, value: schema }
                : { op: "add", path: `${parent.pointer}/properties`, value: { [name]: schema } },
            ]
          : [],
      };
    }
    case "undocumented-status":
    case "undocumented-error-shape": {
      const status = String(group.status ?? "default");
      const schema = inferSchema(first);
      if (group.rule === "undocumented-error-shape" && root && statusKey !== undefined) {
        return {
          words: `the ${status} answer comes in another shape too: add it as an alternative (anyOf) of the answer's schema`,
          patch: addAlternative(root.place, schema),
        };
      }
      const response = {
        description: `Seen from the live service (${status}).`,
        ...(first !== undefined && { content: { "application/json": { schema } } }),
      };
      return {
        words: `the service answers ${status}, which the spec does not list for ${group.operation}: add a ${status} response`,
        patch: at ? [{ op: "add", path: `${at}/responses/${pointerToken(status)}`, value: response }] : [],
      };
    }
    case "undocumented-error-code": {
      const error = isObject(first) ? first : {};
      return {
        words: `${group.operation} answers the error ${String(error.code)}: add it to the method's errors`,
        patch: at
          ? [
              {
                op: "add",
                path: `${at}/errors${schemas.get(`${at}/errors`) ? "/-" : ""}`,
                value: schemas.get(`${at}/errors`)
                  ? { code: error.code, message: error.message }
                  : [{ code: error.code, message: error.message }],
              },
            ]
          : [],
      };
    }
    case "undocumented-operation":
      return {
        words: `${group.operation} is not in the spec: add the operation, or check the proxy's --target`,
        patch: [],
      };
    case "unknown-method":
      return {
        words: `${group.operation} is not in the spec: add the method, or check the client`,
        patch: [],
      };
    default:
      if (BOUNDS.has(group.rule) && leaf && group.rule in leaf.node) {
        return {
          words: `${shown} is sent outside its "${group.rule}" (${group.samples.slice(0, 3).join(", ")}): loosen or drop it`,
          patch: [{ op: "remove", path: `${leaf.pointer}/${group.rule}` }],
        };
      }
      return { words: `${shown}: check the spec's schema here against what the service sends`, patch: [] };
  }
}

/** The operation of a record, by operationId (REST) or method name (JSON-RPC). */
function operationPlace(name: string, spec: DriftSpec): OperationPlace | undefined {
  if (spec.kind === "openrpc") return Object.hasOwn(spec.methods, name) ? { kind: "rpc", name } : undefined;
  const operation = Object.hasOwn(spec.operations, name) ? spec.operations[name] : undefined;
  return operation && { kind: "rest", path: operation.path, method: operation.method };
}

function responseKey(spec: DriftSpec, name: string, status: number): string | undefined {
  if (spec.kind !== "openapi" || !Object.hasOwn(spec.operations, name)) return undefined;
  const validators = loadedValidators(spec.operations[name] as never) as RestOperationValidators | undefined;
  return validators && selectResponse(validators.responses, status);
}

/** Widens a schema's type: `type: string` → `[string, null]`; a `$ref` or a union gets another branch. */
function widenType(
  place: SchemaPlace,
  types: readonly string[],
): { op: "add" | "replace"; path: string; value: unknown }[] {
  const { node, pointer, site } = place;
  const own = schemaTypes(node);
  const added = types.filter((type) => !own.includes(type));
  if (site !== pointer)
    return [
      {
        op: "replace",
        path: site,
        value: { anyOf: [{ $ref: `#${pointer}` }, ...added.map((type) => ({ type }))] },
      },
    ];
  if (typeof node.type === "string")
    return [{ op: "replace", path: `${pointer}/type`, value: [node.type, ...added] }];
  if (Array.isArray(node.type))
    return added.map((type) => ({ op: "add", path: `${pointer}/type/-`, value: type }));
  for (const keyword of ["anyOf", "oneOf"]) {
    if (Array.isArray(node[keyword]))
      return added.map((type) => ({ op: "add", path: `${pointer}/${keyword}/-`, value: { type } }));
  }
  return [{ op: "replace", path: pointer, value: { anyOf: [node, ...added.map((type) => ({ type }))] } }];
}

/** Where the enum of a schema is written: the schema's own, or the listing branch of an open enum. */
function enumPlace(schemas: SpecSchemas, place: SchemaPlace): string | undefined {
  if (Array.isArray(place.node.enum)) return place.pointer;
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const branches = place.node[keyword];
    if (!Array.isArray(branches)) continue;
    for (let index = 0; index < branches.length; index++) {
      const branch = schemas.place(`${place.pointer}/${keyword}/${index}`);
      const found = branch && enumPlace(schemas, branch);
      if (found) return found;
    }
  }
  return undefined;
}

/** The pointer of `name` in the `required` list that makes it required: the object's own, or an `allOf` part's. */
function requiredHolder(
  schemas: SpecSchemas,
  place: SchemaPlace,
  name: string,
  depth = 0,
): string | undefined {
  const required = place.node.required;
  if (Array.isArray(required) && required.includes(name))
    return `${place.pointer}/required/${required.indexOf(name)}`;
  if (depth > 8) return undefined;
  for (const keyword of ["allOf", "oneOf", "anyOf"]) {
    const branches = place.node[keyword];
    if (!Array.isArray(branches)) continue;
    for (let index = 0; index < branches.length; index++) {
      const branch = schemas.place(`${place.pointer}/${keyword}/${index}`);
      const found = branch && requiredHolder(schemas, branch, name, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Adds a shape as another branch of an answer's schema. */
function addAlternative(
  place: SchemaPlace,
  schema: Record<string, unknown>,
): { op: "add" | "replace"; path: string; value: unknown }[] {
  if (place.site === place.pointer && Array.isArray(place.node.anyOf)) {
    return [{ op: "add", path: `${place.pointer}/anyOf/-`, value: schema }];
  }
  const original = place.site === place.pointer ? place.node : { $ref: `#${place.pointer}` };
  return [{ op: "replace", path: place.site, value: { anyOf: [original, schema] } }];
}
