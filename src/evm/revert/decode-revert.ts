import { decodeError } from "micro-eth-signer/abi.js";
import type { RevertReason } from "./revert-reason.js";

/** A JSON-RPC error's `data` as revert data, when it is hex (nodes put it there, or under `data.data`). */
export function revertDataOf(data: unknown): `0x${string}` | undefined {
  const hex = typeof data === "object" && data !== null ? (data as { data?: unknown }).data : data;
  return typeof hex === "string" && /^0x(?:[0-9a-fA-F]{2})*$/.test(hex) ? (hex as `0x${string}`) : undefined;
}

/**
 * Decodes revert data with micro-eth-signer's ABI coder: `Error(string)`, `Panic(uint256)` (with the
 * panic's meaning), and custom errors declared in `abi`. Data it cannot read is kept, undecoded.
 *
 * @param data - The revert data.
 * @param abi - A contract ABI whose `error` entries name custom errors.
 * @returns The reason.
 * @example
 * decodeRevert("0x08c379a0…").message; // "not enough balance"
 */
export function decodeRevert(data: `0x${string}`, abi?: readonly unknown[]): RevertReason {
  let decoded: ReturnType<typeof decodeError>;
  try {
    decoded = decodeError(data, abi as Parameters<typeof decodeError>[1]);
  } catch {
    decoded = undefined;
  }
  if (decoded) {
    return {
      name: decoded.name,
      signature: decoded.signature,
      args: decoded.args,
      message: decoded.message,
      data,
    };
  }
  const message =
    data === "0x"
      ? "reverted without a reason"
      : `reverted with data ${data.slice(0, 10)}… that is not Error(string), Panic(uint256) or an error of the ABI given`;
  return { name: undefined, signature: undefined, args: undefined, message, data };
}
