import { RequestValidationError } from "../../runtime/errors/request-validation-error.js";
import { TonAddressError } from "../errors/ton-address-error.js";
import { toRawAddress } from "./format-ton-address.js";

/**
 * The query parameters that hold account addresses, on every operation that has them (the spec
 * types each with `AccountAddress`, `AccountAddressList` or `MessageEndpointQuery`; a test keeps
 * this list and the spec in step).
 */
export const ADDRESS_PARAMETERS: ReadonlySet<string> = new Set([
  "account",
  "exclude_account",
  "address",
  "owner_address",
  "admin_address",
  "jetton_wallet",
  "jetton_master",
  "jetton_address",
  "collection_address",
  "item_address",
  "source",
  "destination",
]);

/** What `source`/`destination` take to ask for the missing side of an external message. */
const NO_ACCOUNT = "null";

/**
 * Reads every address parameter of a query in whatever form the caller wrote it (raw, base64url or
 * base64, checksum checked) and replaces it with the raw form, the indexer's key form. Other
 * parameters pass unchanged; values that are not strings are left for the spec's validator.
 *
 * @param operation - The operation id, for the error.
 * @param query - The query as the caller gave it.
 * @param at - Pointer prefix of the values (`/query`, or `/body` for a request body).
 * @returns A copy with raw addresses, or the same object when it has no address parameter.
 * @throws {RequestValidationError} naming the parameter (`/query/account`, `/query/account/1`) when a
 *   value is not a TON address, with the reason (e.g. a checksum that does not match).
 * @example
 * rawAddressParameters("getTransactions", { account: "UQAh1mFadGJcqL6zx6V3eXihI57oFIsd8Yx7iooyFVI9oDso" });
 * // { account: "0:21D6615A74625CA8BEB3C7A5777978A1239EE8148B1DF18C7B8A8A3215523DA0" }
 */
export function rawAddressParameters<Q extends object>(operation: string, query: Q, at = "/query"): Q {
  let copy: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(query)) {
    if (!ADDRESS_PARAMETERS.has(name)) continue;
    const raw = Array.isArray(value)
      ? value.map((item, index) => toRaw(operation, item, `${at}/${name}/${index}`))
      : toRaw(operation, value, `${at}/${name}`);
    copy ??= { ...(query as Record<string, unknown>) };
    copy[name] = raw;
  }
  return (copy ?? query) as Q;
}

function toRaw(operation: string, value: unknown, pointer: string): unknown {
  if (typeof value !== "string" || value === NO_ACCOUNT) return value;
  try {
    return toRawAddress(value);
  } catch (error) {
    if (!(error instanceof TonAddressError)) throw error;
    throw new RequestValidationError(operation, [
      { pointer, message: `is not a TON address: ${error.shortMessage}` },
    ]);
  }
}
