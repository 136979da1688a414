import { parseJson } from "../../runtime/json/parse-json.js";
import { stringifyJson } from "../../runtime/json/stringify-json.js";
import type { RpcMethod, RpcMethodValidators } from "../../runtime/operation.js";
import { checkValue } from "../../runtime/validation/field-issues.js";
import { loadedValidators } from "../../runtime/validation/load-validators.js";
import { chooseBody } from "./answer-body.js";
import type { MockAnswer } from "./mock-answer.js";
import { readPrefer } from "./prefer-header.js";
import type { MockRequest } from "./request-checks.js";
import type { MockOptions } from "./rest-mock.js";
import type { SampleSchema } from "./schema-sample.js";
import { type Loose, SpecDocument } from "./spec-document.js";
import { stableSeed } from "./stable-seed.js";

interface MethodSpec {
  name: string;
  params?: { name: string }[];
  result?: { schema?: SampleSchema };
  examples?: { name?: string; result?: { value?: unknown } }[];
  errors?: { code: number; message: string; data?: unknown }[];
}

/**
 * A mock of one OpenRPC spec over HTTP: single calls and batches; params checked with the generated
 * validators (`-32602` naming each param by pointer, `-32601` for a method the spec lacks); results
 * from the method's examples (`Prefer: example=<name>`) or drawn from its result schema, each
 * checked by the generated result validator. `Prefer: code=<n>` answers the error of that code the
 * method lists.
 */
export class RpcMock {
  readonly #document: SpecDocument;
  readonly #methods: Readonly<Record<string, RpcMethod>>;
  readonly #specs = new Map<string, MethodSpec>();
  readonly #seed: number;

  /**
   * @param document - The bundled OpenRPC document.
   * @param methods - The generated descriptors, their validators loaded.
   * @param options - The seed.
   */
  constructor(
    document: Record<string, unknown>,
    methods: Readonly<Record<string, RpcMethod>>,
    options: MockOptions = {},
  ) {
    this.#document = new SpecDocument(document);
    this.#methods = methods;
    this.#seed = options.seed ?? 1;
    for (const raw of (document.methods ?? []) as Loose[]) {
      const method = this.#document.follow(raw) as unknown as MethodSpec;
      this.#specs.set(method.name, {
        ...method,
        params: (method.params ?? []).map((param) => this.#document.follow(param)),
        ...(method.result && { result: this.#document.follow(method.result) }),
        errors: (method.errors ?? []).map((error) => this.#document.follow(error)),
      });
    }
  }

  /**
   * Answers one HTTP request carrying a JSON-RPC call or batch.
   *
   * @param request - The request.
   * @returns The answer (a batch of notifications only answers 204).
   */
  handle(request: MockRequest): MockAnswer {
    if (request.method.toUpperCase() !== "POST") {
      return json(405, {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request: send a POST with a JSON-RPC body" },
      });
    }
    let payload: unknown;
    try {
      payload = parseJson(request.body);
    } catch (error) {
      return json(200, {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32700, message: `Parse error: ${(error as Error).message}` },
      });
    }
    const prefer = readPrefer(request.headers.get("prefer"));
    if (Array.isArray(payload)) {
      if (payload.length === 0)
        return json(200, {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32600, message: "Invalid Request: an empty batch" },
        });
      const answers = payload
        .map((call) => this.#call(call, prefer))
        .filter((answer) => answer !== undefined);
      return answers.length > 0 ? json(200, answers) : { status: 204, headers: {} };
    }
    const answer = this.#call(payload, prefer);
    return answer === undefined ? { status: 204, headers: {} } : json(200, answer);
  }

  #call(call: unknown, prefer: ReturnType<typeof readPrefer>): Loose | undefined {
    if (
      call === null ||
      typeof call !== "object" ||
      (call as Loose).jsonrpc !== "2.0" ||
      typeof (call as Loose).method !== "string"
    ) {
      return {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: 'Invalid Request: give "jsonrpc": "2.0" and a "method"' },
      };
    }
    const { id, method: name, params } = call as { id?: unknown; method: string; params?: unknown };
    const reply = (body: Loose) => (id === undefined ? undefined : { jsonrpc: "2.0", id, ...body });
    const method = Object.hasOwn(this.#methods, name) ? this.#methods[name] : undefined;
    const spec = this.#specs.get(name);
    if (!method || !spec) {
      const known = [...this.#specs.keys()].slice(0, 20).join(", ");
      return reply({
        error: { code: -32601, message: `Method not found: ${name} is not in the spec (it has ${known})` },
      });
    }
    const validators = loadedValidators(method) as RpcMethodValidators;
    const list = Array.isArray(params)
      ? params
      : params === undefined
        ? []
        : (spec.params ?? []).map((param) => (params as Loose)[param.name]);
    // Trailing params a caller left out are not sent as nulls.
    while (list.length > 0 && list[list.length - 1] === undefined) list.pop();
    const issues = checkValue(validators.params, list, "/params");
    if (issues.length > 0) {
      const words = issues.map((issue) => `${issue.pointer} ${issue.message}`).join("; ");
      return reply({ error: { code: -32602, message: `Invalid params: ${words}`, data: { issues } } });
    }
    if (prefer.code !== undefined || (call as Loose).error !== undefined) {
      const listed = (spec.errors ?? []).find((error) => String(error.code) === prefer.code);
      if (listed) return reply({ error: listed });
    }
    const chosen = chooseBody({
      document: this.#document,
      media: { ...(spec.result?.schema && { schema: spec.result.schema }), examples: namedExamples(spec) },
      validate: validators.result,
      seed: stableSeed(this.#seed, name, stringifyJson(list)),
      ...(prefer.example !== undefined && { exampleName: prefer.example }),
      ...(prefer.dynamic && { dynamic: true }),
    });
    if (!chosen) {
      return reply({
        error: {
          code: -32603,
          message: `Internal error: no example or drawn value of ${name}'s result passes its schema`,
        },
      });
    }
    return reply({ result: chosen.value ?? null });
  }
}

function namedExamples(spec: MethodSpec): Record<string, { value?: unknown }> {
  const examples: Record<string, { value?: unknown }> = {};
  (spec.examples ?? []).forEach((example, index) => {
    if (example.result && "value" in example.result)
      examples[example.name ?? `example${index + 1}`] = { value: example.result.value };
  });
  return examples;
}

function json(status: number, value: unknown): MockAnswer {
  return { status, headers: { "content-type": "application/json" }, body: stringifyJson(value) };
}
