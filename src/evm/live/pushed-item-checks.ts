import type { EvmMethodName } from "../../../generated/evm/operations.js";
import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import type { RpcMethod } from "../../runtime/operation.js";
import { checkValue } from "../../runtime/validation/field-issues.js";
import { loadValidators } from "../../runtime/validation/load-validators.js";

/**
 * The descriptors whose result validators check pushed items, handed over by the client (which
 * has the generated table up front), so this lazily loaded code does not import the table itself.
 */
export type PushedItemMethods = Record<
  Extract<EvmMethodName, "ots_getHeaderByNumber" | "eth_getLogs">,
  RpcMethod
>;

/**
 * The spec's checks of the items a node pushes. The spec has no schema of its own for them: a pushed
 * head has the shape of the header `ots_getHeaderByNumber` answers, a pushed log that of one item of an
 * `eth_getLogs` answer, so those methods' result schemas check them.
 */
export interface PushedItemChecks {
  /** Issues of a pushed head, with pointers under `pointer`. */
  head(item: unknown, pointer: string): FieldIssue[];
  /** Issues of pushed logs (as an `eth_getLogs` answer), with pointers under `pointer`. */
  logs(items: readonly unknown[], pointer: string): FieldIssue[];
}

/**
 * Loads the validators the checks use (once per process; later calls reuse the loaded modules), so
 * each pushed item is checked without waiting.
 *
 * @param methods - The descriptors of `ots_getHeaderByNumber` and `eth_getLogs` (`evmMethods`).
 * @returns The checks.
 * @example
 * const checks = await loadPushedItemChecks(evmMethods);
 * const issues = checks.head({ number: "0x1" }, "/params/result"); // hash, parentHash, … are required
 */
export async function loadPushedItemChecks(methods: PushedItemMethods): Promise<PushedItemChecks> {
  const [header, logs] = await Promise.all([
    loadValidators(methods.ots_getHeaderByNumber),
    loadValidators(methods.eth_getLogs),
  ]);
  return {
    head: (item, pointer) => checkValue(header.result, item, pointer),
    logs: (items, pointer) => checkValue(logs.result, items, pointer),
  };
}
