import { type AbiParametersCoder, abiParameters } from "./abi-parameters.js";
import { selectorOf } from "./abi-selector.js";
import { type AbiParameter, signatureOf } from "./abi-type.js";

/** A function's coder: its call data from its arguments, its values from its return data. */
export interface AbiFunctionCoder {
  /** `name(type,…)`. */
  signature: string;
  /** The 4-byte selector that starts its call data. */
  selector: Uint8Array;
  /** The arguments' encoding alone, without the selector. */
  inputs: AbiParametersCoder;
  /** The call data: selector, then the arguments (shaped as {@link abiParameters} takes them). */
  encodeInput(value?: unknown): Uint8Array;
  /** The return data's values (shaped as {@link abiParameters} returns them). */
  decodeOutput(data: Uint8Array): unknown;
}

/**
 * The coder of one ABI function.
 *
 * @param entry - The function's ABI entry.
 * @returns Its coder.
 * @throws {Error} naming a type that is not an ABI type.
 * @example
 * const owner = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
 * abiFunction({ name: "balanceOf", inputs: [{ type: "address" }], outputs: [{ type: "uint256" }] }).encodeInput(owner);
 */
export function abiFunction(entry: {
  name: string;
  inputs?: readonly AbiParameter[];
  outputs?: readonly AbiParameter[];
}): AbiFunctionCoder {
  const signature = signatureOf(entry.name, entry.inputs);
  const selector = selectorOf(signature);
  const inputs = abiParameters(entry.inputs ?? []);
  const outputs = abiParameters(entry.outputs ?? []);
  return {
    signature,
    selector,
    inputs,
    encodeInput(value) {
      const encoded = inputs.encode(value);
      const out = new Uint8Array(4 + encoded.length);
      out.set(selector);
      out.set(encoded, 4);
      return out;
    },
    decodeOutput: (data) => outputs.decode(data),
  };
}
