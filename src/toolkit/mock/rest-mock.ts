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
    const checked = checkRequest(request, rawPathParams, route.spec, validators, this.#document.resolve);
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
    // A deleted (or never made) resource is a 404 in the spec's own shape: its 404, 4XX or default
    // answer. A spec with none of them lists no answer for it: the read answers from the spec alone.
    const gone = state?.status === "missing" && selectResponse(validators.responses, 404) !== undefined;
    if (gone) key = selectResponse(validators.responses, 404);
    key ??= successKey(Object.keys(responses));
    if (key === undefined) return { status: 204, headers: {} };
    const status = gone
      ? 404
      : key === "default" || /X/.test(key)
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
        ...(state?.reshape && { reshape: state.reshape }),
      });
    if (!chosen) {
      return problem(
        500,
        "The spec's schema cannot be met",
        `no example of ${route.operation.id} ${key} passes its schema, and no value drawn from the schema did either`,
      );
    }
    if (state?.commit) state.commit(chosen.value);
    // A text answer (`text/plain`) is the string itself, not that string as JSON.
    if (/^text\//i.test(media[0])) {
      const text =
        chosen.value === undefined
          ? ""
          : typeof chosen.value === "string"
            ? chosen.value
            : stringifyJson(chosen.value);
      return { status, headers: { "content-type": media[0] }, body: text };
    }
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
    // An answer may wrap its resource under a key (`{ "droplet": {…}, "links": {…} }`).
    const wrapper = this.#wrapperKey(route, idField);
    const itemProperties = this.#itemProperties(route, wrapper);
    const bodyFields = unwrapped(isRecord(body) ? body : {}, wrapper, itemProperties);
    // Only an answer that has the wrapper takes the item (not the `oneOf` branch of many, `{ droplets }`).
    // A kept item goes in as it is; new fields are laid over the answer's own resource.
    const inWrapper =
      (item: Record<string, unknown>, kept = false) =>
      (value: Record<string, unknown>) => {
        const around = value[wrapper as string];
        if (!isRecord(around)) return { [wrapper as string]: item };
        return { ...value, [wrapper as string]: kept ? item : { ...around, ...item } };
      };
    const itemOf = (value: unknown) =>
      wrapper === undefined ? value : isRecord(value) ? value[wrapper] : undefined;
    const collection =
      role.kind === "create" || role.kind === "list" || role.kind === "replace-by-body"
        ? path
        : path.slice(0, path.lastIndexOf("/"));
    switch (role.kind) {
      case "create": {
        const given = bodyFields[idField];
        // The answer honours the request: the fields its schema declares, or the whole body when it declares none.
        const declared = Object.keys(itemProperties).length > 0;
        const fields = declared ? this.#known(itemProperties, bodyFields) : bodyFields;
        const item = { ...fields, [idField]: given ?? this.#store.freshId() };
        return {
          status: "none",
          ...(wrapper === undefined ? { overlay: item } : { reshape: inWrapper(item) }),
          commit: (value) => {
            const kept = itemOf(value);
            const stored = isRecord(kept) ? kept : item;
            this.#store.put(collection, String(stored[idField] ?? item[idField]), stored);
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
        const commit = (value: unknown) => {
          const kept = itemOf(value);
          if (isRecord(kept)) this.#store.put(collection, id, kept);
        };
        if (role.kind === "replace") {
          const replaced = {
            ...item,
            ...this.#known(itemProperties, bodyFields),
            [idField]: pathParams[role.idParam],
          };
          return wrapper === undefined
            ? { status: "none", overlay: replaced, commit }
            : { status: "none", reshape: inWrapper(replaced), commit };
        }
        if (wrapper !== undefined) {
          return item
            ? { status: "none", reshape: inWrapper(item, true) }
            : { status: "none", reshape: inWrapper({ [idField]: pathParams[role.idParam] }) };
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
        const overlay = {
          ...this.#store.get(collection, String(id)),
          ...this.#known(itemProperties, bodyFields),
        };
        return {
          status: "none",
          overlay,
          commit: (value) => isRecord(value) && this.#store.put(collection, String(id), value),
        };
      }
      case "list": {
        if (!this.#store.touched(collection)) return { status: "none" };
        return this.#page(this.#store.list(collection), query, route);
      }
    }
  }

  /**
   * The property an answer wraps its one resource in: none when the answer itself has the id field,
   * else the object property whose schema has it (`droplet` of `{ droplet, links }`), looked for in
   * each `oneOf`/`anyOf` branch too.
   */
  #wrapperKey(route: Route, idField: string): string | undefined {
    for (const properties of this.#successShapes(route)) {
      if (Object.hasOwn(properties, idField)) return undefined;
      const found = Object.entries(properties).find(([, property]) => {
        const flat = flattenSchema(property, this.#document.resolve);
        return (
          flat.type !== "array" && flat.properties !== undefined && Object.hasOwn(flat.properties, idField)
        );
      });
      if (found) return found[0];
    }
    return undefined;
  }

  /** The properties of the resource an answer carries: its own, or those of its wrapper. */
  #itemProperties(route: Route, wrapper: string | undefined): Record<string, SampleSchema> {
    if (wrapper === undefined) return this.#successProperties(route);
    for (const properties of this.#successShapes(route)) {
      const property = properties[wrapper];
      if (property) return flattenSchema(property, this.#document.resolve).properties ?? {};
    }
    return {};
  }

  /** The properties of the success answer's object, one set per `oneOf`/`anyOf` branch (or the one). */
  #successShapes(route: Route): Record<string, SampleSchema>[] {
    const key = successKey(Object.keys(route.spec.responses));
    const schema = key === undefined ? undefined : jsonMedia(route.spec.responses[key]?.content)?.[1].schema;
    if (!schema) return [];
    const flat = flattenSchema(schema, this.#document.resolve);
    const branches = [flat, ...(flat.oneOf ?? []), ...(flat.anyOf ?? [])];
    return branches
      .map((branch) => flattenSchema(branch, this.#document.resolve).properties)
      .filter((properties) => properties !== undefined);
  }

  /**
   * The fields of a request body that the answer's resource declares with a matching type (the
   * answer honours the request; a `region` slug sent where the answer has a region object is not copied).
   */
  #known(properties: Record<string, SampleSchema>, fields: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(fields).filter(
        ([name, value]) =>
          Object.hasOwn(properties, name) &&
          fitsType(value, flattenSchema(properties[name] as SampleSchema, this.#document.resolve)),
      ),
    );
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

  /**
   * A list answer of the stored items: the whole answer when it is an array; else, in an envelope
   * (`{ "droplets": [...], "links": {…}, "meta": { "total": 2 } }`), the page goes in its array
   * property and any `total` count (at the top or in `meta`) says how many exist.
   */
  #page(items: Record<string, unknown>[], query: Record<string, unknown>, route: Route): StateOutcome {
    const limit = numberIn(query, ["limit", "per_page", "pageSize", "page_size", "size"]);
    const offset =
      numberIn(query, ["offset", "skip", "start"]) ??
      (limit !== undefined ? ((numberIn(query, ["page"]) ?? 1) - 1) * limit : undefined);
    const page = items.slice(offset ?? 0, limit === undefined ? undefined : (offset ?? 0) + limit);
    const key = successKey(Object.keys(route.spec.responses));
    const schema = key === undefined ? undefined : jsonMedia(route.spec.responses[key]?.content)?.[1].schema;
    const flat = schema && flattenSchema(schema, this.#document.resolve);
    if (!flat || flat.type === "array" || flat.items !== undefined) return { status: "found", value: page };
    const arrayProperty = Object.entries(flat.properties ?? {}).find(
      ([, property]) => flattenSchema(property, this.#document.resolve).type === "array",
    );
    if (!arrayProperty) return { status: "found", value: page };
    return {
      status: "none",
      reshape: (value) => withTotals({ ...value, [arrayProperty[0]]: page }, items.length),
    };
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
  /** Puts the kept resource (or a page of them) where the answer's envelope holds it. */
  reshape?: (value: Record<string, unknown>) => Record<string, unknown>;
  commit?: (value: unknown) => void;
}

function fixed(value: unknown, validate: ((data: unknown) => boolean) | undefined): ChosenBody | undefined {
  return !validate || validate(JSON.parse(stringifyJson(value)))
    ? { value, source: { from: "example" } }
    : undefined;
}

/** Names a list's envelope gives its count of all items. */
const TOTAL_FIELDS = ["total", "total_count", "totalCount", "count"];

/** The envelope with each count of all items (at its top, or in its `meta`) set to `total`. */
function withTotals(envelope: Record<string, unknown>, total: number): Record<string, unknown> {
  const counted = (object: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(object).map(([name, value]) => [
        name,
        TOTAL_FIELDS.includes(name) && typeof value === "number" ? total : value,
      ]),
    );
  const top = counted(envelope);
  return isRecord(top.meta) ? { ...top, meta: counted(top.meta) } : top;
}

/**
 * A request body that wraps its resource under one key (`{ "droplet": {…} }`) unwrapped: when that
 * key is the answer's wrapper, or is not a field of the resource itself.
 */
function unwrapped(
  body: Record<string, unknown>,
  wrapper: string | undefined,
  itemProperties: Record<string, SampleSchema>,
): Record<string, unknown> {
  const keys = Object.keys(body);
  const only = keys.length === 1 ? (keys[0] as string) : undefined;
  if (only === undefined || !isRecord(body[only])) return body;
  return only === wrapper || !Object.hasOwn(itemProperties, only)
    ? (body[only] as Record<string, unknown>)
    : body;
}

/** Whether a value has one of the JSON types a schema names (any value when it names none). */
function fitsType(value: unknown, schema: SampleSchema): boolean {
  const types = [schema.type ?? []].flat();
  if (types.length === 0) return true;
  const actual =
    value === null
      ? "null"
      : Array.isArray(value)
        ? "array"
        : typeof value === "bigint"
          ? "integer"
          : typeof value === "number"
            ? Number.isInteger(value)
              ? "integer"
              : "number"
            : typeof value;
  return types.includes(actual) || (actual === "integer" && types.includes("number"));
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
