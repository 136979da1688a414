import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { abiFunction } from "../../runtime/abi/abi-function.js";
import type { Hex } from "../signer/evm-signer.js";
import { type AbiParam, abiValue } from "./abi-values.js";

/** One function's coder: its arguments to call data, its return data to values. */
export interface FunctionCoder {
  encode(args: readonly unknown[]): Hex;
  decode(returned: Hex): unknown;
}

type AbiEntry = { type?: string; name?: string; inputs?: readonly AbiParam[]; outputs?: readonly AbiParam[] };

// The parameter coder reads a list of named parameters as an object; chainkit passes and returns
// positional tuples (as viem does), so top-level parameter names are dropped before it sees them.
// Tuple components keep their names: a struct argument or result is an object, as abitype types it.
const unnamed = (params: readonly AbiParam[] | undefined): AbiParam[] =>
  (params ?? []).map(({ name: _, ...rest }) => rest);

const coders = new WeakMap<object, Record<string, FunctionCoder>>();

/**
 * The coders of every function of an ABI, built once per ABI with chainkit's ABI coder
 * (`src/runtime/abi`). Loaded on the first call of a contract, so a read-only app that never calls one
 * does not load the coder. An overloaded name (two functions of one name) has no coder: which one a
 * call means is ambiguous.
 *
 * @param abi - The contract's ABI.
 * @returns A coder per function name.
 * @example
 * abiCoders(ERC20_ABI).balanceOf?.encode([address]); // "0x70a08231…"
 */
export function abiCoders(abi: readonly unknown[]): Record<string, FunctionCoder> {
  let found = coders.get(abi);
  if (found) return found;
  const functions = (abi as readonly AbiEntry[])
    .filter((entry) => entry.type === "function")
    .map((entry) => ({ ...entry, inputs: unnamed(entry.inputs), outputs: unnamed(entry.outputs) }));
  const counts = new Map<string, number>();
  for (const entry of functions) counts.set(entry.name ?? "", (counts.get(entry.name ?? "") ?? 0) + 1);
  found = {};
  for (const entry of functions) {
    const name = entry.name ?? "";
    if (name === "" || counts.get(name) !== 1) continue;
    const { inputs, outputs } = entry;
    const method = abiFunction({ name, inputs, outputs });
    found[name] = {
      // One parameter is coded as the value itself; several as a tuple.
      encode: (args) => {
        const values = inputs.map((param, i) => abiValue(param, args[i], "toEncode"));
        const input = inputs.length === 0 ? undefined : inputs.length === 1 ? values[0] : values;
        return `0x${bytesToHex(method.encodeInput(input))}`;
      },
      decode: (returned) => {
        if (outputs.length === 0) return undefined;
        const decoded = method.decodeOutput(hexToBytes(returned.slice(2)));
        if (outputs.length === 1) return abiValue(outputs[0] as AbiParam, decoded, "decoded");
        return outputs.map((param, i) => abiValue(param, (decoded as unknown[])[i], "decoded"));
      },
    };
  }
  coders.set(abi, found);
  return found;
}
