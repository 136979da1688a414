/**
 * Which generated validator module checks each operation, read from the `operations.ts` the generator
 * wrote (its descriptors name the module they load), so the portal's try-it loads exactly the module
 * a client loads, under the name the generator gave it (made-up and renamed ids included).
 */

import { descriptorValidators } from "../generate/generated-names.js";

/** Where an operation's validators are: a module under `validators/`, and the export holding them when the module is shared. */
export interface ValidatorModule {
  /** The module's name, without `.js`. */
  module: string;
  /** The export of a module shared by every operation (`chainkit generate`'s one module per spec). */
  exportName?: string;
}

/**
 * The validator module of each operation or method.
 *
 * @param operationsTs - The generated `operations.ts`.
 * @returns Each module (its name without `.js`, under `validators/`, and its export when shared), keyed `POST /exchange#order` for a REST
 * operation (its method and spec path) and by wire name for a JSON-RPC method.
 * @example validatorModules(readFileSync("generated/evm/operations.ts", "utf8")).get("eth_chainId") // { module: "eth_chainId" }
 */
export function validatorModules(operationsTs: string): Map<string, ValidatorModule> {
  return new Map(
    descriptorValidators(operationsTs).map(({ id, method, path, module, exportName }) => [
      method !== undefined && path !== undefined ? `${method} ${path}` : id,
      { module, ...(exportName !== undefined && { exportName }) },
    ]),
  );
}
