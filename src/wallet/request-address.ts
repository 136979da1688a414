import { RequestValidationError } from "../runtime/errors/request-validation-error.js";
import { isBase58Address, isHexAddress, toBase58Address, toHexAddress } from "./address.js";

/** The request fields that hold addresses, in every wallet operation. */
const ADDRESS_FIELDS = [
  "address",
  "owner_address",
  "to_address",
  "contract_address",
  "receiver_address",
  "fromAddress",
  "toAddress",
] as const;

/**
 * Rewrites the addresses of a request body into the form `visible` asks for: Base58Check `T…` when
 * true, lowercase `41…` hex when false, whichever form they came in. Real nodes refuse the other form.
 *
 * @param operation - The operation, for the error.
 * @param body - The request body (not modified).
 * @param visible - The body's encoding.
 * @returns A copy with converted addresses and `visible` set.
 * @throws {RequestValidationError} naming `/body/<field>` when an address is neither form (or its checksum fails).
 * @example
 * withVisibleAddresses("getAccount", { address: "41dd79…f9" }, true); // { address: "TWAFRf…qpHp", visible: true }
 */
export function withVisibleAddresses<T extends object>(
  operation: string,
  body: T,
  visible: boolean,
): T & { visible: boolean } {
  const result: Record<string, unknown> = { ...body, visible };
  for (const field of ADDRESS_FIELDS) {
    const value: unknown = result[field];
    if (value === undefined) continue;
    const converted = convertAddress(value, visible);
    if (converted === undefined) {
      throw new RequestValidationError(operation, [
        {
          pointer: `/body/${field}`,
          message:
            "must be a TRON address: Base58Check T… (34 characters, valid checksum) or 41 followed by 40 hex digits",
        },
      ]);
    }
    result[field] = converted;
  }
  return result as T & { visible: boolean };
}

/**
 * A TRON address in the form `visible` asks for, or `undefined` when the value is not an address.
 *
 * @example
 * convertAddress("TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp", false); // "41dd791d6b49e190062d650e6a23c575510d35f2f9"
 */
export function convertAddress(value: unknown, visible: boolean): string | undefined {
  if (isHexAddress(value)) return visible ? toBase58Address(value) : value.replace(/^0x/, "").toLowerCase();
  if (isBase58Address(value)) return visible ? value : toHexAddress(value);
  return undefined;
}
