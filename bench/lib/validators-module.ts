import { readFileSync } from "node:fs";
import { ROOT } from "./fixtures.js";

/**
 * The repository-relative file of the module that packs an operation's validators
 * (`generated/evm/validators/blocks.js`), as its descriptor's loader in the surface's generated
 * `operations.ts` names it: the packs are named and filled by the generator, not by hand.
 *
 * @param surface - The surface's folder under `generated/`.
 * @param operation - The operationId or method identifier.
 */
export function validatorsModule(surface: string, operation: string): string {
  const operations = readFileSync(`${ROOT}generated/${surface}/operations.ts`, "utf8");
  const loader = new RegExp(
    `import\\("\\./(validators/[^"]+)"\\)\\.then\\(\\(module\\) => module\\.${operation}\\)`,
  );
  const path = loader.exec(operations)?.[1];
  if (path === undefined) throw new Error(`generated/${surface}/operations.ts has no loader of ${operation}`);
  return `generated/${surface}/${path}`;
}
