import { componentTypeNames } from "./component-type-names.js";
import { collidesWithGeneratedCode, operationTypeNames } from "./generated-names.js";
import { isObject, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { HTTP_METHODS } from "./openapi-model.js";

/** A name usable as it is: a JavaScript identifier. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An operation or method whose identifier the generator made up, and why. */
export interface SynthesisedId {
  pointer: string;
  id: string;
  /** The spec's own name, when it had one that could not be used as it is. */
  original?: string;
}

/** One operation or method to name: where it is, the spec's own name, and words to name it by without one. */
export interface NamingSite {
  pointer: string;
  original?: string;
  fallback: string;
}

/**
 * The identifier rule shared by OpenAPI operations and OpenRPC methods (documented in
 * `scripts/generate/README.md`, "Identifiers"):
 * - a name that is an identifier is kept;
 * - one that is not is camel-cased from its words: `get-stations` → `getStations`,
 *   `enterprise-admin/list` → `enterpriseAdminList`, `blob.Get` → `blobGet`;
 * - a missing one is made from `fallback` (an operation's method and path: `GET /pets/{petId}/photos`
 *   → `getPetsByPetIdPhotos`);
 * - a reserved word or a name the generated code declares itself gets a `_`: `delete` → `delete_`
 *   (`generated-names.ts`, `collidesWithGeneratedCode`);
 * - a clash with an earlier one, with a name the spec wrote, or an id whose generated type names
 *   (`<Id>Response`, `<Id>Params`, …) would clash with a component schema's, gets a number: `getPets2`;
 *   ids clash when their type names do (`x_post` and a later `xPost`, or `getPets` and `GetPets`).
 * Sites are named in order, so the ids are stable while the spec's order is.
 *
 * @param sites - What to name, in document order.
 * @param componentSchemas - The spec's component schema names.
 * @returns One identifier per site, in order.
 */
export function synthesiseIds(
  sites: readonly NamingSite[],
  componentSchemas: readonly string[],
): { ids: string[]; synthesised: SynthesisedId[] } {
  const componentTypes = new Set(componentTypeNames(componentSchemas).values());
  // Two ids clash when their generated type names do (`x_post` and `xPost` both make `XPostResponse`),
  // so names are compared by the base of those type names.
  const typeBase = (id: string) => operationTypeNames(id).params;
  // Usable names the spec wrote keep their names: collect them first so a made-up one never takes them.
  const spec = new Set(
    sites.flatMap((site) =>
      site.original !== undefined &&
      IDENTIFIER.test(site.original) &&
      !collidesWithGeneratedCode(site.original)
        ? [typeBase(site.original)]
        : [],
    ),
  );
  const taken = new Set<string>();
  const ids: string[] = [];
  const synthesised: SynthesisedId[] = [];
  for (const { pointer, original, fallback } of sites) {
    const usable =
      original !== undefined &&
      IDENTIFIER.test(original) &&
      !collidesWithGeneratedCode(original) &&
      !taken.has(typeBase(original)) &&
      !clashesWithComponents(original, componentTypes);
    let id = usable ? original : fromWords(original ?? fallback);
    if (!usable) {
      // `delete` → `delete_`, `validate1` → `validate1_`: the name stays recognisable.
      if (collidesWithGeneratedCode(id)) id = `${id}_`;
      let candidate = id;
      for (
        let n = 2;
        taken.has(typeBase(candidate)) ||
        spec.has(typeBase(candidate)) ||
        clashesWithComponents(candidate, componentTypes);
        n++
      ) {
        candidate = `${id}${n}`;
      }
      id = candidate;
      synthesised.push({ pointer, id, ...(original !== undefined && { original }) });
    }
    taken.add(typeBase(id));
    ids.push(id);
  }
  return { ids, synthesised };
}

/**
 * Gives every operation an identifier usable as a function name ({@link synthesiseIds}), writing it
 * into the document's `operationId` (so every later step, openapi-typescript included, reads the same one).
 *
 * @param doc - An OpenAPI document (modified in place).
 * @returns The ids that differ from the spec's.
 */
export function assignOperationIds(doc: JsonObject): SynthesisedId[] {
  const operations: { operation: JsonObject; site: NamingSite }[] = [];
  forEachOperation(isObject(doc.paths) ? doc.paths : {}, (operation, method, path, pointer) => {
    const original = typeof operation.operationId === "string" ? operation.operationId : undefined;
    operations.push({
      operation,
      site: {
        pointer,
        fallback: `${method} ${pathWords(path)}`,
        ...(original !== undefined && { original }),
      },
    });
  });
  const { ids, synthesised } = synthesiseIds(
    operations.map((entry) => entry.site),
    componentSchemaNames(doc),
  );
  operations.forEach((entry, index) => {
    entry.operation.operationId = ids[index] ?? "";
  });
  return synthesised;
}

/** The names under `components.schemas` (OpenAPI and OpenRPC alike). */
export function componentSchemaNames(doc: JsonObject): string[] {
  return isObject(doc.components) && isObject(doc.components.schemas)
    ? Object.keys(doc.components.schemas)
    : [];
}

/** Calls `visit` for every operation object, in document order. */
function forEachOperation(
  paths: JsonObject,
  visit: (operation: JsonObject, method: string, path: string, pointer: string) => void,
): void {
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of [...HTTP_METHODS, "query"]) {
      const operation = item[method];
      if (isObject(operation) && typeof operation.$ref !== "string") {
        visit(operation, method, path, childPointer("/paths", path, method));
      }
    }
    // OpenAPI 3.2's other methods, by the name they are sent with (`LINK`, `COPY`).
    const additional = isObject(item.additionalOperations) ? item.additionalOperations : {};
    for (const [method, operation] of Object.entries(additional)) {
      if (isObject(operation) && typeof operation.$ref !== "string") {
        visit(
          operation,
          method.toLowerCase(),
          path,
          childPointer("/paths", path, "additionalOperations", method),
        );
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
