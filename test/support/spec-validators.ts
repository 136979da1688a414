import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { validatorsFileOf } from "../../scripts/generate/generated-names.js";
import { selectResponse } from "../../src/runtime/http/select-response.js";
import type {
  Int64Paths,
  ResponseDescriptor,
  RestOperation,
  RpcMethod,
  Validator,
} from "../../src/runtime/operation.js";
import { loadValidators } from "../../src/runtime/validation/load-validators.js";

/**
 * How an operation's module reads a response status (exact code, then its range, then `default`).
 * The one place tests read operation modules, so a change of the contract is adapted here.
 */
async function responseOf(
  operation: RestOperation,
  status: number | string,
): Promise<ResponseDescriptor | undefined> {
  const { responses } = await loadValidators(operation);
  const key = selectResponse(responses, Number(status));
  return key === undefined ? undefined : responses[key];
}

/**
 * The generated validator of an operation's response body for a status, or `undefined` when the
 * spec gives that status no JSON body.
 */
export async function responseValidator(
  operation: RestOperation,
  status: number | string,
): Promise<Validator | undefined> {
  return (await responseOf(operation, status))?.validate;
}

/** Where int64 fields sit in an operation's response body for a status, as the runtime converts them. */
export async function responseInt64(operation: RestOperation, status: number | string): Promise<Int64Paths> {
  return (await responseOf(operation, status))?.int64 ?? [];
}

/** The generated validator of a JSON-RPC method's result. */
export async function resultValidator(method: RpcMethod): Promise<Validator> {
  return (await loadValidators(method)).result;
}

/**
 * Every validator an operation's module exports, by name (`body`, `responses.200`): its own
 * validator exports and each response status's `validate`; the plain data beside them is left out.
 */
export function validatorsOfModule(module: Record<string, unknown>): [string, Validator][] {
  return Object.entries(module).flatMap(([key, value]): [string, Validator][] => {
    // `responses` by status; a WebSocket's `subscriptions` and `messages` (channels module) by type.
    if (key === "responses" || key === "subscriptions" || key === "messages") {
      return Object.entries(value as Record<string, ResponseDescriptor>).flatMap(([status, response]) =>
        response.validate ? [[`${key}.${status}`, response.validate] as [string, Validator]] : [],
      );
    }
    return typeof value === "function" ? [[key, value as Validator]] : [];
  });
}

/**
 * The parts of a generated validators module, each as a module of its own: each operation's part
 * of a pack (`export const getNode = { path, responses }`, a pack's only exports), or the whole
 * module when it is one group's (the WebSocket's channels).
 */
export function partsOfModule(
  name: string,
  module: Record<string, unknown>,
): [string, Record<string, unknown>][] {
  // An operation's part always says how to read its answer: `responses` (REST) or `result` (JSON-RPC).
  const isPart = (value: unknown) =>
    typeof value === "object" && value !== null && ("responses" in value || "result" in value);
  const keys = Object.keys(module);
  if (keys.length === 0 || !keys.every((key) => isPart(module[key]))) return [[name, module]];
  return keys.map((key) => [`${name} ${key}`, module[key] as Record<string, unknown>]);
}

/**
 * The file of the module that packs an operation's validators, as the descriptor's loader in
 * `generated/<surface>/operations.ts` names it, and the operation's part of it.
 */
export async function packedValidators(
  root: string,
  surface: string,
  operation: string,
): Promise<{ file: string; part: Record<string, unknown> }> {
  const operations = await readFile(join(root, "generated", surface, "operations.ts"), "utf8");
  const path = validatorsFileOf(operations, operation);
  if (path === undefined) throw new Error(`no loader of ${surface} ${operation} in its operations.ts`);
  const file = join(root, "generated", surface, path);
  const module = (await import(pathToFileURL(file).href)) as Record<string, Record<string, unknown>>;
  return { file, part: module[operation] ?? {} };
}

/**
 * A module's characters with those of every chunk it imports, directly or not: what its first
 * load reads.
 */
export async function firstLoadCharacters(file: string, seen = new Set<string>()): Promise<number> {
  if (seen.has(file)) return 0;
  seen.add(file);
  const js = await readFile(file, "utf8");
  let total = js.length;
  for (const [, path] of js.matchAll(/^import \{[^}]*\} from "(\.[^"]+)";$/gm)) {
    total += await firstLoadCharacters(join(file, "..", path as string), seen);
  }
  return total;
}
