import { isObject, type Json } from "./json.js";
import { SpecError } from "./spec-error.js";

/** What kind of spec a document is, read from its version field. */
export type SpecKind = "openapi" | "openrpc";

/**
 * Tells an OpenAPI 3.0/3.1 document from an OpenRPC 1.x one by its version field, and refuses
 * anything else (Swagger 2.0, OpenAPI 3.2, a YAML file that is no spec) saying what to do.
 *
 * @param file - Spec file name for error messages.
 * @param doc - The parsed document.
 * @throws {SpecError} When the document is neither.
 */
export function specKind(file: string, doc: Json): SpecKind {
  if (!isObject(doc)) throw new SpecError(file, "", "the spec must be a YAML or JSON mapping");
  if (doc.swagger !== undefined) {
    throw new SpecError(
      file,
      "/swagger",
      `Swagger ${JSON.stringify(doc.swagger)} is not OpenAPI 3; convert it first (for example with swagger2openapi) and generate from the result`,
    );
  }
  if (typeof doc.openapi === "string") {
    // A version without its patch number ("3.0", as some published specs write it) is read as 3.0.x.
    if (/^3\.[01](\.\d+|$)/.test(doc.openapi)) return "openapi";
    throw new SpecError(
      file,
      "/openapi",
      `OpenAPI ${doc.openapi} is not supported; write openapi: 3.0.x or 3.1.x`,
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
