import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { addressIssue } from "../address/address-issue.js";
import type { AbiParam } from "./abi-values.js";

const INTEGER = /^u?int\d*$/;
const ARRAY = /^(.*)\[\d*\]$/;

function argumentIssue(param: AbiParam, value: unknown, pointer: string): FieldIssue[] {
  const array = ARRAY.exec(param.type);
  if (array) {
    if (!Array.isArray(value)) return [];
    const item = { ...param, type: array[1] as string };
    return value.flatMap((entry, i) => argumentIssue(item, entry, `${pointer}/${i}`));
  }
  if (param.type === "address") {
    const issue = addressIssue(value, pointer);
    return issue ? [issue] : [];
  }
  if (INTEGER.test(param.type) && typeof value === "number" && !Number.isSafeInteger(value)) {
    return [
      {
        pointer,
        message: Number.isInteger(value)
          ? `is ${value}, above 2^53 where a number loses digits: an ${param.type} takes integers only, give it as a bigint (BigInt("…") or a literal like 10n ** 18n)`
          : `is ${value}: an ${param.type} takes integers only, a bigint or a safe-integer number (scale a decimal amount to the smallest unit first, e.g. 1.5 tokens of 18 decimals is 1_500_000_000_000_000_000n)`,
      },
    ];
  }
  return [];
}

/**
 * The mistakes in a contract call's arguments that the ABI coder would report in its own words, said
 * in chainkit's: addresses (shape, TRON form, EIP-55 checksum) and integers given as fractions or as
 * numbers too large to be exact. Arrays are checked entry by entry; other shapes are left to the coder.
 *
 * @param inputs - The function's ABI inputs.
 * @param args - The arguments as given.
 * @returns One issue per fault, at `/args/<i>` (and deeper for arrays).
 * @example
 * argumentIssues([{ type: "uint256" }], [1.5]); // [{ pointer: "/args/0", message: "is 1.5: an uint256 takes integers only, …" }]
 */
export function argumentIssues(inputs: readonly AbiParam[], args: readonly unknown[]): FieldIssue[] {
  return inputs.flatMap((param, i) => argumentIssue(param, args[i], `/args/${i}`));
}
