import { abiParameters } from "./abi-parameters.js";
import { selectorOf } from "./abi-selector.js";
import { type AbiParameter, signatureOf } from "./abi-type.js";

/** Revert data read as an error: its name, signature, decoded arguments and a sentence. */
export interface DecodedAbiError {
  name: string;
  signature: string;
  /** `Error`'s text, `Panic`'s code, or the custom error's arguments (one alone, several by name or position). */
  args: unknown;
  /** `Error`'s text, the panic's meaning with its code, or the custom error's signature. */
  message: string;
}

// Solidity's panic codes (the language's documentation, "Panic via assert and Error via require").
const PANICS: Record<number, string> = {
  0: "generic compiler panic",
  1: "assertion failed",
  17: "arithmetic overflow or underflow",
  18: "division or modulo by zero",
  33: "invalid enum value",
  34: "incorrectly encoded storage byte array",
  49: "pop on empty array",
  50: "array index out of bounds",
  65: "out of memory",
  81: "called invalid internal function",
};

const STRING = /* @__PURE__ */ abiParameters([{ type: "string" }]);
const UINT256 = /* @__PURE__ */ abiParameters([{ type: "uint256" }]);

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

function bytesOfHex(hex: string): Uint8Array {
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(hex))
    throw new Error("revert data must be 0x-prefixed hex of whole bytes");
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16);
  return bytes;
}

type AbiEntry = { type?: string; name?: string; inputs?: readonly AbiParameter[] };

/**
 * Reads revert data: `Error(string)`, `Panic(uint256)` (with the panic's meaning), or a custom error
 * declared in `abi`.
 *
 * @param data - The revert data as `0x` hex.
 * @param abi - A contract ABI whose `error` entries name custom errors.
 * @returns The error, or `undefined` for empty data or a selector neither built in nor in the ABI.
 * @throws {Error} when the data is shorter than a selector or its arguments do not decode.
 * @example
 * decodeAbiError("0x4e487b71" + "0".repeat(62) + "11")?.message; // "panic: arithmetic overflow or underflow (0x11)"
 */
export function decodeAbiError(data: string, abi?: readonly unknown[]): DecodedAbiError | undefined {
  const bytes = bytesOfHex(data);
  if (bytes.length === 0) return undefined;
  if (bytes.length < 4) throw new Error(`revert data of ${bytes.length} bytes is shorter than a selector`);
  const selector = hexOf(bytes.subarray(0, 4));
  const args = bytes.subarray(4);
  if (selector === "08c379a0") {
    const message = STRING.decode(args) as string;
    return { name: "Error", signature: "Error(string)", args: message, message };
  }
  if (selector === "4e487b71") {
    const code = UINT256.decode(args) as bigint;
    const known = code < 256n ? PANICS[Number(code)] : undefined;
    const message = `panic: ${known ?? "unknown code"} (0x${code.toString(16)})`;
    return { name: "Panic", signature: "Panic(uint256)", args: code, message };
  }
  for (const entry of (abi ?? []) as readonly AbiEntry[]) {
    if (entry?.type !== "error" || !entry.name) continue;
    const signature = signatureOf(entry.name, entry.inputs);
    if (hexOf(selectorOf(signature)) !== selector) continue;
    return {
      name: entry.name,
      signature,
      args: abiParameters(entry.inputs ?? []).decode(args),
      message: signature,
    };
  }
  return undefined;
}
