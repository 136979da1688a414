import type { FieldIssue } from "../../runtime/errors/request-validation-error.js";
import { selectResponse } from "../../runtime/http/select-response.js";
import { stringifyJson } from "../../runtime/json/stringify-json.js";
import type { RestOperation, RestOperationValidators } from "../../runtime/operation.js";
import { loadedValidators } from "../../runtime/validation/load-validators.js";
import { templatePattern } from "../../sandbox/contract/template-pattern.js";
import { type ChosenBody, chooseBody, exampleNames } from "./answer-body.js";
import type { MockAnswer } from "./mock-answer.js";
import { problem } from "./mock-answer.js";
import { readPrefer } from "./prefer-header.js";
import { checkRequest, type MockRequest } from "./request-checks.js";
import { type ResourceRole, resourceRoles } from "./resource-roles.js";
import { ResourceStore } from "./resource-store.js";
import { flattenSchema, type SampleSchema } from "./schema-sample.js";
import { jsonMedia, type MockOperationSpec, SpecDocument } from "./spec-document.js";
import { stableSeed } from "./stable-seed.js";

/** How a mock answers. */
export interface MockOptions {
  /** Answers repeat per seed (default 1). */
  seed?: number;
  /** Answer every request from the spec alone: no resource is kept between requests. */
  stateless?: boolean;
}

interface Route {
  operation: RestOperation;
  pattern: RegExp;
  names: string[];
  spec: MockOperationSpec;
  /** How many literal characters the template has: the more specific route wins. */
  literal: number;
}

/** Field names an error body commonly carries its words in. */
const MESSAGE_FIELDS = ["message", "detail", "error", "error_description", "title", "description"];

/**
 * A mock of one OpenAPI spec: routes each request to its operation, refuses one that the generated
 * validators refuse (in the spec's own error shape when it has one, else problem+json naming each
 * field), and answers from the spec's examples or from values drawn from its schemas, every answer
 * checked by the generated response validator. Creates, reads, replaces, deletes and lists keep
 * state where the paths make the resource obvious (see `resourceRoles`), unless `stateless`.
 */
export class RestMock {
  readonly #document: SpecDocument;
  readonly #routes: Route[];
  readonly #roles: Map<string, ResourceRole>;
  readonly #store = new ResourceStore();
  readonly #seed: number;
  readonly #stateless: boolean;
  readonly #basePaths: string[];

  /**
   * @param document - The bundled spec (`spec.json` of the generated client).
   * @param operations - The generated descriptors, their validators loaded.
   * @param options - Seed and state.
   */
  constructor(
    document: Record<string, unknown>,
    operations: Readonly<Record<string, RestOperation>>,
    options: MockOptions = {},
  ) {
    this.#document = new SpecDocument(document);
    this.#seed = options.seed ?? 1;
    this.#stateless = options.stateless ?? false;
    this.#roles = resourceRoles(operations);
    this.#routes = Object.values(operations)
      .map((operation) => ({
        operation,
        pattern: templatePattern(operation.path),
        names: [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string),
        spec: this.#document.operation(operation.path, operation.method),
        literal: operation.path.replace(/\{[^}]+\}/g, "").length,
      }))
      .sort((a, b) => b.literal - a.literal);
    this.#basePaths = serverPaths(document);
  }

  /**
   * Answers one request.
   *
   * @param request - The request.
   * @returns The answer.
   */
  handle(request: MockRequest): MockAnswer {
    const method = request.method.toUpperCase();
    const path = this.#pathInSpec(request.url.pathname);
    const onPath = this.#routes.filter((route) => route.pattern.test(path));
    const route = onPath.find((candidate) => candidate.operation.method === method);
    if (!route) {
      if (onPath.length > 0) {
        const allowed = onPath.map((candidate) => candidate.operation.method).join(", ");
        return problem(
          405,
          "Method not allowed",
          `${method} ${path} is not in the spec; this path takes ${allowed}`,
        );
      }
      return problem(404, "Not found", `no operation of the spec has the path ${path}`);
    }
    const validators = loadedValidators(route.operation) as RestOperationValidators;
    const values = route.pattern.exec(path)?.slice(1) ?? [];
    const rawPathParams = Object.fromEntries(
      route.names.map((name, index) => [name, decodeURIComponent(values[index] ?? "")]),
    );
    const checked = checkRequest(request, rawPathParams, route.spec, validators);
    if (!checked.ok) return this.#refusal(route, validators, checked.issues);
    const input = { path: path.replace(/\/$/, ""), ...checked };
    return this.#answer(route, validators, request, input);
  }

  /** The request path with the spec's server path (`/v1` of `https://api.example.com/v1`) taken off. */
  #pathInSpec(pathname: string): string {
    if (this.#routes.some((route) => route.pattern.test(pathname))) return pathname;
    const base = this.#basePaths.find((prefix) => pathname.startsWith(`${prefix}/`));
    return base === undefined ? pathname : pathname.slice(base.length);
  }

  #answer(
    route: Route,
    validators: RestOperationValidators,
    request: MockRequest,
    { path, pathParams, query, body }: CheckedInput,
  ): MockAnswer {
    const prefer = readPrefer(request.headers.get("prefer"));
    const role = this.#roles.get(route.operation.id);
    const seed = stableSeed(this.#seed, route.operation.id, path);
    const responses = route.spec.responses;
    let key: string | undefined;
    if (prefer.code !== undefined) {
      key = selectResponse(validators.responses, Number(prefer.code));
      if (key === undefined) {
        return problem(
          400,
          "No such answer in the spec",
          `Prefer asks for ${prefer.code}, but ${route.operation.id} lists only ${Object.keys(responses).join(", ")}`,
        );
      }
    }
    const state =
      prefer.code === undefined && role
        ? this.#stateful(role, path, route, pathParams, query, body)
        : undefined;
    if (state?.status === "missing") {
      const missing = selectResponse(validators.responses, 404);
      if (missing !== undefined && missing !== "default") key = missing;
    }
    key ??= successKey(Object.keys(responses));
    if (key === undefined) return { status: 204, headers: {} };
    const status =
      key === "default" || /X/.test(key)
        ? Number(prefer.code ?? (key === "default" ? 200 : `${key[0]}00`))
        : Number(key);
    const media = jsonMedia(responses[key]?.content);
    if (prefer.example !== undefined && !exampleNames(media?.[1]).includes(prefer.example)) {
      const names = exampleNames(media?.[1]);
      return problem(
        400,
        "No such example in the spec",
        `${route.operation.id} ${key} has ${names.length > 0 ? `the examples ${names.join(", ")}` : "no named examples"}, not ${prefer.example}`,
      );
    }
    if (!media) {
      state?.commit?.(state.overlay);
      return { status, headers: {} };
    }
    const validate = validators.responses[key]?.validate;
    const chosen =
      (state?.status === "found" && state.value !== undefined && fixed(state.value, validate)) ||
      chooseBody({
        document: this.#document,
        media: media[1],
        validate,
        seed,
        ...(prefer.example !== undefined && { exampleName: prefer.example }),
        ...(prefer.dynamic && { dynamic: true }),
        ...(state?.overlay && { overlay: state.overlay }),
      });
    if (!chosen) {
      return problem(
        500,
        "The spec's schema cannot be met",
        `no example of ${route.operation.id} ${key} passes its schema, and no value drawn from the schema did either`,
      );
    }
    if (state?.commit) state.commit(chosen.value);
    return {
      status,
      headers: { "content-type": media[0].includes("json") ? media[0] : "application/json" },
      body: stringifyJson(chosen.value),
    };
  }

  /**
   * What the store says about this request, and what to keep once the answer is chosen. Items are
   * kept per concrete collection path (`/projects/a/keys` apart from `/projects/b/keys`).
   */
  #stateful(
    role: ResourceRole,
    path: string,
    route: Route,
    pathParams: Record<string, unknown>,
    query: Record<string, unknown>,
    body: unknown,
  ): StateOutcome {
    const idField = this.#idField(role.collection, route);
    const bodyFields = isRecord(body) ? body : {};
    const collection =
      role.kind === "create" || role.kind === "list" || role.kind === "replace-by-body"
        ? path
        : path.slice(0, path.lastIndexOf("/"));
    switch (role.kind) {
      case "create": {
        const given = bodyFields[idField];
        // The answer honours the request: the fields its schema declares, or the whole body when it declares none.
        const declared = Object.keys(this.#successProperties(route)).length > 0;
        const fields = declared ? this.#known(route, bodyFields) : bodyFields;
        const overlay = { ...fields, [idField]: given ?? this.#store.freshId() };
        return {
          status: "none",
          overlay,
          commit: (value) => {
            const item = isRecord(value) ? value : overlay;
            this.#store.put(collection, String(item[idField] ?? overlay[idField]), item);
          },
        };
      }
      case "read":
      case "replace":
      case "delete": {
        const id = String(pathParams[role.idParam]);
        const item = this.#store.get(collection, id);
        if (!item && this.#store.touched(collection)) return { status: "missing" };
        if (role.kind === "delete") {
          this.#store.delete(collection, id);
          return { status: "none" };
        }
        if (role.kind === "replace") {
          const overlay = { ...item, ...this.#known(route, bodyFields), [idField]: pathParams[role.idParam] };
          return {
            status: "none",
            overlay,
            commit: (value) => isRecord(value) && this.#store.put(collection, id, value),
          };
        }
        return item
          ? { status: "found", value: item }
          : { status: "none", overlay: { [idField]: pathParams[role.idParam] } };
      }
      case "replace-by-body": {
        const id = bodyFields[idField];
        if (id === undefined) return { status: "none" };
        if (!this.#store.has(collection, String(id)) && this.#store.touched(collection)) {
          return { status: "missing" };
        }
        const overlay = { ...this.#store.get(collection, String(id)), ...this.#known(route, bodyFields) };
        return {
          status: "none",
          overlay,
          commit: (value) => isRecord(value) && this.#store.put(collection, String(id), value),
        };
      }
      case "list": {
        if (!this.#store.touched(collection)) return { status: "none" };
        return { status: "found", value: this.#page(this.#store.list(collection), query, route) };
      }
    }
  }

  /** The fields of a request body that the operation's success answer declares (the answer honours the request). */
  #known(route: Route, fields: Record<string, unknown>): Record<string, unknown> {
    const properties = this.#successProperties(route);
    return Object.fromEntries(Object.entries(fields).filter(([name]) => Object.hasOwn(properties, name)));
  }

  #successProperties(route: Route): Record<string, SampleSchema> {
    const key = successKey(Object.keys(route.spec.responses));
    const schema = key === undefined ? undefined : jsonMedia(route.spec.responses[key]?.content)?.[1].schema;
    return schema ? (flattenSchema(schema, this.#document.resolve).properties ?? {}) : {};
  }

  /** The property of an item that holds its id: the path parameter's own name, else `id`. */
  #idField(collection: string, route: Route): string {
    const read = this.#routes.find((candidate) => {
      const role = this.#roles.get(candidate.operation.id);
      return role?.kind === "read" && role.collection === collection;
    });
    const role = read && (this.#roles.get(read.operation.id) as { idParam: string });
    const properties = this.#successProperties(read ?? route);
    if (role && Object.hasOwn(properties, role.idParam)) return role.idParam;
    return "id";
  }

  /** A list answer of the stored items: the whole answer when it is an array, else in its array property. */
  #page(items: Record<string, unknown>[], query: Record<string, unknown>, route: Route): unknown {
    const limit = numberIn(query, ["limit", "per_page", "pageSize", "page_size", "size"]);
    const offset =
      numberIn(query, ["offset", "skip", "start"]) ??
      (limit !== undefined ? ((numberIn(query, ["page"]) ?? 1) - 1) * limit : undefined);
    const page = items.slice(offset ?? 0, limit === undefined ? undefined : (offset ?? 0) + limit);
    const key = successKey(Object.keys(route.spec.responses));
    const schema = key === undefined ? undefined : jsonMedia(route.spec.responses[key]?.content)?.[1].schema;
    const flat = schema && flattenSchema(schema, this.#document.resolve);
    if (!flat || flat.type === "array" || flat.items !== undefined) return page;
    const arrayProperty = Object.entries(flat.properties ?? {}).find(
      ([, property]) => flattenSchema(property, this.#document.resolve).type === "array",
    );
    return arrayProperty ? { [arrayProperty[0]]: page } : page;
  }

  /** A refusal in the spec's own error shape (its 400, 422, 4XX or default answer), else problem+json. */
  #refusal(route: Route, validators: RestOperationValidators, issues: FieldIssue[]): MockAnswer {
    const words = issues.map((issue) => `${issue.pointer} ${issue.message}`).join("; ");
    const responses = route.spec.responses;
    for (const key of ["400", "422", "4XX", "default"]) {
      if (!Object.hasOwn(responses, key)) continue;
      const media = jsonMedia(responses[key]?.content);
      const validate = validators.responses[key]?.validate;
      if (!media?.[1].schema || !validate) continue;
      const properties = flattenSchema(media[1].schema, this.#document.resolve).properties ?? {};
      const field = MESSAGE_FIELDS.find((name) => Object.hasOwn(properties, name));
      const chosen = chooseBody({
        document: this.#document,
        media: media[1],
        validate,
        seed: this.#seed,
        ...(field && { overlay: { [field]: words } }),
      });
      if (chosen && (field === undefined || (chosen.value as Record<string, unknown>)[field] === words)) {
        const status = key === "4XX" || key === "default" ? 400 : Number(key);
        return { status, headers: { "content-type": media[0] }, body: stringifyJson(chosen.value) };
      }
    }
    return problem(422, "The request does not match the spec", words, { errors: issues });
  }
}

/** A request's checked inputs, with its path as the spec writes paths (no server prefix, no trailing slash). */
interface CheckedInput {
  path: string;
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** What the store says of a request: the item is gone, the answer is the stored value, or the spec answers with what to overlay and keep. */
interface StateOutcome {
  status: "missing" | "found" | "none";
  value?: unknown;
  overlay?: Record<string, unknown>;
  commit?: (value: unknown) => void;
}

function fixed(value: unknown, validate: ((data: unknown) => boolean) | undefined): ChosenBody | undefined {
  return !validate || validate(JSON.parse(stringifyJson(value)))
    ? { value, source: { from: "example" } }
    : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function numberIn(query: Record<string, unknown>, names: string[]): number | undefined {
  for (const name of names) {
    const value = Number(query[name]);
    if (query[name] !== undefined && Number.isInteger(value) && value >= 0) return value;
  }
  return undefined;
}

/** The first success the spec lists (`200` before `201`, then `2XX`), else `default`. */
function successKey(keys: string[]): string | undefined {
  const exact = keys.filter((key) => /^2\d\d$/.test(key)).sort();
  return exact[0] ?? keys.find((key) => key === "2XX") ?? keys.find((key) => key === "default") ?? keys[0];
}

/** The path parts of the spec's server URLs (`/v1`), which a request may carry before an operation's path. */
function serverPaths(document: Record<string, unknown>): string[] {
  const servers = Array.isArray(document.servers) ? (document.servers as { url?: unknown }[]) : [];
  const paths = servers.flatMap((server) => {
    if (typeof server.url !== "string") return [];
    try {
      const path = new URL(server.url.replace(/\{[^}]+\}/g, "x"), "http://localhost").pathname.replace(
        /\/$/,
        "",
      );
      return path === "" ? [] : [path];
    } catch {
      return [];
    }
  });
  return [...new Set(paths)];
}
