import { readFileSync } from "node:fs";
import { validatorsFileOf } from "../../scripts/generate/generated-names.js";
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
  const path = validatorsFileOf(operations, operation);
  if (path === undefined) throw new Error(`generated/${surface}/operations.ts has no loader of ${operation}`);
  return `generated/${surface}/${path}`;
}
