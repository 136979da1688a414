import { decodeAbiError } from "../../runtime/abi/abi-error.js";

/**
 * The revert reason in revert data: `Error(string)`'s text, a panic's description, or undefined
 * when the data holds neither (a contract that reverted without a reason).
 *
 * @param data - The revert data as hex, without `0x` (`constant_result[0]`, `contractResult[0]`).
 * @example
 * revertReason("08c379a0" + "0".repeat(62) + "20" + "0".repeat(62) + "04" + "626f6f6d" + "0".repeat(56)); // "boom"
 */
export function revertReason(data: string): string | undefined {
  if (!data) return undefined;
  try {
    return decodeAbiError(`0x${data}`)?.message;
  } catch {
    return undefined;
  }
}
