import { pointerToken } from "../../runtime/json/json-pointer.js";
import type { CapturedExchange } from "./captured-exchange.js";
import { createDriftChecker } from "./drift-checker.js";
import type { DriftRecord } from "./drift-record.js";
import { buildDriftReport, type DriftReport } from "./drift-report.js";
import { DriftSourceError } from "./drift-source-error.js";
import type { DriftSpec } from "./load-drift-spec.js";
import { isObject, jsonMediaKey, type Loose, type SpecSchemas } from "./spec-schemas.js";

/** Options of {@link checkSafeReads}. */
export interface SafeReadsOptions {
  /** The service's base URL (a node's `https_endpoint`, the platform's URL). */
  target: string;
  /** A bearer API key (`Authorization: Bearer`). */
  apiKey?: string;
  /** A node token, sent as the first path segment. */
  token?: string;
  /** Run operations that change something too (those the spec does not mark safe to retry). */
  allowWrites?: boolean;
  /** The `fetch` to send with (default: the global one). */
  fetch?: typeof fetch;
}

/** What a run checked and skipped. */
export interface SafeReadsResult {
  report: DriftReport;
  /** Operations sent. */
  ran: string[];
  /** Operations not sent, with why. */
  skipped: { operation: string; reason: string }[];
}

/**
 * Runs a spec's safe read operations (REST operations marked `x-idempotent`, JSON-RPC methods marked
 * read-only) with the spec's own examples against a real service, and checks each exchange as the
 * proxy does. An operation without an example for each required input is skipped, with the reason.
 *
 * @example
 * const { report } = await checkSafeReads(await loadDriftSpec({ surface: "evm" }), { target: "https://nd-1.example.com", token });
 */
export async function checkSafeReads(spec: DriftSpec, options: SafeReadsOptions): Promise<SafeReadsResult> {
  let base: URL;
  try {
    base = new URL(options.target);
  } catch {
    throw new DriftSourceError(`--target ${options.target}`, "is not a URL; give the service's base URL");
  }
  const send = options.fetch ?? fetch;
  const checker = createDriftChecker(spec);
  const records: DriftRecord[] = [];
  const ran: string[] = [];
  const skipped: SafeReadsResult["skipped"] = [];
  const prefix = `${base.pathname.replace(/\/$/, "")}${options.token ? `/${encodeURIComponent(options.token)}` : ""}`;
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  for (const request of plannedRequests(spec, options.allowWrites === true)) {
    if ("reason" in request) {
      skipped.push(request);
      continue;
    }
    const target = `${prefix}${request.path}`;
    const requestHeaders = { ...headers, ...(request.body !== "" && { "content-type": "application/json" }) };
    const answer = await send(new URL(target, base.origin), {
      method: request.method,
      headers: requestHeaders,
      ...(request.body !== "" && { body: request.body }),
    });
    const exchange: CapturedExchange = {
      method: request.method,
      target,
      requestHeaders,
      requestBody: request.body,
      status: answer.status,
      responseHeaders: Object.fromEntries(answer.headers),
      responseBody: await answer.text(),
    };
    records.push(...checker.check(exchange).records);
    ran.push(request.operation);
  }
  return { report: buildDriftReport(records, { spec, exchanges: ran.length }), ran, skipped };
}

type Planned =
  | { operation: string; method: string; path: string; body: string }
  | { operation: string; reason: string };

/** The requests to send, from the spec's examples. */
function plannedRequests(spec: DriftSpec, allowWrites: boolean): Planned[] {
  const { schemas } = spec;
  if (spec.kind === "openrpc") {
    const path = rpcPath(schemas);
    return Object.values(spec.methods).map((method) => {
      if (!method.idempotent && !allowWrites)
        return { operation: method.name, reason: "changes state (--allow-writes runs it)" };
      const at = schemas.operationPointer({ kind: "rpc", name: method.name });
      // The first example pairing, maybe by $ref, lists each param as { name, value }, maybe by $ref.
      const pairing = at === undefined ? undefined : schemas.place(`${at}/examples/0`);
      const example = pairing?.node;
      const params = Array.isArray(example?.params)
        ? (example.params as unknown[]).map(
            (_param, index) => schemas.place(`${pairing?.pointer}/params/${index}`)?.node.value,
          )
        : [];
      const declared = at === undefined ? [] : ((schemas.get(`${at}/params`) as unknown[] | undefined) ?? []);
      if (params.length === 0 && declared.length > 0 && !example)
        return { operation: method.name, reason: "no example in the spec" };
      return {
        operation: method.name,
        method: "POST",
        path,
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: method.name, params }),
      };
    });
  }
  return Object.values(spec.operations).map((operation) => {
    if (!operation.idempotent && !allowWrites)
      return { operation: operation.id, reason: "changes state (--allow-writes runs it)" };
    const at = schemas.operationPointer({
      kind: "rest",
      path: operation.path,
      method: operation.method,
    }) as string;
    const inputs = exampleInputs(schemas, at);
    if ("reason" in inputs) return { operation: operation.id, reason: inputs.reason };
    let path = operation.path;
    for (const [name, value] of Object.entries(inputs.path))
      path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    const query = new URLSearchParams(
      Object.entries(inputs.query).map(([name, value]) => [name, String(value)]),
    ).toString();
    return {
      operation: operation.id,
      method: operation.method,
      path: `${path}${query ? `?${query}` : ""}`,
      body: inputs.body,
    };
  });
}

/** The path after the token in the spec's first server (`https://{host}/{auth_token}/evm` → `/evm`). */
function rpcPath(schemas: SpecSchemas): string {
  const url = schemas.get("/servers/0/url");
  const after = typeof url === "string" ? url.split("{auth_token}")[1] : undefined;
  return after === undefined || after === "" ? "/" : after;
}

/** An operation's required inputs from its examples, or why there are none. */
function exampleInputs(
  schemas: SpecSchemas,
  at: string,
): { path: Loose; query: Loose; body: string } | { reason: string } {
  const path: Loose = {};
  const query: Loose = {};
  const item = at.slice(0, at.lastIndexOf("/"));
  for (const owner of [item, at]) {
    const list = schemas.get(`${owner}/parameters`);
    if (!Array.isArray(list)) continue;
    for (let index = 0; index < list.length; index++) {
      const parameter = schemas.place(`${owner}/parameters/${index}`)?.node;
      if (!parameter || (parameter.in !== "path" && parameter.in !== "query")) continue;
      const value = exampleOf(schemas, parameter, `${owner}/parameters/${index}`);
      if (value === undefined) {
        if (parameter.required === true)
          return { reason: `no example for the ${parameter.in} parameter ${String(parameter.name)}` };
        continue;
      }
      (parameter.in === "path" ? path : query)[String(parameter.name)] = value;
    }
  }
  const requestBody = schemas.place(`${at}/requestBody`);
  if (!requestBody) return { path, query, body: "" };
  const media = jsonMediaKey(requestBody.node.content);
  const mediaPointer = `${requestBody.pointer}/content/${pointerToken(media ?? "")}`;
  const body =
    media === undefined ? undefined : exampleOf(schemas, schemas.get(mediaPointer) as Loose, mediaPointer);
  if (body === undefined) {
    return requestBody.node.required === true
      ? { reason: "no example of the request body" }
      : { path, query, body: "" };
  }
  return { path, query, body: JSON.stringify(body) };
}

/** A parameter's or media type's example: `example`, the first `examples` entry, or its schema's. */
function exampleOf(schemas: SpecSchemas, holder: Loose | undefined, pointer: string): unknown {
  if (!isObject(holder)) return undefined;
  if ("example" in holder) return holder.example;
  if (isObject(holder.examples)) {
    const [first] = Object.keys(holder.examples);
    if (first !== undefined) return schemas.place(`${pointer}/examples/${pointerToken(first)}`)?.node.value;
  }
  const schema = schemas.place(`${pointer}/schema`)?.node;
  if (schema && "example" in schema) return schema.example;
  if (schema && Array.isArray(schema.examples)) return schema.examples[0];
  if (schema && "default" in schema) return schema.default;
  return undefined;
}
