import { isObject, type Json } from "./json.js";
import { SpecError } from "./spec-error.js";

/** What kind of spec a document is, read from its version field. */
export type SpecKind = "openapi" | "openrpc";

/**
 * Tells an OpenAPI document (Swagger 2.0, OpenAPI 3.0, 3.1 or 3.2) from an OpenRPC 1.x one by its
 * version field, and refuses anything else (Swagger 1.x, OpenAPI 4, a YAML file that is no spec)
 * saying what to do.
 *
 * @param file - Spec file name for error messages.
 * @param doc - The parsed document.
 * @throws {SpecError} When the document is neither.
 */
export function specKind(file: string, doc: Json): SpecKind {
  if (!isObject(doc)) throw new SpecError(file, "", "the spec must be a YAML or JSON mapping");
  if (doc.swagger !== undefined) {
    if (doc.swagger === "2.0") return "openapi";
    throw new SpecError(
      file,
      "/swagger",
      `Swagger ${JSON.stringify(doc.swagger)} is not supported; write swagger: "2.0" (a string) or use OpenAPI 3`,
    );
  }
  if (typeof doc.openapi === "string") {
    // A version without its patch number ("3.0", as some published specs write it) is read as 3.x.0.
    if (/^3\.[012](\.\d+|$)/.test(doc.openapi)) return "openapi";
    throw new SpecError(
      file,
      "/openapi",
      `OpenAPI ${doc.openapi} is not supported; write openapi: 3.0.x, 3.1.x or 3.2.x`,
    );
  }
  if (typeof doc.openrpc === "string") {
    if (/^1\.\d+\.\d+/.test(doc.openrpc)) return "openrpc";
    throw new SpecError(file, "/openrpc", `OpenRPC ${doc.openrpc} is not supported; write openrpc: 1.x.y`);
  }
  throw new SpecError(
    file,
    "",
    "not an OpenAPI or OpenRPC document: it has no openapi or openrpc version field",
  );
}
