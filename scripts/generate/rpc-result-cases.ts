import { isObject, type Json, type JsonObject } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { pascalCase } from "./names.js";
import { SpecError } from "./spec-error.js";

/** One case of `x-result-when`: the result's schema when a param has a given value. */
export interface ResultCaseModel {
  /** The param's value, a JSON literal (`true`, `false`, a string, a number). */
  equals: string | number | boolean;
  schema: Json;
  /** Pointer of the case's `schema`. */
  schemaPointer: string;
}

/** `x-result-when` of a method: its result narrowed by the value of one param. */
export interface ResultCasesModel {
  /** The param the result depends on, by position. */
  paramIndex: number;
  paramName: string;
  cases: ResultCaseModel[];
}

/**
 * Reads a method's `x-result-when` extension, which says what a method returns for given values of
 * one param, so the generated client can overload on them (`eth_getBlockByNumber(n, true)` returns
 * full transactions, `(n, false)` hashes). Each case's schema must be a narrowing of the result's:
 * validation keeps to the result's own schema.
 *
 * ```yaml
 * x-result-when:
 *   param: fullTransactionObjects
 *   cases:
 *     - equals: true
 *       schema: { oneOf: [{ $ref: "#/components/schemas/BlockWithTransactions" }, { type: "null" }] }
 * ```
 *
 * @throws {SpecError} For an unknown param, a case without `equals` or `schema`, or a repeated value.
 */
export function readResultCases(
  file: string,
  method: JsonObject,
  pointer: string,
  paramNames: readonly string[],
): ResultCasesModel | undefined {
  const raw = method["x-result-when"];
  if (raw === undefined) return undefined;
  const at = childPointer(pointer, "x-result-when");
  if (!isObject(raw) || typeof raw.param !== "string" || !Array.isArray(raw.cases)) {
    throw new SpecError(file, at, "x-result-when needs a param name and a list of cases");
  }
  const paramIndex = paramNames.indexOf(raw.param);
  if (paramIndex < 0) throw new SpecError(file, childPointer(at, "param"), `no param named "${raw.param}"`);
  const seen = new Set<string>();
  const cases = raw.cases.map((entry, index) => {
    const casePointer = childPointer(childPointer(at, "cases"), index);
    if (!isObject(entry) || entry.schema === undefined) {
      throw new SpecError(file, casePointer, "a case needs equals and schema");
    }
    const { equals } = entry;
    if (typeof equals !== "string" && typeof equals !== "number" && typeof equals !== "boolean") {
      throw new SpecError(
        file,
        childPointer(casePointer, "equals"),
        "equals must be a string, number or boolean",
      );
    }
    if (seen.has(JSON.stringify(equals))) {
      throw new SpecError(
        file,
        childPointer(casePointer, "equals"),
        `the value ${JSON.stringify(equals)} has two cases`,
      );
    }
    seen.add(JSON.stringify(equals));
    return { equals, schema: entry.schema, schemaPointer: childPointer(casePointer, "schema") };
  });
  return { paramIndex, paramName: raw.param, cases };
}

/** The name of a case's result type: `EthGetBlockByNumberResult` + `WhenFullTransactionObjectsTrue`. */
export function resultCaseTypeName(
  resultName: string,
  paramName: string,
  equals: ResultCaseModel["equals"],
): string {
  return `${resultName}When${pascalCase(paramName)}${pascalCase(String(equals))}`;
}
