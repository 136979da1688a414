/**
 * Which generated validator module checks each operation, read from the `operations.ts` the generator
 * wrote (its descriptors name the module they load), so the portal's try-it loads exactly the module
 * a client loads, under the name the generator gave it (made-up and renamed ids included).
 */

// One descriptor: `id` (REST) or `name` (JSON-RPC), `method` and `path` (REST), then its module.
const DESCRIPTOR =
  /Object\.freeze\(\{\n\s+(id|name): ("(?:[^"\\]|\\.)*"),\n(?:\s+method: ("[A-Z]+"),\n\s+path: ("(?:[^"\\]|\\.)*"),\n)?[\s\S]*?validators: \(\) => import\("\.\/validators\/([^"]+)\.js"\)/g;

/**
 * The validator module of each operation or method.
 *
 * @param operationsTs - The generated `operations.ts`.
 * @returns Module names (without `.js`, under `validators/`), keyed `POST /exchange#order` for a REST
 * operation (its method and spec path) and by wire name for a JSON-RPC method.
 * @example validatorModules(readFileSync("generated/evm/operations.ts", "utf8")).get("eth_chainId") // "eth_chainId"
 */
export function validatorModules(operationsTs: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [, kind, name = '""', method, path, module = ""] of operationsTs.matchAll(DESCRIPTOR)) {
    const key =
      kind === "id" && method !== undefined && path !== undefined
        ? `${JSON.parse(method) as string} ${JSON.parse(path) as string}`
        : (JSON.parse(name) as string);
    modules.set(key, module);
  }
  return modules;
}
