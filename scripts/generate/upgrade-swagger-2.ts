import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer, parsePointer, valueAt } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";

/** The package that converts Swagger 2.0, and the version range the generator's tests ran with. */
const UPGRADER = "@scalar/openapi-upgrader";
const UPGRADER_RANGE = "^0.5.1";

/** A Swagger 2.0 document read as OpenAPI 3.0, with the way back to the places of the original. */
export interface UpgradedSwagger {
  /** The OpenAPI 3.0 document (the caller upgrades it on to 3.1). */
  doc: Json;
  /** The error said of the 2.0 document: its pointer and the `$ref`s it quotes as the user wrote them. */
  inOriginal: (error: SpecError) => SpecError;
}

/**
 * Converts a Swagger 2.0 document to OpenAPI 3.0 with Scalar's upgrader (maintained, no install
 * scripts, no file or network access: it only rewrites the object it is given). The package is
 * loaded only when a 2.0 spec arrives, so nobody else needs it installed.
 *
 * @param file - Spec file name for error messages.
 * @param doc - The parsed 2.0 document (not modified).
 * @throws {SpecError} When the converter is missing or refuses the document.
 */
export async function upgradeSwagger2(file: string, doc: JsonObject): Promise<UpgradedSwagger> {
  const { upgradeFromTwoToThree } = await import("@scalar/openapi-upgrader/2.0-to-3.0").catch(() => {
    throw new SpecError(
      file,
      "/swagger",
      `Swagger 2.0 is converted with ${UPGRADER}, which is not installed; run: npm install -D ${UPGRADER}@${UPGRADER_RANGE}`,
    );
  });
  let upgraded: Json;
  try {
    upgraded = upgradeFromTwoToThree(structuredClone(doc)) as Json;
  } catch (error) {
    throw new SpecError(
      file,
      "",
      `this Swagger 2.0 document could not be converted to OpenAPI 3 (${error instanceof Error ? error.message : String(error)}); check it against the Swagger 2.0 specification`,
    );
  }
  return {
    doc: upgraded,
    inOriginal: (error) =>
      new SpecError(error.file, swaggerPointer(doc, error.pointer), swaggerRefs(error.problem)),
  };
}

/** `#/components/schemas/Node` in a message as the 2.0 document wrote it, `#/definitions/Node`. */
function swaggerRefs(problem: string): string {
  return problem.replace(
    /#\/components\/(schemas|parameters|responses|securitySchemes)\//g,
    (_match, kind: string) => `#/${COMPONENT_HOMES[kind]}/`,
  );
}

/** Where 2.0 kept what 3.0 moved under `components`. */
const COMPONENT_HOMES: Record<string, string> = {
  schemas: "definitions",
  parameters: "parameters",
  responses: "responses",
  securitySchemes: "securityDefinitions",
};

/**
 * The pointer into the Swagger 2.0 document for a pointer into its 3.0 conversion: components go
 * back to `definitions`/`parameters`/`responses`, a response's `content/<type>/schema` to its
 * `schema`, a request body to the `in: body` parameter, and what has no 2.0 counterpart to its
 * nearest ancestor that has one.
 */
export function swaggerPointer(original: Json, pointer: string): string {
  const tokens = parsePointer(pointer);
  const mapped: string[] = [];
  let index = 0;
  if (tokens[0] === "components" && tokens[1] !== undefined && COMPONENT_HOMES[tokens[1]]) {
    mapped.push(COMPONENT_HOMES[tokens[1]] as string);
    index = 2;
  }
  while (index < tokens.length) {
    const token = tokens[index] as string;
    const base = childPointer("", ...mapped);
    if (token === "content" && tokens[index + 2] === "schema") {
      // `responses/200/content/application~1json/schema` was `responses/200/schema`.
      index += 2;
      continue;
    }
    if (token === "requestBody") {
      const body = bodyParameterIndex(original, base);
      if (body === undefined) break;
      mapped.push("parameters", String(body));
      // `requestBody/content/<type>/schema` was the body parameter's `schema`.
      index += tokens[index + 1] === "content" ? 3 : 1;
      continue;
    }
    if (valueAt(original, childPointer(base, token)) === undefined) {
      // A parameter's `schema/type` was the parameter's own `type`.
      if (token === "schema" && isObject(valueAt(original, base))) {
        index += 1;
        continue;
      }
      break;
    }
    mapped.push(token);
    index += 1;
  }
  return childPointer("", ...mapped);
}

/** The index of the `in: body` parameter of the operation at `operation`, if it has one. */
function bodyParameterIndex(original: Json, operation: string): number | undefined {
  const parameters = valueAt(original, childPointer(operation, "parameters"));
  if (!Array.isArray(parameters)) return undefined;
  const index = parameters.findIndex((parameter) => isObject(parameter) && parameter.in === "body");
  return index < 0 ? undefined : index;
}
