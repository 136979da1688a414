/**
 * Which generated validator module checks each operation, read from the `operations.ts` the generator
 * wrote (its descriptors name the module they load), so the portal's try-it loads exactly the module
 * a client loads, under the name the generator gave it (made-up and renamed ids included).
 */

// One JSON-RPC descriptor: its `name`, then its module and, for a module shared by all methods, the
// export that holds this one's.
const RPC_DESCRIPTOR =
  /Object\.freeze\(\{\n\s+name: ("(?:[^"\\]|\\.)*"),\n[\s\S]*?validators: \(\) => import\("\.\/validators\/([^"]+)\.js"\)(?:\.then\(\(module\) => module\.([\w$]+)\))?/g;

// A REST surface's pack loader (`const pack0: Pack = () => import("./validators/Orders.js");`) and
// descriptor (`operation("order", "POST", "/exchange#order", false, pack0…`): its part of the pack
// is the export named after its id.
const PACK = /^const (pack\d+): Pack = \(\) => import\("\.\/validators\/([^"]+)\.js"\);$/gm;
const REST_DESCRIPTOR =
  /operation\(("(?:[^"\\]|\\.)*"), ("[A-Za-z]+"), ("(?:[^"\\]|\\.)*"), (?:true|false), (pack\d+)[,)]/g;

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
  const packs = new Map([...operationsTs.matchAll(PACK)].map(([, name, module]) => [name, module]));
  for (const [, id, method, path, pack] of operationsTs.matchAll(REST_DESCRIPTOR)) {
    const module = packs.get(pack as string) ?? "";
    modules.set(`${JSON.parse(method as string) as string} ${JSON.parse(path as string) as string}`, {
      module,
      exportName: JSON.parse(id as string) as string,
    });
  }
  for (const [, name, module = "", exportName] of operationsTs.matchAll(RPC_DESCRIPTOR)) {
    modules.set(JSON.parse(name as string) as string, {
      module,
      ...(exportName !== undefined && { exportName }),
    });
  }
  return modules;
}
