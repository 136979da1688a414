import { RequestValidationError } from "../runtime/errors/request-validation-error.js";
import type { RestInput, RestOperation } from "../runtime/operation.js";
import {
  createRestCaller,
  type HttpRestCaller,
  type RestCallerOptions,
} from "../runtime/rest/create-rest-caller.js";
import { convertAddress, withVisibleAddresses } from "./request-address.js";

const HEX = /^(0x)?[0-9a-fA-F]*$/;
const TRANSACTION_ID = /^(0x)?([0-9a-fA-F]{64})$/i;
/** Operations whose `value` is a transaction id, and those whose `value` is an address. */
const TRANSACTION_ID_VALUE = new Set(["getTransactionById", "getTransactionInfoById"]);
const ADDRESS_VALUE = new Set(["getContract", "getContractInfo", "getDelegatedResourceAccountIndexV2"]);
/** The constant-call owner when none is given: the zero address, as tronweb sends it. */
const ZERO_ADDRESS = "410000000000000000000000000000000000000000";

/**
 * Creates the REST caller every wallet request goes through, for the wallet client and `chainkit
 * call` alike, so the rules a schema cannot say are kept in one place:
 * - `visible` is always sent (default `true`; real nodes default to `false`), and the addresses of a
 *   body are sent in the form it asks for, whichever form they came in;
 * - a constant call without `owner_address` is made from the zero address;
 * - a token name looked up with `visible: false` must be hex;
 * - a transaction id may come `0x`-prefixed (the prefix is dropped, in every operation that takes
 *   one), and a contract look-up's address in either form;
 * - the node's `{"Error": "…"}` answers at HTTP 200 become an `HttpError`.
 *
 * `format: int64` values are held to 64 bits, sent or answered, by the operations' validators, as
 * on every surface.
 *
 * A signed transaction (`broadcastTransaction`) goes exactly as the node built it.
 *
 * @param options - The REST caller's options (base URL, auth, transport).
 * @returns The caller.
 * @throws {ConfigurationError} when the base URL is insecure or options are malformed.
 * @example
 * const caller = createWalletCaller({ baseUrl: "https://nd-123-456-789.p2pify.com", auth: nodeAuth({ token: "<token>" }) });
 * await caller.call(walletOperations.getAccount, { body: { address: "TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp" } });
 */
export function createWalletCaller(options: RestCallerOptions): HttpRestCaller {
  return createRestCaller({ ...options, detectServiceError: walletErrorMessage, prepareInput: walletInput });
}

/** A wallet request as it is sent: `visible` set, addresses in its form, defaults filled in. */
function walletInput(operation: RestOperation, input: RestInput): RestInput {
  if (operation.id === "broadcastTransaction") return input;
  if (operation.method === "GET") {
    return { ...input, query: { ...input.query, visible: input.query?.visible ?? true } };
  }
  const body = input.body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return input;
  const read = body as Record<string, unknown>;
  const visible = (read.visible ?? true) as boolean;
  const base = operation.id.replace(/Solidity$/, "");
  if (
    base === "getAssetIssueListByName" &&
    !visible &&
    typeof read.value === "string" &&
    !HEX.test(read.value)
  ) {
    throw new RequestValidationError(operation.id, [
      {
        pointer: "/body/value",
        message: "must be the hex of the UTF-8 name when visible is false (see textToHex)",
      },
    ]);
  }
  let filled = base === "triggerConstantContract" ? { owner_address: ZERO_ADDRESS, ...read } : read;
  if (TRANSACTION_ID_VALUE.has(base)) filled = { ...filled, value: transactionId(operation.id, read.value) };
  if (ADDRESS_VALUE.has(base))
    filled = { ...filled, value: convertAddress(read.value, visible) ?? read.value };
  return { ...input, body: withVisibleAddresses(operation.id, filled, visible) };
}

/** A transaction id as sent: 64 hex digits, a `0x` prefix dropped; anything else refused in words. */
function transactionId(operation: string, value: unknown): string {
  const match = typeof value === "string" ? TRANSACTION_ID.exec(value) : null;
  if (match) return match[2] as string;
  throw new RequestValidationError(operation, [
    {
      pointer: "/body/value",
      message: "must be a transaction id: 64 hex digits (the txID), with or without a 0x prefix",
    },
  ]);
}

/** The message of a wallet node's `{"Error": "…"}` answer, which comes with HTTP 200. */
function walletErrorMessage(body: unknown): string | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const message = (body as { Error?: unknown }).Error;
  return typeof message === "string" ? message : undefined;
}
