import { integerFormat } from "../../src/runtime/json/integer-format.js";
import type { Json } from "./json.js";
import { childPointer } from "./json-pointer.js";
import { SpecError } from "./spec-error.js";
import { isDataEntry, isNameMap } from "./spec-keys.js";

/**
 * A spec as the readers give it (`fast-yaml.ts`, `load-spec.ts`): JSON, except that an integer a
 * JavaScript number does not hold exactly (one past 2^53 − 1) is a `bigint`, until
 * {@link settleIntegers} decides what it becomes.
 */
export type ReadDocument =
  | null
  | boolean
  | number
  | bigint
  | string
  | ReadDocument[]
  | { [key: string]: ReadDocument };

/**
 * Where an integer sits, which decides what it becomes: the `enum` (`wide-enum`) or a value
 * (`wide-value`) of a schema with a wide integer format; anywhere else in an `enum` or `const`,
 * whose values the validators compare (`value`); in data nothing validates (`example`,
 * `examples`, `default`, an example's `value`, an `x-` extension); or in the spec's structure
 * (`maximum`, …).
 */
type Place = "wide-enum" | "wide-value" | "value" | "data" | "structure";

/** The largest integer a JavaScript number holds exactly, 2^53 − 1. */
const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Turns the `bigint`s of a read spec into what the generator works with, losing no digit silently:
 *
 * - a member of `enum`, or the `const`, of a schema with a wide integer format (`int64`, `uint64`,
 *   …) becomes its decimal string, the form the runtime gives such a field before it becomes a
 *   `bigint` (`parseJson`, `wireValue`), so the validators compare it exactly;
 * - in the `enum` or `const` of any other schema it is refused: the runtime reads an integer that
 *   large as its decimal string, which that value could never equal;
 * - in data nothing validates, one that a number would write back differently becomes its decimal
 *   string, with a note;
 * - elsewhere (`maximum`, `minimum`, …), one that a number would write back differently becomes the
 *   nearest number, with a note: the validators compare numbers with it, and no number they see is
 *   past 2^53 − 1, so no check changes, but `spec.json` and the docs show the rounded number.
 *
 * An integer within 2^53 − 1, and one a number writes back with the same digits
 * (`18446744073709552000`), is a number as before. The document is changed in place.
 *
 * @param file - The spec file, for errors and notes.
 * @param doc - The document as read, measured already (`spec-limits.ts`), so its depth is bounded.
 * @param note - Where notes go.
 * @throws {SpecError} At an `enum` member or `const` past 2^53 − 1 of a schema without a wide
 *   integer format, saying what to write instead.
 */
export function settleIntegers(file: string, doc: ReadDocument, note: (line: string) => void): Json {
  return settle(doc, "", "structure", false);

  function settle(node: ReadDocument, pointer: string, place: Place, inNameMap: boolean): Json {
    if (typeof node === "bigint") return integer(node, pointer, place);
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        node[index] = settle(item, childPointer(pointer, index), inner(place), false);
      });
      return node as Json[];
    }
    if (node === null || typeof node !== "object") return node;
    for (const [key, child] of Object.entries(node)) {
      const at = placeOf(key, child, node, place, inNameMap);
      node[key] = settle(
        child,
        childPointer(pointer, key),
        at,
        at === "structure" && isNameMap(key, inNameMap),
      );
    }
    return node as Json;
  }

  /** Where the members of a container at `place` sit: a wide schema's enum holds its values. */
  function inner(place: Place): Place {
    if (place === "wide-enum") return "wide-value";
    return place === "wide-value" ? "value" : place;
  }

  /** Where the value under `key` of an object at `place` sits. */
  function placeOf(
    key: string,
    child: ReadDocument,
    parent: { [key: string]: ReadDocument },
    place: Place,
    inNameMap: boolean,
  ): Place {
    if (place !== "structure") return inner(place);
    if (!inNameMap && (key === "enum" || key === "const")) {
      if (integerFormat(parent.format) === undefined) return "value";
      if (key === "const") return "wide-value";
      return Array.isArray(child) ? "wide-enum" : "value";
    }
    if (
      isDataEntry(key, child as Json, parent as Record<string, Json>, inNameMap) ||
      (!inNameMap && key.startsWith("x-"))
    )
      return "data";
    return "structure";
  }

  function integer(value: bigint, pointer: string, place: Place): Json {
    if (value <= MAX_EXACT && value >= -MAX_EXACT) return Number(value);
    const digits = value.toString();
    if (place === "wide-value") return digits;
    if (place === "value" || place === "wide-enum") {
      throw new SpecError(
        file,
        pointer,
        `${digits} is past 2^53 − 1 (9007199254740991), the largest integer a JavaScript number holds exactly, and chainkit's runtime reads an integer that large as its decimal string, which this value would never equal: give the schema a wide integer format (format: int64, or uint64) to read it exactly, as a bigint, or write the value as a string ("${digits}") if the field is text`,
      );
    }
    const rounded = Number(value);
    if (String(rounded) === digits) return rounded;
    if (place === "data") {
      note(
        `${file}#${pointer}: ${digits} is past 2^53 − 1, where a JavaScript number would write it as ${rounded}: kept exact, as the string "${digits}"`,
      );
      return digits;
    }
    note(
      `${file}#${pointer}: ${digits} is past 2^53 − 1: read as ${rounded}, the nearest JavaScript number, which spec.json and the docs show; no check changes, as no number a validator compares with it is that large`,
    );
    return rounded;
  }
}
