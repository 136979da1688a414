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

/** Where a validators module is, relative to its surface's folder: `validators/blocks.js`. */
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

/** The `import()` of each pack a generated `operations.ts` loads, written once and named by its descriptors. */
export interface PackLoaders {
  /** The name (`pack0`, …) of the loader of the pack holding this operation, numbered as first named. */
  nameOf: (id: string) => string;
  /** One `const packN: Pack = () => import("./validators/….js");` per pack named so far (see `PACK`). */
  lines: () => string[];
}

/**
 * The pack loaders of a generated `operations.ts` (REST and JSON-RPC alike): each descriptor names
 * its pack's loader instead of writing its own `import()`.
 *
 * @param packOf - The module packing each operation, as `buildValidators` reported it.
 * @returns The loaders' names and lines.
 * @example
 * const loaders = packLoaders(new Map([["order", "Orders"]]));
 * loaders.nameOf("order"); // "pack0"
 * loaders.lines(); // ['const pack0: Pack = () => import("./validators/Orders.js");']
 */
export function packLoaders(packOf: ReadonlyMap<string, string>): PackLoaders {
  const names = new Map<string, string>();
  return {
    nameOf: (id) => {
      const module = packedModuleOf(packOf, id);
      if (!names.has(module)) names.set(module, `pack${names.size}`);
      return names.get(module) as string;
    },
    lines: () =>
      [...names].map(
        ([module, name]) =>
          `const ${name}: Pack = () => import(${sourceLiteral(`./${validatorsModulePath(module)}`)});`,
      ),
  };
}

/** The module that packs an operation's validators, as `buildValidators` reported it. */
export function packedModuleOf(packOf: ReadonlyMap<string, string>, name: string): string {
  const module = packOf.get(name);
  if (module === undefined) throw new Error(`${name}: no validators module packs this operation`);
  return module;
}

/**
 * Words an operation's identifier cannot be: JavaScript's reserved words, those of strict mode and
 * modules (generated files are modules), and the literals. An identifier also names a binding in
 * the validators module (`export const <id>`), where none of them is allowed.
 */
const RESERVED_WORDS = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof new null return super switch this throw true try typeof " +
    "var void while with yield let static implements interface package private protected public arguments eval"
  ).split(" "),
);

/**
 * Names a validators module declares itself: ajv's numbered constants and functions (`validate12`,
 * `schema3`, `pattern0`…), the CommonJS bridges (`cjs0`, `module0`), the int64 converters
 * (`int64_<id>`), the members of a shared module (`<id>__path`), and the helpers it imports.
 * `test/generate/identifiers.test.ts` checks every name declared in `generated/` against it.
 */
const MODULE_BINDING =
  /^(?:validate|schema|pattern|func|formats|wrapper|integer|obj|cjs|module|len|tag|data|valid|_errs|_valid|missing|passing|matched|ruleHolds|ruleApplies|ruleThen)\d+$|__|^int64_/;
const HELPER_NAMES = new Set(
  (
    "addAlternatives addIssue addIssues addIssuesAt atRoot issueAt hexAwarePattern commonJsExports copyStillCold hexDigitsCopied " +
    "hexDigitsRead hexDigit notHexDigit hexBytes hexEncoder hexPairs hexQuads hexReadByRegExp dateTimeFormat " +
    "int32Format int64Format uriFormat vErrors errors"
  ).split(" "),
);

/**
 * Whether an identifier from a spec cannot name an operation or method as it is: a reserved word,
 * or a name the generated code declares (it would be declared twice, or hide the generated one).
 */
export function collidesWithGeneratedCode(id: string): boolean {
  return RESERVED_WORDS.has(id) || MODULE_BINDING.test(id) || HELPER_NAMES.has(id) || id === THENABLE;
}

/**
 * A client object with a `then` function is a thenable: `await client`, or returning it from an
 * async function, would call that operation and never settle.
 */
const THENABLE = "then";

/**
 * The names a generated function's body refers to besides its own parameters: a parameter named
 * after one (a path parameter `caller`, say) would hide it. `record` is the surface's descriptor
 * record (`<surface>Operations`, `<surface>Methods`).
 */
export function functionBodyNames(record: string): Set<string> {
  return new Set(["options", "caller", "withoutTrailingUndefined", record]);
}

// A pack loader (`const pack0: Pack = () => import("./validators/Orders.js");`) and a descriptor, as
// `rest-operations-file.ts` (`operation("order", "POST", "/exchange#order", false, pack0…`: its part
// of the pack is the export named after its id) and `rpc-methods-file.ts` (`method("eth_call", true,
// pack0…`, then the export when it is not the name) write them.
const PACK = /^const (pack\d+): Pack = \(\) => import\("\.\/validators\/([^"]+)\.js"\);$/gm;
const RPC_DESCRIPTOR =
  /method\(("(?:[^"\\]|\\.)*"), (?:true|false), (pack\d+)(?:, ("(?:[^"\\]|\\.)*"))?[,)]/g;
const REST_DESCRIPTOR =
  /operation\(("(?:[^"\\]|\\.)*"), ("[A-Za-z]+"), ("(?:[^"\\]|\\.)*"), (?:true|false), (pack\d+)[,)]/g;

/** What a generated `operations.ts` says of one descriptor's validators. */
export interface DescriptorValidators {
  /** The operationId (REST) or the method's wire name (JSON-RPC). */
  id: string;
  /** The HTTP method and spec path (REST only). */
  method?: string;
  path?: string;
  /** The module's name under `validators/`, without `.js`. */
  module: string;
  /** The module's export holding this descriptor's part. */
  exportName?: string;
}

/**
 * Every descriptor of a generated `operations.ts` with the validators module it loads, read from the
 * text, for tools that must not import it (the portal's try-it, the bench, the tests).
 *
 * @param operationsTs - The generated `operations.ts`.
 * @returns The descriptors, REST ones first.
 * @example
 * descriptorValidators(readFileSync("generated/exchange/operations.ts", "utf8"))[0]; // { id: "order", method: "POST", path: "/exchange#order", module: "Orders", exportName: "order" }
 */
export function descriptorValidators(operationsTs: string): DescriptorValidators[] {
  const packs = new Map([...operationsTs.matchAll(PACK)].map(([, name, module]) => [name, module]));
  const rest = [...operationsTs.matchAll(REST_DESCRIPTOR)].map(([, id, method, path, pack]) => {
    const name = JSON.parse(id as string) as string;
    return {
      id: name,
      method: JSON.parse(method as string) as string,
      path: JSON.parse(path as string) as string,
      module: packs.get(pack as string) ?? "",
      exportName: name,
    };
  });
  const rpc = [...operationsTs.matchAll(RPC_DESCRIPTOR)].map(([, name, pack, part]) => {
    const id = JSON.parse(name as string) as string;
    return {
      id,
      module: packs.get(pack as string) ?? "",
      exportName: part === undefined ? id : (JSON.parse(part) as string),
    };
  });
  return [...rest, ...rpc];
}

/**
 * The file, relative to its surface's folder (`validators/Orders.js`), of the module a generated
 * `operations.ts` loads an operation's validators from.
 *
 * @param operationsTs - The generated `operations.ts`.
 * @param id - The operation's identifier: the export holding its part.
 * @returns The file, or `undefined` when no descriptor of that id is found.
 * @example
 * validatorsFileOf(readFileSync("generated/exchange/operations.ts", "utf8"), "order"); // "validators/Orders.js"
 */
export function validatorsFileOf(operationsTs: string, id: string): string | undefined {
  const found = descriptorValidators(operationsTs).find((entry) => (entry.exportName ?? entry.id) === id);
  return found && validatorsModulePath(found.module);
}
