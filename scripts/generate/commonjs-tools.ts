import { createRequire } from "node:module";

// The generator's CommonJS tools, loaded with `require`. An ESM `import` of a CommonJS file makes
// Node scan its whole source for export names first; for TypeScript's 9 MB compiler, which
// openapi-typescript's ESM build imports, that scan alone was ~0.4 s of every run. Loaded through
// `require` (openapi-typescript's CommonJS build), nothing is scanned.
const require = createRequire(import.meta.url);

/** The TypeScript compiler API (its factory builds the generated type nodes). */
export const ts: typeof import("typescript") = require("typescript");

/** openapi-typescript: OpenAPI 3.x schemas to TypeScript declarations. */
export const { default: openapiTS, astToString }: typeof import("openapi-typescript") =
  require("openapi-typescript");

/** ts-morph, which writes the JSON-RPC surfaces' types from structures. */
export const { IndentationText, Project, StructureKind }: typeof import("ts-morph") = require("ts-morph");
