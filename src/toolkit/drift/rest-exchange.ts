import { selectResponse } from "../../runtime/http/select-response.js";
import { parseJson } from "../../runtime/json/parse-json.js";
import type { RestOperation, RestOperationValidators } from "../../runtime/operation.js";
import { loadedValidators } from "../../runtime/validation/load-validators.js";
import { templatePattern } from "../../sandbox/contract/template-pattern.js";
import { checkRequest } from "../mock/request-checks.js";
import { SpecDocument } from "../mock/spec-document.js";
import type { CapturedExchange } from "./captured-exchange.js";
import { checkValueDrift, type ValueFinding } from "./check-value.js";
import type { DriftRecord } from "./drift-record.js";
import { sampleText } from "./sample-text.js";
import type { SpecSchemas } from "./spec-schemas.js";

interface Route {
  operation: RestOperation;
  pattern: RegExp;
  names: string[];
}

/** Where a request landed: its operation, its path parameters, and the path segments before the operation's path. */
export interface RestMatch {
  operation: RestOperation;
  rawPathParams: Record<string, string>;
  /** Segments in front of the operation's path (a server path, a node token), by index. */
  prefix: string[];
}

/**
 * Finds the operation of a request, with a prefix of a few path segments allowed in front of its
 * path (the spec's server path, a node token in `/<token>/wallet/…`); the most specific path wins.
 */
export class RestRouter {
  readonly #routes: Route[];

  constructor(operations: Readonly<Record<string, RestOperation>>) {
    this.#routes = Object.values(operations)
      .map((operation) => ({
        operation,
        pattern: templatePattern(operation.path),
        names: [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string),
        literal: operation.path.replace(/\{[^}]+\}/g, "").length,
      }))
      .sort((a, b) => b.literal - a.literal);
  }

  match(method: string, pathname: string): RestMatch | undefined {
    const segments = pathname.split("/").slice(1);
    for (let skip = 0; skip <= Math.min(segments.length - 1, 4); skip++) {
      const path = `/${segments.slice(skip).join("/")}`;
      const route = this.#routes.find(
        (candidate) => candidate.operation.method === method.toUpperCase() && candidate.pattern.test(path),
      );
      if (!route) continue;
      const values = route.pattern.exec(path)?.slice(1) ?? [];
      const rawPathParams = Object.fromEntries(
        route.names.map((name, index) => [name, safeDecode(values[index] ?? "")]),
      );
      return { operation: route.operation, rawPathParams, prefix: segments.slice(0, skip) };
    }
    return undefined;
  }
}

/**
 * Checks one REST exchange: the request's parameters with the mock's request checks and its body,
 * and the answer's status and body, each with the operation's generated validators and against the
 * spec document (see `checkValueDrift`). An error answer (4xx, 5xx) whose body breaks its schema is
 * one record, `undocumented-error-shape`: the fix is a shape, not a field.
 */
export function checkRestExchange(
  exchange: CapturedExchange,
  match: RestMatch,
  schemas: SpecSchemas,
  redact: (text: string) => string,
): DriftRecord[] {
  const { operation } = match;
  const validators = loadedValidators(operation) as RestOperationValidators;
  const place = { kind: "rest" as const, path: operation.path, method: operation.method };
  const records: DriftRecord[] = [];
  const add = (direction: DriftRecord["direction"], findings: ValueFinding[], status?: number) => {
    for (const finding of findings) {
      records.push({
        operation: operation.id,
        direction,
        ...finding,
        ...(status !== undefined && { status }),
      });
    }
  };

  const url = new URL(exchange.target, "http://drift.invalid");
  const document = new SpecDocument(schemas.doc);
  const documentOperation = document.operation(operation.path, operation.method);
  const request = {
    method: exchange.method,
    url,
    headers: new Headers(exchange.requestHeaders),
    body: exchange.requestBody,
  };
  // The mock's checks read the parameters; the body is checked below, with discriminators and undocumented fields.
  const { body: _body, ...parameterValidators } = validators;
  const checked = checkRequest(
    request,
    match.rawPathParams,
    documentOperation,
    parameterValidators,
    document.resolve,
  );
  if (!checked.ok) {
    const issues = checked.issues.filter((issue) => !issue.message.startsWith("is not JSON"));
    add(
      "request",
      issues.map((issue) => ({
        pointer: issue.pointer,
        rule: issue.pointer === "/body" ? "required" : "parameter",
        message: issue.message,
      })),
    );
  }
  if (
    exchange.requestBody !== "" &&
    validators.body &&
    /json/i.test(exchange.requestHeaders["content-type"] ?? "json")
  ) {
    const body = parsed(exchange.requestBody);
    if (!body.ok) add("request", [{ pointer: "/body", rule: "not-json", message: "is not JSON" }]);
    else {
      const root = schemas.root(place, "request", ["body"]);
      add(
        "request",
        checkValueDrift(validators.body, body.value, "/body", root && { schemas, place: root.place }, redact),
      );
    }
  }

  const key = selectResponse(validators.responses, exchange.status);
  if (key === undefined) {
    add(
      "response",
      [
        {
          pointer: "",
          rule: "undocumented-status",
          message: `answered ${exchange.status}, a status the spec does not list for ${operation.id} (it lists ${Object.keys(validators.responses).join(", ")})`,
          ...(exchange.responseBody !== "" && { sample: sampleOfBody(exchange.responseBody, redact) }),
        },
      ],
      exchange.status,
    );
    return records;
  }
  const validate = validators.responses[key]?.validate;
  if (!validate || exchange.responseBody === "") return records;
  const body = parsed(exchange.responseBody);
  if (!body.ok) {
    add(
      "response",
      [{ pointer: "", rule: "not-json", message: "is not JSON, but the spec describes a JSON body" }],
      exchange.status,
    );
    return records;
  }
  const root = schemas.root(place, "response", [], key);
  const findings = checkValueDrift(validate, body.value, "", root && { schemas, place: root.place }, redact);
  const broken = findings.filter((finding) => !finding.rule.startsWith("undocumented-"));
  if (exchange.status >= 400 && broken.length > 0) {
    add(
      "response",
      [
        {
          pointer: "",
          rule: "undocumented-error-shape",
          message: `the ${exchange.status} answer has a shape the spec does not describe for it (${broken[0]?.pointer || "(root)"} ${broken[0]?.message})`,
          sample: sampleOfBody(exchange.responseBody, redact),
        },
      ],
      exchange.status,
    );
    return records;
  }
  add("response", findings, exchange.status);
  return records;
}

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJson(text) };
  } catch {
    return { ok: false };
  }
}

/** A body as a sample: its JSON, secrets masked (see `sampleText`), else its text cut short. */
function sampleOfBody(text: string, redact: (text: string) => string): string {
  const body = parsed(text);
  return body.ok ? sampleText(body.value, false, redact) : JSON.stringify(redact(text).slice(0, 120));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
