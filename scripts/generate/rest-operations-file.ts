import { packLoaders } from "./generated-names.js";
import { mediaKind } from "./media-kind.js";
import type { BodyModel, RestOperationModel } from "./openapi-model.js";
import { docComment, sourceLiteral } from "./source-text.js";
import type { SurfaceNames } from "./surfaces.js";

/** Names exported by a REST surface's `operations.ts`. */
export function restOperationsNames(pascal: string, camel: string): { record: string; idType: string } {
  return { record: `${camel}Operations`, idType: `${pascal}OperationId` };
}

/**
 * Writes `operations.ts` for a REST surface: one frozen `RestOperation` per operationId, only what it
 * takes to build and send a request (method, path template, retry safety, paging) and the
 * import of the module that packs the operation's validators, loaded on its first call. What the runtime reads once a call is
 * under way (validators, int64 and secret positions, response statuses) is in that module
 * (`rest-validators.ts`), so an entry grows by no more than this per operation, whatever its schemas.
 *
 * The descriptors are calls of one local `operation` function, and each pack's `import()` is written
 * once (`pack0`, …): the table loads up front in every app, and an object literal with five keys
 * and its own loader per operation made it about a fifth larger once compressed (exchange app
 * 0.23 KB gzip).
 */
export function restOperationsFile(
  surface: SurfaceNames,
  operations: readonly RestOperationModel[],
  packOf: ReadonlyMap<string, string>,
): string {
  const { record, idType } = restOperationsNames(surface.pascal, surface.camel);
  const packs = packLoaders(packOf);
  const descriptors = operations.map((op) => `  ${op.id}: ${descriptor(op, packs.nameOf(op.id))},`);
  return [
    `import type { RestOperation, RestOperationValidators } from "../../src/runtime/operation.js";`,
    "",
    docComment(`The operationIds of the ${surface.title}.`),
    `export type ${idType} =${operations.map((op) => `\n  | ${sourceLiteral(op.id)}`).join("") || " never"};`,
    "",
    docComment("A module of packed validators: each operation's part is the export named after it."),
    "type Pack = () => Promise<Readonly<Record<string, RestOperationValidators>>>;",
    "",
    ...packs.lines(),
    "",
    docComment(
      "One frozen descriptor; its validators are its pack's export named after its id, imported on its first call.",
    ),
    "function operation(",
    "  id: string,",
    '  method: RestOperation["method"],',
    "  path: string,",
    "  idempotent: boolean,",
    "  pack: Pack,",
    '  more?: Omit<RestOperation, "id" | "method" | "path" | "idempotent" | "validators">,',
    "): RestOperation {",
    "  const validators = () => pack().then((module) => module[id] as RestOperationValidators);",
    "  return Object.freeze({ id, method, path, idempotent, validators, ...more });",
    "}",
    "",
    docComment(`Every operation of the ${surface.title}, keyed by operationId, as the runtime reads them.`),
    `export const ${record}: Readonly<Record<${idType}, RestOperation>> = Object.freeze({`,
    ...descriptors,
    "});",
    "",
  ].join("\n");
}

function descriptor(op: RestOperationModel, pack: string): string {
  const more: string[] = [];
  // `as const` keeps the paging mode a literal, which tells the runtime's two paging shapes apart.
  if (op.paging) more.push(`paging: ${sourceLiteral(op.paging)} as const`);
  // Only what differs from a JSON API is written, so JSON operations keep their few bytes.
  if (op.requestBody && op.requestBody.kind !== "json") {
    more.push(`requestMedia: ${sourceLiteral(op.requestBody.mediaType)}`);
  }
  const answer = successBody(op);
  if (answer?.stream) {
    // The answer's response descriptor then describes one item (`rest-validators.ts`).
    more.push(`stream: ${sourceLiteral(answer.stream)}`);
    more.push(`accept: ${sourceLiteral(answer.mediaType)}`);
  } else if (answer && answer.kind !== "json") {
    more.push(
      `responseKind: ${sourceLiteral(answer.kind === "text" || answer.kind === "form" ? "text" : "binary")}`,
    );
    more.push(`accept: ${sourceLiteral(answer.mediaType)}`);
  }
  if (op.querystring?.mediaType !== undefined && mediaKind(op.querystring.mediaType) === "json") {
    more.push(`querystring: ${sourceLiteral("json")}`);
  }
  const styles = parameterStyles(op);
  if (styles) more.push(`styles: ${sourceLiteral(styles)}`);
  const args = [
    sourceLiteral(op.id),
    sourceLiteral(op.sentMethod),
    sourceLiteral(op.path),
    String(op.idempotent),
    pack,
  ];
  if (more.length > 0) args.push(`{ ${more.join(", ")} }`);
  return `operation(${args.join(", ")})`;
}

/** The body of the first success status that has one. */
function successBody(op: RestOperationModel): BodyModel | undefined {
  return op.responses.find((response) => response.status.startsWith("2") && response.body)?.body;
}

/** Parameters whose `style`/`explode` differ from their location's default, by location and name. */
function parameterStyles(
  op: RestOperationModel,
): Record<string, Record<string, { style: string; explode: boolean }>> | undefined {
  const styles: Record<string, Record<string, { style: string; explode: boolean }>> = {};
  for (const param of [...op.pathParams, ...op.queryParams, ...op.headerParams, ...op.cookieParams]) {
    if (param.style === undefined || param.explode === undefined) continue;
    // Prototype-less: a parameter named `__proto__` is a key like any other.
    styles[param.in] ??= Object.create(null);
    (styles[param.in] as Record<string, { style: string; explode: boolean }>)[param.name] = {
      style: param.style,
      explode: param.explode,
    };
  }
  return Object.keys(styles).length > 0 ? styles : undefined;
}
