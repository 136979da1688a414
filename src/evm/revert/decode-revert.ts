import { type DecodedAbiError, decodeAbiError } from "../../runtime/abi/abi-error.js";
import type { RevertReason } from "./revert-reason.js";

/** A JSON-RPC error's `data` as revert data, when it is hex (nodes put it there, or under `data.data`). */
export function revertDataOf(data: unknown): `0x${string}` | undefined {
  const hex = typeof data === "object" && data !== null ? (data as { data?: unknown }).data : data;
  return typeof hex === "string" && /^0x(?:[0-9a-fA-F]{2})*$/.test(hex) ? (hex as `0x${string}`) : undefined;
}

/** One decoded argument in words: bigints in full, nested values as JSON. */
function argumentText(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return value;
  return JSON.stringify(value, (_, item) => (typeof item === "bigint" ? item.toString() : item));
}

/** A custom error with its arguments, e.g. `InsufficientBalance(account: 0x…, balance: 5, needed: 7)`. */
function withArguments(name: string, args: unknown): string {
  if (args === undefined) return `${name}()`;
  const entries =
    args !== null && typeof args === "object" && !Array.isArray(args)
      ? Object.entries(args).map(([key, value]) => `${key}: ${argumentText(value)}`)
      : (Array.isArray(args) ? args : [args]).map(argumentText);
  return `${name}(${entries.join(", ")})`;
}

/**
 * Decodes revert data with chainkit's ABI coder (`src/runtime/abi`): `Error(string)`, `Panic(uint256)` (with the
 * panic's meaning), and custom errors declared in `abi` (named with their arguments). Data it cannot read
 * is kept, undecoded.
 *
 * @param data - The revert data.
 * @param abi - A contract ABI whose `error` entries name custom errors.
 * @returns The reason.
 * @example
 * decodeRevert("0x08c379a0…").message; // "not enough balance"
 */
export function decodeRevert(data: `0x${string}`, abi?: readonly unknown[]): RevertReason {
  let decoded: DecodedAbiError | undefined;
  try {
    decoded = decodeAbiError(data, abi);
  } catch {
    decoded = undefined;
  }
  if (decoded) {
    const builtIn = decoded.name === "Error" || decoded.name === "Panic";
    return {
      name: decoded.name,
      signature: decoded.signature,
      args: decoded.args,
      message: builtIn ? decoded.message : withArguments(decoded.name, decoded.args),
      data,
    };
  }
  const message =
    data === "0x"
      ? "reverted without a reason"
      : `reverted with data ${data.slice(0, 10)}… that is not Error(string), Panic(uint256) or an error of the ABI given`;
  return { name: undefined, signature: undefined, args: undefined, message, data };
}
