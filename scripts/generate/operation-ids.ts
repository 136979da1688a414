import { operationTypeNames } from "./generated-names.js";
import { isObject, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { typeName } from "./names.js";
import { HTTP_METHODS } from "./openapi-model.js";

/** An operationId usable as it is: a JavaScript identifier. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An operation whose identifier the generator made up, and why. */
export interface SynthesisedId {
  pointer: string;
  id: string;
  /** The spec's own operationId, when it had one that could not be used as it is. */
  original?: string;
}

/**
 * Gives every operation an identifier usable as a function name, writing it into the document's
 * `operationId` (so every later step, openapi-typescript included, reads the same one):
 * - an operationId that is an identifier is kept;
 * - one that is not is camel-cased from its words: `get-stations` → `getStations`,
 *   `enterprise-admin/list` → `enterpriseAdminList`;
 * - a missing one is made from the method and the path: `GET /pets/{petId}/photos` →
 *   `getPetsByPetIdPhotos`;
 * - a clash with an earlier operation, or an id whose generated type names (`<Id>Response`, …)
 *   would clash with a component schema's, gets a number: `getPets2`.
 * Ids are assigned in document order, so they are stable while the spec's order is.
 *
 * @param doc - An OpenAPI document (modified in place).
 * @returns The ids that differ from the spec's.
 */
export function assignOperationIds(doc: JsonObject): SynthesisedId[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const components =
    isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const componentTypes = new Set(Object.keys(components).map(typeName));
  const taken = new Set<string>();
  const spec = new Set<string>();
  // Usable ids the spec wrote keep their names: collect them first so a made-up one never takes them.
  forEachOperation(paths, (operation) => {
    if (typeof operation.operationId === "string" && IDENTIFIER.test(operation.operationId))
      spec.add(operation.operationId);
  });
  const synthesised: SynthesisedId[] = [];
  forEachOperation(paths, (operation, method, path, pointer) => {
    const original = typeof operation.operationId === "string" ? operation.operationId : undefined;
    const usable =
      original !== undefined &&
      IDENTIFIER.test(original) &&
      !taken.has(original) &&
      !clashesWithComponents(original, componentTypes);
    let id = usable ? original : fromWords(original ?? `${method} ${pathWords(path)}`);
    if (!usable) {
      let candidate = id;
      for (
        let n = 2;
        taken.has(candidate) || spec.has(candidate) || clashesWithComponents(candidate, componentTypes);
        n++
      ) {
        candidate = `${id}${n}`;
      }
      id = candidate;
      synthesised.push({ pointer, id, ...(original !== undefined && { original }) });
      operation.operationId = id;
    }
    taken.add(id);
  });
  return synthesised;
}

/** Calls `visit` for every operation object, in document order. */
function forEachOperation(
  paths: JsonObject,
  visit: (operation: JsonObject, method: string, path: string, pointer: string) => void,
): void {
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isObject(operation) && typeof operation.$ref !== "string") {
        visit(operation, method, path, childPointer("/paths", path, method));
      }
    }
  }
}

/** `/pets/{petId}/photos` → `pets by petId photos`. */
function pathWords(path: string): string {
  return path.replace(/\{([^}]+)\}/g, " by $1 ");
}

/** camelCase of the words of `text`: `get-stations` → `getStations`; never starts with a digit. */
function fromWords(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words
    .map(
      (word, index) =>
        (index === 0 ? word.charAt(0).toLowerCase() : word.charAt(0).toUpperCase()) + word.slice(1),
    )
    .join("");
  if (joined === "") return "operation";
  return /^[0-9]/.test(joined) ? `op${joined}` : joined;
}

function clashesWithComponents(id: string, componentTypes: ReadonlySet<string>): boolean {
  const names = operationTypeNames(id) as unknown as Record<string, string>;
  return Object.values(names).some((name) => componentTypes.has(name));
}
