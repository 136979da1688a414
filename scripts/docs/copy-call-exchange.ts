/**
 * The exchange's calls as its hand-written clients take them. The spec describes the wire body of
 * `POST /exchange` (an action, a nonce and a signature) and of `POST /info` (a `type` and the query's
 * fields); `createExchangeClient` signs and numbers the action itself, and `createInfoClient` takes a
 * query's fields as arguments. So the copied call is made from the spec's example body: the action's
 * fields become the method's arguments, the query's fields its positional arguments.
 */
import { literal } from "../generate/example-code.js";
import { isObject, type Json } from "../generate/json.js";

/** Fields a user-signed action carries that the client fills in itself. */
const FILLED_BY_CLIENT = new Set(["type", "signatureChainId", "hyperliquidChain", "nonce"]);

/** `/info` fields that are positional arguments of `createInfoClient`'s methods, in argument order. */
const INFO_POSITIONAL = ["user", "builder", "coin", "interval", "oid"];

/** `/info` fields that together make the `range` argument. */
const INFO_RANGE = ["startTime", "endTime"];

/**
 * The `exchange.<action>(…)` call for a signed action's example body.
 *
 * @param member - The action's client method, e.g. `order`.
 * @param body - The spec's example request body (`{ action, nonce, signature }`).
 * @returns The call statement.
 * @example actionCall("cancel", { action: { type: "cancel", cancels: [{ a: 0, o: 1 }] } }) // "const result = await exchange.cancel([{ a: 0, o: 1 }]);"
 */
export function actionCall(member: string, body: unknown): string {
  const action = isObject(body) && isObject(body.action) ? body.action : {};
  // A user-signed action carries its own `time`, which the client sets; elsewhere `time` is an argument.
  const userSigned = "hyperliquidChain" in action;
  const fields = Object.entries(action).filter(
    ([key]) => !FILLED_BY_CLIENT.has(key) && !(userSigned && key === "time"),
  );
  const arrays = fields.filter(([, value]) => Array.isArray(value));
  let args: unknown[];
  if (arrays.length === 1 && arrays[0]) {
    // `order(orders, { grouping })`, `cancel(cancels)`, `batchModify(modifies)`.
    const options = Object.fromEntries(fields.filter(([key]) => key !== arrays[0]?.[0]));
    args = Object.keys(options).length > 0 ? [arrays[0][1], options] : [arrays[0][1]];
  } else if (fields.length === 1 && isObject(fields[0]?.[1])) {
    // `twapOrder({ a, b, s, r, m, t })` from `{ twap: { … } }`.
    args = [fields[0][1]];
  } else {
    args = fields.length > 0 ? [Object.fromEntries(fields)] : [];
  }
  return callStatement("exchange", member, args);
}

/**
 * The `info.<query>(…)` call for an `/info` query's example body.
 *
 * @param member - The query's client method, e.g. `openOrders`.
 * @param body - The spec's example request body (`{ type, user, … }`).
 * @returns The call statement.
 * @example infoCall("openOrders", { type: "openOrders", user: "0xabc" }) // 'const result = await info.openOrders("0xabc");'
 */
export function infoCall(member: string, body: unknown): string {
  const query = isObject(body) ? { ...body, ...(isObject(body.req) ? body.req : {}) } : {};
  delete query.type;
  delete query.req;
  const args: unknown[] = INFO_POSITIONAL.filter((key) => key in query).map((key) => query[key]);
  const range = Object.fromEntries(INFO_RANGE.filter((key) => key in query).map((key) => [key, query[key]]));
  if (Object.keys(range).length > 0) args.push(range);
  const options = Object.fromEntries(
    Object.entries(query).filter(([key]) => !INFO_POSITIONAL.includes(key) && !INFO_RANGE.includes(key)),
  );
  if (Object.keys(options).length > 0) args.push(options);
  return callStatement("info", member, args);
}

function callStatement(variable: string, member: string, args: readonly unknown[]): string {
  const written = args.map((arg) => literal(arg as Json));
  const oneLine = `const result = await ${variable}.${member}(${written.join(", ")});`;
  if (!oneLine.includes("\n")) return oneLine;
  return `const result = await ${variable}.${member}(\n${args.map((arg) => `  ${literal(arg as Json, [], "  ")},`).join("\n")}\n);`;
}
