import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { selectResponse } from "../../runtime/http/select-response.js";
import { parseJson } from "../../runtime/json/parse-json.js";
import { stringifyJson } from "../../runtime/json/stringify-json.js";
import type { RestOperation } from "../../runtime/operation.js";
import type { DescribedIssue } from "../../runtime/validation/field-issues.js";
import { loadedValidators, loadValidators } from "../../runtime/validation/load-validators.js";
import type { SandboxRequest, SandboxResponse, SurfaceHandler } from "../surface.js";
import { loadBundledSpec, type ParameterSpec } from "./bundled-spec.js";
import { coerceQuery } from "./coerce-query.js";
import { notFound, type RequestPart, type RestSurfaceName, refusal } from "./refusals.js";
import { SandboxContractError } from "./sandbox-contract-error.js";
import { assertAnswerValid, requestIssues } from "./spec-checks.js";
import { templatePattern } from "./template-pattern.js";

/** What a REST operation handler receives: the request, checked and converted. */
export interface RestInput {
  operation: RestOperation;
  pathParams: Record<string, string>;
  query: Record<string, unknown>;
  /** The parsed JSON body (integers beyond 2^53 as decimal strings), or undefined without one. */
  body: unknown;
  request: SandboxRequest;
}

/** One operation's implementation. Its answer is checked against the spec before it is sent. */
export type RestOperationHandler = (input: RestInput) => SandboxResponse | Promise<SandboxResponse>;

/** The outcome of reading a request: its input, or the surface's refusal. */
export type ReadRequestResult = { ok: true; input: RestInput } | { ok: false; response: SandboxResponse };

interface Route {
  operation: RestOperation;
  /** Matches the operation's paths, one group per path parameter. */
  pattern: RegExp;
  /** The path parameters' names, in template order. */
  pathParams: string[];
  parameters: ParameterSpec[];
}

/** `/v1/nodes/{id}/` → `["id"]`. */
function templateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/**
 * One REST surface's contract: routes requests to operations, checks them against the generated
 * validators (refusing in the surface's real error form), and checks every answer.
 *
 * @example
 * const contract = new RestContract("platform", platformOperations);
 * const handler = contract.handler({ getOrganization: () => ({ status: 200, body: { id: "RG-100-001", name: "Sandbox" } }) });
 */
export class RestContract {
  readonly surface: RestSurfaceName;
  readonly #routes: Route[];

  /**
   * @param surface - The surface (its bundled spec is read from `generated/<surface>/spec.json`).
   * @param operations - The surface's generated descriptors, keyed by operationId.
   */
  constructor(surface: RestSurfaceName, operations: Readonly<Record<string, RestOperation>>) {
    this.surface = surface;
    const spec = loadBundledSpec(surface);
    this.#routes = Object.values(operations).map((operation) => {
      const pathItem = spec.paths?.[operation.path] ?? {};
      const shared = (pathItem.parameters ?? []) as ParameterSpec[];
      const own = (pathItem[operation.method.toLowerCase()] as { parameters?: ParameterSpec[] } | undefined)
        ?.parameters;
      return {
        operation,
        pattern: templatePattern(operation.path),
        pathParams: templateNames(operation.path),
        parameters: [...shared, ...(own ?? [])],
      };
    });
  }

  /**
   * Routes and checks a request (loading the operation's validators on its first request).
   *
   * @param request - The request as the HTTP core passes it.
   * @returns The checked input, or the response that refuses the request.
   */
  async read(request: SandboxRequest): Promise<ReadRequestResult> {
    const method = request.method.toUpperCase();
    const onPath = this.#routes.filter((route) => route.pattern.test(request.path));
    const route = onPath.find((candidate) => candidate.operation.method === method);
    if (!route)
      return { ok: false, response: notFound(this.surface, method, request.path, onPath.length > 0) };
    const { operation } = route;

    const values = route.pattern.exec(request.path)?.slice(1) ?? [];
    const pathParams = Object.fromEntries(
      route.pathParams.map((name, index) => [name, decodeURIComponent(values[index] ?? "")]),
    );
    const query = coerceQuery(request.query, route.parameters);
    const validators = loadedValidators(operation) ?? (await loadValidators(operation));
    let body: unknown;
    const refuse = async (part: RequestPart, issues: readonly (FieldIssue | DescribedIssue)[]) => ({
      ok: false as const,
      response: await this.#checked(operation, refusal(this.surface, part, issues, query, body)),
    });

    if (validators.path) {
      const issues = requestIssues(validators.path, pathParams, "/path");
      if (issues.length > 0) return refuse("path", issues);
    }
    if (validators.query) {
      const issues = requestIssues(validators.query, query, "/query");
      if (issues.length > 0) return refuse("query", issues);
    }

    if (validators.body) {
      try {
        body = parseJson(request.body);
      } catch (error) {
        return refuse("json", [{ pointer: "/body", message: (error as Error).message }]);
      }
      const issues = requestIssues(validators.body, body, "/body");
      if (issues.length > 0) return refuse("body", issues);
    }
    return { ok: true, input: { operation, pathParams, query, body, request } };
  }

  /**
   * Checks an answer against the operation's responses in the spec.
   *
   * @param operation - The operation answered.
   * @param response - The answer.
   * @returns The same answer.
   * @throws {SandboxContractError} when the spec does not list the status or the body does not match.
   */
  check(operation: RestOperation, response: SandboxResponse): Promise<SandboxResponse> {
    return this.#checked(operation, response);
  }

  /**
   * A surface handler built from one implementation per operation: requests are read and checked
   * first, answers checked before they leave.
   *
   * @param handlers - Implementations keyed by operationId; an operation without one answers 501.
   * @returns The handler to give to `serveSurface`.
   * @throws {SandboxContractError} (inside the handler) on an answer the spec does not allow.
   */
  handler(handlers: Readonly<Record<string, RestOperationHandler>>): SurfaceHandler {
    return async (request) => {
      const read = await this.read(request);
      if (!read.ok) return read.response;
      const implementation = handlers[read.input.operation.id];
      if (!implementation) {
        throw new SandboxContractError(`${this.surface}: no implementation for ${read.input.operation.id}`);
      }
      return this.#checked(read.input.operation, await implementation(read.input));
    };
  }

  async #checked(operation: RestOperation, response: SandboxResponse): Promise<SandboxResponse> {
    const status = String(response.status);
    const { responses } = loadedValidators(operation) ?? (await loadValidators(operation));
    const key = selectResponse(responses, response.status);
    if (key === undefined) {
      throw new SandboxContractError(`${operation.id} answered ${status}, which the spec does not list`);
    }
    const validate = responses[key]?.validate;
    if (validate) {
      if (typeof response.body === "string" || response.body === undefined) {
        throw new SandboxContractError(`${operation.id} ${status}: the spec asks for a JSON body`);
      }
      // Validate what a client will parse: the written JSON read back losslessly.
      assertAnswerValid(validate, parseJson(stringifyJson(response.body)), `${operation.id} ${status}`);
    } else if (response.status === 204 && response.body !== undefined) {
      throw new SandboxContractError(`${operation.id} 204 must have no body`);
    }
    return response;
  }
}
