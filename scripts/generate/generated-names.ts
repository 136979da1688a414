import { pascalCase } from "./names.js";
import { sourceLiteral } from "./source-text.js";

/** The names of the types generated for one operation or method, shared by every emitter. */
export interface OperationTypeNames {
  pathParams: string;
  query: string;
  headers: string;
  cookies: string;
  body: string;
  /** The success body (REST). */
  response: string;
  /** The params tuple (RPC). */
  params: string;
  /** The result (RPC). */
  result: string;
}

/** `getNode` → `GetNodePathParams`, `GetNodeQuery`, `GetNodeBody`, `GetNodeResponse`… */
export function operationTypeNames(id: string): OperationTypeNames {
  const base = pascalCase(id);
  return {
    pathParams: `${base}PathParams`,
    query: `${base}Query`,
    headers: `${base}Headers`,
    cookies: `${base}Cookies`,
    body: `${base}Body`,
    response: `${base}Response`,
    params: `${base}Params`,
    result: `${base}Result`,
  };
}

/** Where an operation's validators module is, relative to its surface's folder: `validators/getNode.js`. */
export function validatorsModulePath(name: string, extension: ".js" | ".d.ts" = ".js"): string {
  return `validators/${name}${extension}`;
}

/**
 * Where a chunk of checks several operations share is, relative to its surface's folder:
 * `validators/components/Block.js` (see `validator-chunks.ts`).
 */
export function validatorsChunkPath(name: string): string {
  return `validators/components/${name}.js`;
}

/**
 * The `validators` loader of a descriptor: its own module, or its part of the surface's shared one
 * (`shared-validators.ts`).
 */
export function validatorsLoader(name: string, shared: boolean): string {
  return shared
    ? `() => import("./validators/shared.js").then((module) => module.${name})`
    : `() => import(${sourceLiteral(`./${validatorsModulePath(name)}`)})`;
}
