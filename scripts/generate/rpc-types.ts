import type { Project as MorphProject, StatementStructures } from "ts-morph";
import { IndentationText, Project, StructureKind } from "./commonjs-tools.js";
import { componentTypeName } from "./component-type-names.js";
import { operationTypeNames } from "./generated-names.js";
import { docText } from "./jsdoc.js";
import { isObject, type Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { parameterName, propertyKey } from "./names.js";
import type { RpcMethodModel } from "./openrpc-model.js";
import { resultCaseTypeName } from "./rpc-result-cases.js";
import { SchemaToTs, schemaDocs } from "./schema-to-ts.js";
import { SECRET_IMPORT } from "./secret-type.js";
import { commentText, sourceLiteral } from "./source-text.js";
import { SpecError } from "./spec-error.js";
import type { SurfaceNames } from "./surfaces.js";

let project: MorphProject | undefined;

/** One ts-morph project for the whole run, in memory, never type-checked (creating one is the slow part). */
function sharedProject(): MorphProject {
  project ??= new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces },
  });
  return project;
}

/**
 * Writes `types.ts` for a JSON-RPC surface with ts-morph, built from structures in one call: a type per
 * component schema, per method a named params tuple and a result type, and `<Surface>MethodMap`
 * (`{ [method]: { params; result } }`).
 *
 * @throws {SpecError} When two generated types would get the same name.
 */
export function openRpcTypes(
  specFile: string,
  doc: Json,
  surface: SurfaceNames,
  methods: readonly RpcMethodModel[],
): string {
  const toTs = new SchemaToTs(doc);
  const statements: StatementStructures[] = [];
  const owners = new Map<string, string>();
  const claim = (name: string, pointer: string): string => {
    const previous = owners.get(name);
    if (previous !== undefined)
      throw new SpecError(specFile, pointer, `type name "${name}" is also used for ${previous}`);
    owners.set(name, pointer);
    return name;
  };

  const schemas = isObject(doc) && isObject(doc.components) ? doc.components.schemas : undefined;
  for (const [rawName, schema] of Object.entries(isObject(schemas) ? schemas : {})) {
    const name = claim(componentTypeName(doc, rawName), childPointer("/components/schemas", rawName));
    const docs = isObject(schema) ? schemaDocs(schema) : "";
    if (toTs.isPlainObject(schema)) {
      statements.push({
        kind: StructureKind.Interface,
        name,
        isExported: true,
        docs: docs ? [docs] : [],
        extends: toTs.extendsNames(schema) ?? [],
        properties: toTs.properties(schema).map((property) => ({
          name: property.name,
          type: property.type,
          hasQuestionToken: property.optional,
          docs: property.docs ? [property.docs] : [],
        })),
      });
    } else {
      statements.push({
        kind: StructureKind.TypeAlias,
        name,
        isExported: true,
        docs: docs ? [docs] : [],
        type: toTs.type(schema),
      });
    }
  }

  for (const method of methods) {
    const names = operationTypeNames(method.id);
    const labels = new Set<string>();
    const elements = method.params.map((param) => {
      // A descriptor's name need not be an identifier (`"Block RLP"`); the tuple label must.
      const label = /^[A-Za-z_$][\w$]*$/.test(param.name) ? param.name : parameterName(param.name, labels);
      labels.add(label);
      return `${label}${param.required ? "" : "?"}: ${toTs.type(param.schema, "  ")}`;
    });
    statements.push({
      kind: StructureKind.TypeAlias,
      name: claim(names.params, method.pointer),
      isExported: true,
      docs: [paramsDoc(method)],
      type: `[${elements.join(", ")}]`,
    });
    const resultDescription = method.result.description ?? method.result.summary;
    statements.push({
      kind: StructureKind.TypeAlias,
      name: claim(names.result, method.pointer),
      isExported: true,
      docs: [docText({ summary: `Result of \`${method.name}\`.`, description: resultDescription })],
      type: toTs.type(method.result.schema),
    });
    for (const resultCase of method.resultCases?.cases ?? []) {
      const { paramName } = method.resultCases as { paramName: string };
      statements.push({
        kind: StructureKind.TypeAlias,
        name: claim(resultCaseTypeName(names.result, paramName, resultCase.equals), resultCase.schemaPointer),
        isExported: true,
        docs: [
          docText({
            summary: `Result of \`${method.name}\` when \`${paramName}\` is \`${sourceLiteral(resultCase.equals)}\`.`,
          }),
        ],
        type: toTs.type(resultCase.schema),
      });
    }
  }

  statements.push({
    kind: StructureKind.Interface,
    name: claim(`${surface.pascal}MethodMap`, "/methods"),
    isExported: true,
    docs: [commentText(`Every method of the ${surface.title}: its params tuple and its result.`)],
    properties: methods.map((method) => {
      const names = operationTypeNames(method.id);
      return {
        name: propertyKey(method.name),
        type: `{ params: ${names.params}; result: ${names.result} }`,
        docs: method.summary ? [commentText(method.summary)] : [],
      };
    }),
  });

  const file = sharedProject().createSourceFile(
    `${surface.camel}-types.ts`,
    { statements },
    { overwrite: true },
  );
  const text = file.getFullText();
  file.forget();
  const imports = toTs.usesSecret ? `${SECRET_IMPORT}\n\n` : "";
  return `${imports}${text}`;
}

function paramsDoc(method: RpcMethodModel): string {
  const lines = method.params.map(
    (param) =>
      `- \`${param.name}\`${param.required ? "" : " (optional)"}${param.description || param.summary ? `: ${(param.description ?? param.summary ?? "").trim().replace(/\s*\n\s*/g, " ")}` : ""}`,
  );
  return docText({
    summary: `Params of \`${method.name}\`, by position${method.byName ? " (sent by name)" : ""}.`,
    description: lines.length > 0 ? lines.join("\n") : "It takes no params.",
  });
}
