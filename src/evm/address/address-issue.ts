import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { checksumProblem } from "../../runtime/signing/checksum-address.js";

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
// TRON's base58check form: "T" and 33 more base58 digits.
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * What is wrong with an EVM address a user gave, in words: not 0x and 40 hex digits (and a TRON
 * address named as one), or mixed-case hex whose EIP-55 checksum does not hold. All-lowercase and
 * all-uppercase hex carry no checksum and are accepted, as viem does.
 *
 * @param value - The address as given.
 * @param pointer - Where it sits in the input, e.g. `/to` or `/args/0`.
 * @param hint - What to add to the shape's message, e.g. "(leave it out to create a contract)".
 * @returns The issue, or `undefined` when the address is fine.
 * @example
 * addressIssue("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "/to")?.message; // "… use 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
 */
export function addressIssue(value: unknown, pointer: string, hint = ""): FieldIssue | undefined {
  const suffix = hint ? ` ${hint}` : "";
  if (typeof value === "string" && TRON_ADDRESS.test(value)) {
    return {
      pointer,
      message: `is a TRON address (T and base58 digits); an EVM address is 0x and 40 hex digits${suffix}`,
    };
  }
  if (typeof value !== "string" || !HEX_ADDRESS.test(value)) {
    return { pointer, message: `must be an address: 0x and 40 hex digits${suffix}` };
  }
  return checksumIssue(value, pointer);
}

/**
 * The part of {@link addressIssue} a shape check leaves out: a TRON address, or hex of the right
 * shape with a wrong EIP-55 checksum. Anything else (another shape, another type) is no issue here.
 *
 * @param value - The address as given.
 * @param pointer - Where it sits in the input, e.g. `/params/0`.
 * @returns The issue, or `undefined`.
 * @example
 * checksumIssue("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "/params/0"); // undefined: no checksum to check
 */
export function checksumIssue(value: unknown, pointer: string): FieldIssue | undefined {
  if (typeof value !== "string") return undefined;
  if (TRON_ADDRESS.test(value)) return addressIssue(value, pointer);
  if (!HEX_ADDRESS.test(value)) return undefined;
  const problem = checksumProblem(value);
  return problem === undefined ? undefined : { pointer, message: problem };
}
