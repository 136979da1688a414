import { decodeAbiSequence } from "./abi-decode.js";
import { encodeAbiSequence } from "./abi-encode.js";
import { type AbiParameter, type AbiType, parseAbiType } from "./abi-type.js";

/** The coder of a parameter list (a function's inputs or outputs, an error's inputs). */
export interface AbiParametersCoder {
  /** Encodes the list's values: one parameter takes its value, several an object by name (all named) or an array. */
  encode(value: unknown): Uint8Array;
  /** Decodes the list's data in the same shape; `undefined` for an empty list. */
  decode(data: Uint8Array): unknown;
}

/**
 * The coder of a parameter list, in the shape TRC-20's and revert reasons' callers use: a single
 * parameter is its value alone; several are an object keyed by name when every one is named, an
 * array otherwise.
 *
 * @param params - The parameters.
 * @returns Its coder.
 * @throws {Error} naming a type that is not an ABI type.
 * @example
 * abiParameters([{ name: "to", type: "address" }, { name: "value", type: "uint256" }]).encode({ to, value: 1n });
 */
export function abiParameters(params: readonly AbiParameter[]): AbiParametersCoder {
  const types: AbiType[] = params.map((param) => parseAbiType(param));
  const names = params.map((param) => param.name ?? "");
  const named = params.length > 1 && names.every((name) => name !== "");
  return {
    encode(value) {
      if (types.length === 0) return new Uint8Array(0);
      if (types.length === 1) return encodeAbiSequence(types, [value], "");
      if (!named) {
        if (!Array.isArray(value)) throw new Error(`the values must be an array of ${types.length}`);
        return encodeAbiSequence(types, value, "");
      }
      const record = (value ?? {}) as Record<string, unknown>;
      return encodeAbiSequence(
        types,
        names.map((name) => record[name]),
        "",
        names,
      );
    },
    decode(data) {
      const values = decodeAbiSequence(types, data);
      if (types.length === 0) return undefined;
      if (types.length === 1) return values[0];
      return named ? Object.fromEntries(names.map((name, i) => [name, values[i]])) : values;
    },
  };
}
