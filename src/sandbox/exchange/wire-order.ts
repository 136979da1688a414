/**
 * The service hashes its own parse of an action, not the JSON text: keys are put back in the order
 * its schema lists them, whatever order the client sent. The sandbox does the same, reading that
 * order from the bundled exchange spec (apart from the client's code, so one catches the other).
 */
import { type JsonSchema, loadBundledSpec } from "../validation.js";

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema branches that list properties, the schema itself first. */
function branches(schema: JsonSchema): JsonSchema[] {
  return [
    schema,
    ...[...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])].flatMap(branches),
  ];
}

/** The properties that describe `value`: of the first branch whose properties hold every key of it. */
function propertiesFor(schema: JsonSchema, value: Plain): Record<string, JsonSchema> | undefined {
  const keys = Object.keys(value).filter((key) => value[key] !== undefined);
  for (const branch of branches(schema)) {
    const properties = branch.properties as Record<string, JsonSchema> | undefined;
    if (properties && keys.every((key) => Object.hasOwn(properties, key))) return properties;
  }
  return undefined;
}

function reorder(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema) return value;
  if (Array.isArray(value)) {
    const items = branches(schema).find((branch) => branch.items)?.items;
    return value.map((item) => reorder(item, items));
  }
  if (!isPlain(value)) return value;
  const properties = propertiesFor(schema, value);
  if (!properties) return value;
  const ordered: Plain = {};
  for (const [key, inner] of Object.entries(properties)) {
    if (value[key] !== undefined) ordered[key] = reorder(value[key], inner);
  }
  return ordered;
}

const actionSchemas = new Map<string, JsonSchema | undefined>();

function actionSchema(type: string): JsonSchema | undefined {
  if (!actionSchemas.has(type)) {
    const spec = loadBundledSpec("exchange") as { paths?: Record<string, Plain> };
    const operation = spec.paths?.[`/exchange#${type}`]?.post as Plain | undefined;
    const body = (operation?.requestBody as Plain | undefined)?.content as Plain | undefined;
    const schema = ((body?.["application/json"] as Plain | undefined)?.schema ?? {}) as JsonSchema;
    actionSchemas.set(type, (schema.properties as Record<string, JsonSchema> | undefined)?.action);
  }
  return actionSchemas.get(type);
}

/**
 * An action with its keys in the order its schema lists them, the order the service hashes.
 *
 * @param action - The action as parsed from the request.
 * @returns A reordered copy (values untouched), or the action itself for a type the spec lacks.
 * @example
 * actionInWireOrder({ grouping: "na", orders: [], type: "order" }); // { type, orders, grouping }
 */
export function actionInWireOrder(action: unknown): unknown {
  if (!isPlain(action) || typeof action.type !== "string") return action;
  return reorder(action, actionSchema(action.type));
}
