import { parseArgs } from "node:util";
import type { RestOperation, RpcMethod } from "../runtime/operation.js";
import { surfaceUrl } from "./call-environment.js";
import { CALL_HELP, operationHelp } from "./call-help.js";
import { readInputs, restInput, rpcParams } from "./call-inputs.js";
import { printedAnswer } from "./call-output.js";
import { isSignedAction, sendSignedAction } from "./exchange-actions.js";
import { callRest, callRpc } from "./surface-callers.js";
import {
  type CallParameter,
  type CallSurface,
  loadSurface,
  operationList,
  parametersOf,
} from "./surfaces.js";
import { UsageError } from "./usage-error.js";

export { CALL_HELP } from "./call-help.js";

function readOptions(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        param: { type: "string", multiple: true },
        "json-params": { type: "string" },
        json: { type: "boolean" },
        reveal: { type: "boolean" },
        env: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * `chainkit call`: one operation of one surface, from the shell, through the library's clients.
 *
 * @param args - The arguments after `call`.
 * @throws {UsageError} for a wrong command line, an unknown surface, operation or parameter, or a
 *   missing URL or credential variable.
 * @throws {ChainkitError} as the library throws it: `RequestValidationError` before sending,
 *   `HttpError`, `JsonRpcError`, `ExchangeError` and the others after.
 * @example
 * await runCallCommand(["platform", "getOrganization", "--json"]);
 */
export async function runCallCommand(args: readonly string[]): Promise<void> {
  const { values: options, positionals } = readOptions(args);
  if (options.env !== undefined) loadEnvFile(options.env);
  const [surfaceName, operationId, extra] = positionals;
  if (surfaceName === undefined) {
    if (options.help) return console.log(CALL_HELP);
    throw new UsageError("name a surface and an operation, e.g. chainkit call evm eth_blockNumber");
  }
  if (extra !== undefined)
    throw new UsageError(`unexpected argument "${extra}" (inputs go in --param name=value)`);
  const surface = await loadSurface(surfaceName);
  if (operationId === undefined) {
    if (options.help)
      return console.log(`Operations of ${surface.name} (${surface.title}):\n${operationList(surface)}`);
    throw new UsageError(`name an operation of ${surface.name}:\n${operationList(surface)}`);
  }
  if (!Object.hasOwn(surface.operations, operationId)) {
    throw new UsageError(
      `${surface.name} has no operation "${operationId}"; it has:\n${operationList(surface)}`,
    );
  }
  const parameters = parametersOf(surface, operationId);
  if (options.help) return console.log(operationHelp(surface, operationId, parameters));

  const inputs = readInputs(options["json-params"], options.param ?? []);
  const result = await callOperation(surface, operationId, parameters, inputs);
  console.log(printedAnswer(result, { oneLine: options.json === true, reveal: options.reveal === true }));
}

function callOperation(
  surface: CallSurface,
  operationId: string,
  parameters: readonly CallParameter[],
  inputs: ReturnType<typeof readInputs>,
): Promise<unknown> {
  if (surface.kind === "rpc") {
    const method = surface.operations[operationId] as RpcMethod;
    return callRpc(surface, method, rpcParams(operationId, parameters, inputs));
  }
  const input = restInput(operationId, parameters, inputs);
  if (isSignedAction(surface.name, operationId)) {
    return sendSignedAction(surfaceUrl(surface), operationId, input.body as Record<string, unknown>);
  }
  return callRest(surface, surface.operations[operationId] as RestOperation, input);
}

function loadEnvFile(file: string): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new UsageError(`--env ${file}: ${(error as Error).message}`);
  }
}
