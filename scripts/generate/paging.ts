import { isObject, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import type { ParameterModel } from "./openapi-model.js";
import { SpecError } from "./spec-error.js";

/** The spec extension that marks a paged list operation. */
const PAGING_EXTENSION = "x-paging";

/** How a list operation pages by `limit` and `offset`, as its `x-paging` and its `limit` parameter say. */
export interface OffsetPagingModel {
  /** The property of the answer that holds the page's items, e.g. `transactions`. */
  items: string;
  /** The item properties that together identify an item, used to drop repeats across pages. */
  key: string[];
  /** The largest `limit` the service takes (the `limit` parameter's `maximum`). */
  maxLimit: number;
}

/** How a list operation pages by page number (`page`, answers with `next`), as its `x-paging` says. */
export interface PageNumberPagingModel {
  mode: "page";
  /** The property of the answer that holds the page's items, e.g. `results`. */
  items: string;
  /** The item properties that together identify an item, used to drop repeats across pages. */
  key: string[];
}

/** How a list operation pages. */
export type PagingModel = OffsetPagingModel | PageNumberPagingModel;

/** The modes `x-paging` names; `offset` is the default and is left out of descriptors. */
const MODES = ["offset", "page"];

/**
 * Reads `x-paging: { mode?, items, key }` of an operation. In the default mode (`offset`) the
 * operation must have integer `limit` (with a `maximum`) and `offset` query parameters, which the
 * pager fills in; in `page` mode an integer `page` query parameter, and the answer a `next` link.
 *
 * @param file - Spec file name for error messages.
 * @param op - The operation object.
 * @param pointer - Where the operation is written.
 * @param queryParams - The operation's query parameters.
 * @returns The paging facts, or undefined when the operation has no `x-paging`.
 * @throws {SpecError} When the extension is malformed or the paging parameters are missing.
 */
export function readPaging(
  file: string,
  op: JsonObject,
  pointer: string,
  queryParams: readonly ParameterModel[],
): PagingModel | undefined {
  const paging = op[PAGING_EXTENSION];
  if (paging === undefined) return undefined;
  const at = childPointer(pointer, PAGING_EXTENSION);
  if (!isObject(paging) || Object.keys(paging).some((key) => !["mode", "items", "key"].includes(key))) {
    throw new SpecError(
      file,
      at,
      "must be an object with items (a property name), key (property names) and optionally mode",
    );
  }
  const { mode = "offset", items, key } = paging;
  if (typeof mode !== "string" || !MODES.includes(mode)) {
    throw new SpecError(file, childPointer(at, "mode"), `must be one of ${MODES.join(", ")}`);
  }
  if (typeof items !== "string" || items === "") {
    throw new SpecError(file, childPointer(at, "items"), "must name the answer's list property");
  }
  if (
    !Array.isArray(key) ||
    key.length === 0 ||
    key.some((name) => typeof name !== "string" || name === "")
  ) {
    throw new SpecError(file, childPointer(at, "key"), "must list the item properties that identify an item");
  }
  if (mode === "page") {
    const page = queryParams.find((param) => param.name === "page");
    if (!isObject(page?.schema) || page.schema.type !== "integer") {
      throw new SpecError(file, at, "a list paged by number needs an integer page query parameter");
    }
    return { mode, items, key: key as string[] };
  }
  const limit = queryParams.find((param) => param.name === "limit");
  const maxLimit = isObject(limit?.schema) ? limit.schema.maximum : undefined;
  if (typeof maxLimit !== "number" || !Number.isInteger(maxLimit) || maxLimit < 1) {
    throw new SpecError(file, at, "a paged operation needs a limit query parameter with an integer maximum");
  }
  if (!queryParams.some((param) => param.name === "offset")) {
    throw new SpecError(file, at, "a paged operation needs an offset query parameter");
  }
  return { items, key: key as string[], maxLimit };
}
