import { literal, withResult } from "./example-code.js";
import { findInt64Paths } from "./field-paths.js";
import { functionBodyNames, operationTypeNames } from "./generated-names.js";
import { type DocParts, renderDoc } from "./jsdoc.js";
import { isObject, type Json, type JsonObject } from "./json.js";
import { refPointer, valueAt } from "./json-pointer.js";
import { parameterName } from "./names.js";
import type { RestOperationModel } from "./openapi-model.js";
import { restOperationsNames } from "./rest-operations-file.js";
import { docComment, sourceLiteral } from "./source-text.js";
import type { SurfaceNames } from "./surfaces.js";

/** One argument of a generated function. */
interface Argument {
  name: string;
  type: string;
  optional: boolean;
  doc?: string | undefined;
}

/**
 * Writes `client.ts` for a REST surface: an interface with one documented function per operationId
 * and `create<Surface>Operations(caller)`, which implements it by handing each call to the runtime.
 */
export function restClientFile(
  doc: Json,
  surface: SurfaceNames,
  operations: readonly RestOperationModel[],
): string {
  const { record } = restOperationsNames(surface.pascal, surface.camel);
  const typeImports = new Set<string>();
  const members: string[] = [];
  const implementations: string[] = [];
  for (const op of operations) {
    const names = operationTypeNames(op.id);
    const args = operationArguments(doc, op, names, record, typeImports);
    const returnType = names.response;
    typeImports.add(returnType);
    const signature = [...args, { name: "options", type: "CallOptions", optional: true }]
      .map((arg) => `${arg.name}${arg.optional ? "?" : ""}: ${arg.type}`)
      .join(", ");
    members.push(
      `${renderDoc(operationDoc(doc, surface, op, args), "  ")}\n  ${op.id}(${signature}): Promise<${returnType}>;`,
    );
    implementations.push(implementation(op, args, record, returnType));
  }
  return [
    `import type { CallOptions, RestCaller } from "../../src/runtime/operation.js";`,
    `import { ${record} } from "./operations.js";`,
    ...(typeImports.size > 0
      ? [`import type { ${[...typeImports].sort().join(", ")} } from "./types.js";`]
      : []),
    "",
    docComment(`The ${surface.title}: one typed function per operation.`),
    `export interface ${surface.pascal}Operations {`,
    members.join("\n\n"),
    "}",
    "",
    renderDoc({
      summary: `Builds the functions of the ${surface.title} on a caller (the runtime's transport).`,
      description:
        "The functions hold no transport logic: each hands its operation descriptor and arguments to `caller`.",
      params: [{ name: "caller", text: "Performs the HTTP requests (credentials, retries, validation)." }],
      returns: "One function per operationId.",
    }),
    `export function create${surface.pascal}Operations(caller: RestCaller): ${surface.pascal}Operations {`,
    "  return {",
    implementations.join("\n"),
    "  };",
    "}",
    "",
  ].join("\n");
}

/** Path params in template order, then the body, then the query object. */
function operationArguments(
  doc: Json,
  op: RestOperationModel,
  names: ReturnType<typeof operationTypeNames>,
  record: string,
  typeImports: Set<string>,
): Argument[] {
  const taken = functionBodyNames(record);
  const args: Argument[] = op.pathParams.map((param) => {
    const name = parameterName(param.name, taken);
    taken.add(name);
    typeImports.add(names.pathParams);
    return {
      name,
      type: `${names.pathParams}[${sourceLiteral(param.name)}]`,
      optional: false,
      doc: param.description ?? `Path parameter \`${param.name}\`.`,
    };
  });
  if (op.requestBody) {
    typeImports.add(names.body);
    const optional = !op.requestBody.required || !hasRequiredFields(doc, op.requestBody.schema);
    const name = parameterName("body", taken);
    taken.add(name);
    args.push({
      name,
      type: names.body,
      optional,
      doc:
        op.requestBody.kind === "json"
          ? "The JSON request body."
          : `The request body (\`${op.requestBody.mediaType}\`).`,
    });
  }
  if (op.queryParams.length > 0 || op.querystring) {
    typeImports.add(names.query);
    const optional = op.querystring
      ? !op.querystring.required
      : !op.queryParams.some((param) => param.required);
    const name = parameterName("query", taken);
    taken.add(name);
    const doc = op.querystring
      ? (op.querystring.description ?? `The whole query (\`${op.querystring.mediaType}\`).`)
      : "The query parameters.";
    args.push({ name, type: names.query, optional, doc });
  }
  for (const [params, type, label] of [
    [op.headerParams, names.headers, "headers"],
    [op.cookieParams, names.cookies, "cookies"],
  ] as const) {
    if (params.length === 0) continue;
    typeImports.add(type);
    const name = parameterName(label, taken);
    taken.add(name);
    const optional = !params.some((param) => param.required);
    args.push({ name, type, optional, doc: `The ${label === "headers" ? "header" : "cookie"} parameters.` });
  }
  return args;
}

/** Whether data for `schema` must carry at least one property (through `$ref` and `allOf`). */
function hasRequiredFields(doc: Json, schema: Json, seen = new Set<string>()): boolean {
  if (!isObject(schema)) return false;
  if (Array.isArray(schema.required) && schema.required.length > 0) return true;
  if (schema.type !== undefined && schema.type !== "object") return true;
  if (typeof schema.$ref === "string") {
    const target = refPointer(schema.$ref) ?? "";
    if (!seen.has(target) && hasRequiredFields(doc, valueAt(doc, target) ?? {}, new Set([...seen, target])))
      return true;
  }
  const allOf = Array.isArray(schema.allOf) ? schema.allOf : [];
  return allOf.some((branch) => hasRequiredFields(doc, branch, seen));
}

function implementation(
  op: RestOperationModel,
  args: readonly Argument[],
  record: string,
  returnType: string,
): string {
  const parameters = [...args.map((arg) => arg.name), "options"].join(", ");
  const input: string[] = [];
  if (op.pathParams.length > 0) {
    const entries = op.pathParams.map((param, index) => {
      const local = args[index]?.name ?? param.name;
      return local === param.name ? local : `${sourceLiteral(param.name)}: ${local}`;
    });
    input.push(`path: { ${entries.join(", ")} }`);
  }
  let next = op.pathParams.length;
  for (const [present, key] of [
    [op.requestBody !== undefined, "body"],
    [op.queryParams.length > 0 || op.querystring !== undefined, "query"],
    [op.headerParams.length > 0, "headers"],
    [op.cookieParams.length > 0, "cookies"],
  ] as const) {
    if (!present) continue;
    const arg = args[next++];
    if (arg) input.push(arg.name === key ? key : `${key}: ${arg.name}`);
  }
  const call = `caller.call(${record}.${op.id}, { ${input.join(", ")} }, options)`.replace("{  }", "{}");
  return `    ${op.id}: (${parameters}) =>\n      ${call} as Promise<${returnType}>,`;
}

function operationDoc(
  doc: Json,
  surface: SurfaceNames,
  op: RestOperationModel,
  args: readonly Argument[],
): DocParts {
  const success = op.responses.find((response) => response.status.startsWith("2"));
  return {
    summary: op.summary,
    description: op.description,
    // Upper case, as the portal keys an operation's call (`client-calls.ts`).
    notes: [`\`${op.method.toUpperCase()} ${op.path}\``],
    params: [
      ...args.map((arg) => ({ name: arg.name, text: arg.doc })),
      { name: "options", text: "Per-call options: abort signal, timeout, response validation." },
    ],
    returns: success?.description,
    example: exampleCall(doc, surface, op, args),
    deprecated: op.deprecated,
  };
}

/** `const result = await platform.getNode("ND-1");` from the spec's examples, when it has them. */
function exampleCall(
  doc: Json,
  surface: SurfaceNames,
  op: RestOperationModel,
  args: readonly Argument[],
): string | undefined {
  const values: string[] = [];
  for (const param of op.pathParams) {
    const example = param.example ?? schemaExample(doc, param.schema);
    if (example === undefined) return undefined;
    values.push(literal(example, findInt64Paths(doc, param.schema)));
  }
  if (op.headerParams.some((param) => param.required) || op.cookieParams.some((param) => param.required))
    return undefined;
  if (op.requestBody && op.requestBody.kind !== "json") return undefined;
  // A required `in: querystring` query has no example of its own to show.
  if (op.querystring?.required) return undefined;
  if (op.requestBody) {
    const example = op.requestBody.example ?? schemaExample(doc, op.requestBody.schema);
    if (example !== undefined) values.push(literal(example, findInt64Paths(doc, op.requestBody.schema)));
    else if (!args[op.pathParams.length]?.optional) return undefined;
  }
  if (op.queryParams.length > 0) {
    // Prototype-less: a parameter named `__proto__` is a key like any other.
    const query: JsonObject = Object.create(null);
    for (const param of op.queryParams) {
      const example = param.example ?? schemaExample(doc, param.schema);
      if (example !== undefined) query[param.name] = example;
      else if (param.required) return undefined;
    }
    if (Object.keys(query).length > 0) {
      const int64 = op.queryParams.flatMap((param) =>
        findInt64Paths(doc, param.schema).map((path) => [param.name, ...path]),
      );
      if (op.requestBody && values.length === op.pathParams.length) values.push("undefined");
      values.push(literal(query, int64));
    }
  }
  const returnsData = op.responses.some((response) => response.status.startsWith("2") && response.body);
  const streamed = op.responses.find((response) => response.status.startsWith("2"))?.body?.stream;
  if (streamed) {
    return `for await (const item of await ${surface.camel}.${op.id}(${values.join(", ")})) console.log(item);`;
  }
  const call = `${returnsData ? "const result = " : ""}await ${surface.camel}.${op.id}(${values.join(", ")});`;
  const success = op.responses.find((candidate) => candidate.status.startsWith("2"))?.body;
  const shown =
    success?.example === undefined
      ? undefined
      : literal(success.example, findInt64Paths(doc, success.schema));
  return withResult(call, shown);
}

/** A schema's own example (`examples[0]`, `example`, `default`, or the first `enum` value), through `$ref`s. */
function schemaExample(doc: Json, schema: Json, depth = 0): Json | undefined {
  if (!isObject(schema) || depth > 8) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (typeof schema.$ref === "string")
    return schemaExample(doc, valueAt(doc, refPointer(schema.$ref) ?? "") ?? {}, depth + 1);
  return undefined;
}
