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

/** An action as the exchange client takes it: its fields, and the client method that sends it. */
interface SignedAction {
  /** The fields of the action a caller gives (`?`: optional); the client makes or fills in the rest. */
  fields: readonly string[];
  send(client: ExchangeClient, action: Fields, options: ActionOptions): Promise<unknown>;
}

/** Each action of `POST /exchange`, as the exchange client's method that checks, signs and sends it. */
const SIGNED_ACTIONS: Readonly<Record<string, SignedAction>> = {
  order: {
    fields: ["orders", "grouping?", "builder?"],
    send: (client, action, options) =>
      client.order(action.orders as OrderInput[], {
        ...options,
        grouping: action.grouping as Grouping | undefined,
        builder: action.builder as BuilderInput | undefined,
      }),
  },
  cancel: {
    fields: ["cancels"],
    send: (client, action, options) => client.cancel(action.cancels as CancelInput[], options),
  },
  cancelByCloid: {
    fields: ["cancels"],
    send: (client, action, options) => client.cancelByCloid(action.cancels as CancelByCloidInput[], options),
  },
  modify: {
    fields: ["oid", "order", "a?"],
    send: (client, action, options) =>
      client.modify({ oid: action.oid, order: action.order } as ModifyInput, {
        ...options,
        alwaysPlace: action.a as boolean | undefined,
      }),
  },
  batchModify: {
    fields: ["modifies", "a?"],
    send: (client, action, options) =>
      client.batchModify(action.modifies as ModifyInput[], { ...options, alwaysPlace: action.a as boolean }),
  },
  scheduleCancel: {
    fields: ["time?"],
    send: (client, action, options) =>
      client.scheduleCancel({ time: action.time as number | undefined }, options),
  },
  updateLeverage: {
    fields: ["asset", "isCross", "leverage"],
    send: (client, { asset, isCross, leverage }, options) =>
      client.updateLeverage(
        { asset, isCross, leverage } as Parameters<ExchangeClient["updateLeverage"]>[0],
        options,
      ),
  },
  updateIsolatedMargin: {
    fields: ["asset", "isBuy", "ntli"],
    send: (client, { asset, isBuy, ntli }, options) =>
      client.updateIsolatedMargin(
        { asset, isBuy, ntli } as Parameters<ExchangeClient["updateIsolatedMargin"]>[0],
        options,
      ),
  },
  // User-signed: no vault and no expiry; the client adds the network, the signing chain and the nonce.
  approveAgent: {
    fields: ["agentAddress", "agentName?"],
    send: (client, { agentAddress, agentName }) =>
      client.approveAgent({ agentAddress, agentName } as Parameters<ExchangeClient["approveAgent"]>[0]),
  },
};

/**
 * The fields a caller gives an action, in words for the help: `orders, grouping (optional), …`.
 *
 * @example
 * actionFieldsText("cancel"); // "cancels"
 */
export function actionFieldsText(operationId: string): string {
  const fields = SIGNED_ACTIONS[operationId]?.fields ?? [];
  return fields.map((field) => (field.endsWith("?") ? `${field.slice(0, -1)} (optional)` : field)).join(", ");
}

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
 * @returns What the client returns (for `order`, one status per order and the nonce).
 * @throws {UsageError} when the key is not set, `nonce` or `signature` is given, or the action is
 *   not an object of the fields the client takes.
 * @throws {RequestValidationError | ExchangeError} as the library throws them.
 * @example
 * await sendSignedAction(url, "cancel", { action: { cancels: [{ a: 0, o: 77738308 }] } });
 */
export async function sendSignedAction(baseUrl: string, operationId: string, body: Fields): Promise<unknown> {
  const { fields, send } = SIGNED_ACTIONS[operationId] as SignedAction;
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
  // The client builds the action from the fields it takes (and `type`): another would be lost unsaid.
  const taken = ["type", ...fields.map((field) => field.replace(/\?$/, ""))];
  const unknown = Object.keys(action).filter((field) => !taken.includes(field));
  if (unknown.length > 0) {
    throw new UsageError(
      `chainkit call takes no "${unknown.join('", "')}" in the ${operationId} action; ` +
        `give: ${actionFieldsText(operationId)} (the client makes the rest)`,
    );
  }
  const options: ActionOptions = {
    ...(body.vaultAddress !== undefined && { vaultAddress: body.vaultAddress as string | null }),
    // null means no expiry, as on the wire; anything else goes to the client, which checks it.
    ...(body.expiresAfter != null && { expiresAfter: body.expiresAfter as number }),
  };
  return send(client, action as Fields, options);
}
