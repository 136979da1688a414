/**
 * Which generated validator module checks each operation, read from the `operations.ts` the generator
 * wrote (its descriptors name the module they load), so the portal's try-it loads exactly the module
 * a client loads, under the name the generator gave it (made-up and renamed ids included).
 */

// One descriptor: `id` (REST) or `name` (JSON-RPC), `method` and `path` (REST), then its module and,
// for a module shared by all operations, the export that holds this one's.
const DESCRIPTOR =
  /Object\.freeze\(\{\n\s+(id|name): ("(?:[^"\\]|\\.)*"),\n(?:\s+method: ("[A-Z]+"),\n\s+path: ("(?:[^"\\]|\\.)*"),\n)?[\s\S]*?validators: \(\) => import\("\.\/validators\/([^"]+)\.js"\)(?:\.then\(\(module\) => module\.([\w$]+)\))?/g;

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
  const modules = new Map<string, ValidatorModule>();
  for (const [, kind, name = '""', method, path, module = "", exportName] of operationsTs.matchAll(
    DESCRIPTOR,
  )) {
    const key =
      kind === "id" && method !== undefined && path !== undefined
        ? `${JSON.parse(method) as string} ${JSON.parse(path) as string}`
        : (JSON.parse(name) as string);
    modules.set(key, { module, ...(exportName !== undefined && { exportName }) });
  }
  return modules;
}
