/**
 * Signed exchange actions from the shell: `chainkit call exchange <action>` hands the action's fields
 * to the library's exchange client, which checks them (prices and sizes against the assets too),
 * takes the next nonce, signs and sends, exactly as a program calling it would.
 */

import type { Grouping } from "../../generated/exchange/types.js";
import type {
  ActionOptions,
  BuilderInput,
  CancelByCloidInput,
  CancelInput,
  ExchangeClient,
  ModifyInput,
  OrderInput,
} from "../exchange.js";
import { exchangeSigning } from "./call-environment.js";
import { UsageError } from "./usage-error.js";

type Fields = Record<string, unknown>;
type SignedAction = (client: ExchangeClient, action: Fields, options: ActionOptions) => Promise<unknown>;

/** Each action of `POST /exchange`, as the exchange client's method that checks, signs and sends it. */
const SIGNED_ACTIONS: Readonly<Record<string, SignedAction>> = {
  order: (client, action, options) =>
    client.order(action.orders as OrderInput[], {
      ...options,
      grouping: action.grouping as Grouping | undefined,
      builder: action.builder as BuilderInput | undefined,
    }),
  cancel: (client, action, options) => client.cancel(action.cancels as CancelInput[], options),
  cancelByCloid: (client, action, options) =>
    client.cancelByCloid(action.cancels as CancelByCloidInput[], options),
  modify: (client, action, options) =>
    client.modify({ oid: action.oid, order: action.order } as ModifyInput, {
      ...options,
      alwaysPlace: action.a as boolean | undefined,
    }),
  batchModify: (client, action, options) =>
    client.batchModify(action.modifies as ModifyInput[], { ...options, alwaysPlace: action.a as boolean }),
  scheduleCancel: (client, action, options) =>
    client.scheduleCancel({ time: action.time as number | undefined }, options),
  updateLeverage: (client, { asset, isCross, leverage }, options) =>
    client.updateLeverage(
      { asset, isCross, leverage } as Parameters<ExchangeClient["updateLeverage"]>[0],
      options,
    ),
  updateIsolatedMargin: (client, { asset, isBuy, ntli }, options) =>
    client.updateIsolatedMargin(
      { asset, isBuy, ntli } as Parameters<ExchangeClient["updateIsolatedMargin"]>[0],
      options,
    ),
  // User-signed: no vault and no expiry; the client adds the network, the signing chain and the nonce.
  approveAgent: (client, { agentAddress, agentName }) =>
    client.approveAgent({ agentAddress, agentName } as Parameters<ExchangeClient["approveAgent"]>[0]),
};

/** The body fields the client makes itself: they are never taken from the command line. */
export const SIGNED_FIELDS: readonly string[] = ["nonce", "signature"];

/**
 * Whether `chainkit call` signs this exchange operation itself.
 *
 * @example
 * isSignedAction("exchange", "order"); // true
 * isSignedAction("exchange", "meta"); // false
 */
export function isSignedAction(surface: string, operationId: string): boolean {
  return surface === "exchange" && Object.hasOwn(SIGNED_ACTIONS, operationId);
}

/**
 * Checks, signs and sends one exchange action with the key in `CHAINKIT_EXCHANGE_PRIVATE_KEY`,
 * through `createExchangeClient`: the nonce is the next one for that key, and `vaultAddress` and
 * `expiresAfter` (when given) are signed with the action.
 *
 * @param baseUrl - The exchange API base URL.
 * @param operationId - The action, e.g. `order`.
 * @param body - The request body as given: `action`, and optionally `vaultAddress` and `expiresAfter`.
 * @param actionFields - The fields the spec gives the action: any other is refused.
 * @returns What the client returns (for `order`, one status per order and the nonce).
 * @throws {UsageError} when the key is not set, `nonce` or `signature` is given, or the action is
 *   not an object of the spec's fields.
 * @throws {RequestValidationError | ExchangeError} as the library throws them.
 * @example
 * await sendSignedAction(url, "cancel", { action: { cancels: [{ a: 0, o: 77738308 }] } }, ["type", "cancels"]);
 */
export async function sendSignedAction(
  baseUrl: string,
  operationId: string,
  body: Fields,
  actionFields: readonly string[],
): Promise<unknown> {
  const send = SIGNED_ACTIONS[operationId] as SignedAction;
  const given = SIGNED_FIELDS.filter((field) => body[field] !== undefined);
  if (given.length > 0) {
    throw new UsageError(
      `chainkit call signs ${operationId} itself: leave out ${given.join(" and ")} (the nonce and signature are made for you)`,
    );
  }
  const { privateKey, network } = exchangeSigning(operationId);
  const { createExchangeClient } = await import("../exchange/client.js");
  const client = createExchangeClient({ baseUrl, privateKey, network });
  const action = body.action;
  if (action === null || typeof action !== "object" || Array.isArray(action)) {
    throw new UsageError(
      `${operationId} needs its action's fields as a JSON object: --param action='{…}' (see chainkit call exchange ${operationId} --help)`,
    );
  }
  // The client builds the action from the fields it knows: one it does not know would be lost unsaid.
  const unknown = Object.keys(action).filter((field) => !actionFields.includes(field));
  if (unknown.length > 0) {
    throw new UsageError(
      `the ${operationId} action has no field ${unknown.map((field) => `"${field}"`).join(", ")}; its fields: ${actionFields.join(", ")}`,
    );
  }
  const options: ActionOptions = {
    ...(body.vaultAddress !== undefined && { vaultAddress: body.vaultAddress as string | null }),
    // null means no expiry, as on the wire; anything else goes to the client, which checks it.
    ...(body.expiresAfter != null && { expiresAfter: body.expiresAfter as number }),
  };
  return send(client, action as Fields, options);
}
