import { literal, withResult } from "./example-code.js";
import { findInt64Paths } from "./field-paths.js";
import { functionBodyNames, operationTypeNames } from "./generated-names.js";
import { type DocParts, renderDoc } from "./jsdoc.js";
import type { Json } from "./json.js";
import { parameterName, propertyKey } from "./names.js";
import type { RpcMethodModel } from "./openrpc-model.js";
import { rpcMethodsNames } from "./rpc-methods-file.js";
import { resultCaseTypeName } from "./rpc-result-cases.js";
import { docComment, sourceLiteral } from "./source-text.js";
import type { SurfaceNames } from "./surfaces.js";

/**
 * Writes `client.ts` for a JSON-RPC surface: an interface with one documented function per method
 * (positional params, optional trailing ones optional) and `create<Surface>Methods(caller)`.
 */
export function rpcClientFile(doc: Json, surface: SurfaceNames, methods: readonly RpcMethodModel[]): string {
  const { record } = rpcMethodsNames(surface.pascal, surface.camel);
  const typeImports = new Set<string>();
  const members: string[] = [];
  const implementations: string[] = [];
  let trimsParams = false;
  for (const method of methods) {
    const names = operationTypeNames(method.id);
    typeImports.add(names.params);
    typeImports.add(names.result);
    const taken = functionBodyNames(record);
    const args = method.params.map((param, index) => {
      const name = parameterName(param.name, taken);
      taken.add(name);
      return { name, type: `${names.params}[${index}]`, optional: !param.required };
    });
    const signature = [...args, { name: "options", type: "CallOptions", optional: true }]
      .map((arg) => `${arg.name}${arg.optional ? "?" : ""}: ${arg.type}`)
      .join(", ");
    // x-result-when: one overload per case, the param typed as the case's literal, then the general one.
    const cases = method.resultCases;
    const overloads = (cases?.cases ?? []).map((resultCase) => {
      const caseName = resultCaseTypeName(names.result, cases?.paramName ?? "", resultCase.equals);
      typeImports.add(caseName);
      const caseSignature = [...args, { name: "options", type: "CallOptions", optional: true }]
        .map((arg, index) => {
          const type = index === cases?.paramIndex ? sourceLiteral(resultCase.equals) : arg.type;
          return `${arg.name}${arg.optional && index !== cases?.paramIndex ? "?" : ""}: ${type}`;
        })
        .join(", ");
      return `  ${method.id}(${caseSignature}): Promise<${caseName}>;\n`;
    });
    members.push(
      `${renderDoc(methodDoc(doc, surface, method, args), "  ")}\n${overloads.join("")}  ${method.id}(${signature}): Promise<${names.result}>;`,
    );
    const list = `[${args.map((arg) => arg.name).join(", ")}]`;
    const optional = args.some((arg) => arg.optional);
    trimsParams ||= optional;
    const params = optional ? `withoutTrailingUndefined(${list})` : list;
    const parameters = [...args.map((arg) => arg.name), "options"].join(", ");
    // An overloaded member takes an implementation typed for every overload: Promise<never> fits them all.
    const resultType = cases ? "never" : names.result;
    implementations.push(
      `    ${method.id}: (${parameters}) =>\n      caller.call(${record}${memberAccess(method.name)}, ${params}, options) as Promise<${resultType}>,`,
    );
  }
  const helper = trimsParams
    ? [
        "",
        "/** Drops trailing `undefined` params, so an optional param left out is not sent as `null`. */",
        "function withoutTrailingUndefined(params: readonly unknown[]): unknown[] {",
        "  let end = params.length;",
        "  while (end > 0 && params[end - 1] === undefined) end -= 1;",
        "  return params.slice(0, end);",
        "}",
      ]
    : [];
  return [
    `import type { CallOptions, RpcCaller } from "../../src/runtime/operation.js";`,
    `import { ${record} } from "./operations.js";`,
    ...(typeImports.size > 0
      ? [`import type { ${[...typeImports].sort().join(", ")} } from "./types.js";`]
      : []),
    "",
    docComment(`The ${surface.title}: one typed function per JSON-RPC method.`),
    `export interface ${surface.pascal}Methods {`,
    members.join("\n\n"),
    "}",
    "",
    renderDoc({
      summary: `Builds the functions of the ${surface.title} on a caller (the runtime's JSON-RPC client).`,
      description:
        "The functions hold no transport logic: each hands its method descriptor and params to `caller`.",
      params: [
        { name: "caller", text: "Sends the JSON-RPC requests (credentials, batching, retries, validation)." },
      ],
      returns: "One function per method.",
    }),
    `export function create${surface.pascal}Methods(caller: RpcCaller): ${surface.pascal}Methods {`,
    "  return {",
    implementations.join("\n"),
    "  };",
    "}",
    ...helper,
    "",
  ].join("\n");
}

function methodDoc(
  doc: Json,
  surface: SurfaceNames,
  method: RpcMethodModel,
  args: readonly { name: string }[],
): DocParts {
  return {
    summary: method.summary,
    description: method.description,
    notes: [`JSON-RPC method \`${method.name}\`.`],
    params: [
      ...method.params.map((param, index) => ({
        name: args[index]?.name ?? param.name,
        text:
          param.description ??
          param.summary ??
          `Param \`${param.name}\`${param.required ? "" : " (optional)"}.`,
      })),
      { name: "options", text: "Per-call options: abort signal, timeout, response validation." },
    ],
    returns: method.result.description ?? method.result.summary,
    example: exampleCall(doc, surface, method),
    deprecated: method.deprecated,
  };
}

function exampleCall(doc: Json, surface: SurfaceNames, method: RpcMethodModel): string | undefined {
  const [example] = method.examples;
  const requiredCount = method.params.filter((param) => param.required).length;
  if (example && example.params.length < requiredCount) return undefined;
  if (!example)
    return method.params.some((param) => param.required)
      ? undefined
      : `const result = await ${surface.camel}.${method.id}();`;
  const values = example.params.map((value, index) => {
    const param = method.params[index];
    return literal(value, param ? findInt64Paths(doc, param.schema) : []);
  });
  const call = `const result = await ${surface.camel}.${method.id}(${values.join(", ")});`;
  if (example.result === undefined) return call;
  const shown = literal(example.result, findInt64Paths(doc, method.result.schema));
  return withResult(call, shown);
}

/** `.eth_call`, or `["blob.Get"]` for a wire name that is no identifier. */
function memberAccess(name: string): string {
  return propertyKey(name) === name ? `.${name}` : `[${sourceLiteral(name)}]`;
}
